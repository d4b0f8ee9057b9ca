"""R180: adding a card from the Deck (or the GY) to the hand, chosen as the effect resolves;
R181: Ash Blossom & Joyous Spring answers an activation that includes adding from the Deck or
Special Summoning from it; R182: the added card's name locked for the rest of the turn
(Sangan). Test Deck Seeker and Test Grave Seeker are invented Normal Traps that search the
Deck and the GY."""

from __future__ import annotations

from rules_helpers import legal, play_events, write_situation

from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.adding_to_hand import name_locked
from gamebook.rules.state import Player


def _sangan_attacks(tmp_path, deck: tuple[str, ...] = ("kuriboh", "mystic_tomato",  # noqa: ANN001
                                                     "summoned_skull"),
                    a_traps: tuple[str, ...] = ("sakuretsu_armor",),
                    a_hand: tuple[str, ...] = ("ash_blossom_and_joyous_spring",),
                    b_graveyard: tuple[str, ...] = ()) -> Engine:
    """B's Sangan has declared an attack on A's Mystical Elf; A has the Set ``a_traps`` and
    holds ``a_hand``; B's Deck lists ``deck``."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "B",
        "players": {
            "A": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                  "spell_traps": [{"id": f"trap{i}", "card": card, "face_up": False,
                                   "set": "earlier_turn"} for i, card in enumerate(a_traps)],
                  "hand": [{"id": f"held{i}", "card": card} for i, card in enumerate(a_hand)]},
            "B": {"monsters": [{"id": "sangan", "card": "sangan"}],
                  "deck": [{"id": card, "card": card} for card in deck],
                  "graveyard": [{"id": card, "card": card} for card in b_graveyard]}},
        "start": {"moment": "attack_declared", "attacker": "sangan", "target": "elf"},
        "scope": "end_of_battle"}), "seed")


_ARMOR = ["A activate trap0.activate -> sangan", "B pass", "A pass"]


def test_r180_sangan_adds_a_deck_monster_with_1500_or_less_atk(tmp_path):
    eng = _sangan_attacks(tmp_path)
    state, _ = play_events(eng, [*_ARMOR, "B activate sangan.search", "A pass", "B pass"],
                           settle_end=False)
    # Kuriboh (300) and Mystic Tomato (1400) qualify, Summoned Skull (2500) does not
    assert sorted(legal(eng, state)) == ["B select sangan.search -> kuriboh",
                                        "B select sangan.search -> mystic_tomato"]
    state, events = play_events(eng, ["B select sangan.search -> mystic_tomato"], state,
                                settle_end=False)
    assert [card.id for card in state.hand if card.owner.value == "B"] == ["mystic_tomato"]
    assert "mystic_tomato" not in [card.id for card in state.deck]
    assert any(e.kind == "added_to_hand" and e.card == "mystic_tomato" for e in events)


def test_r180_sangan_is_activated_with_no_matching_card_and_adds_nothing(tmp_path):
    eng = _sangan_attacks(tmp_path, deck=("summoned_skull",))
    state, _ = play_events(eng, _ARMOR, settle_end=False)
    assert "B activate sangan.search" in legal(eng, state)  # mandatory: activated anyway
    state, events = play_events(eng, ["B activate sangan.search", "A pass", "B pass"], state)
    assert not [card for card in state.hand if card.owner.value == "B"]
    assert [card.id for card in state.deck] == ["summoned_skull"]
    assert not any(e.kind == "added_to_hand" for e in events)


def test_r181_ash_negates_a_search_and_nothing_is_added(tmp_path):
    eng = _sangan_attacks(tmp_path)
    state, _ = play_events(eng, [*_ARMOR, "B activate sangan.search"], settle_end=False)
    assert "A activate held0.negate" in legal(eng, state)
    state, events = play_events(eng, ["A activate held0.negate", "B pass", "A pass"], state)
    assert any(e.kind == "negated" for e in events)
    assert not any(e.kind == "added_to_hand" for e in events)
    assert [card.id for card in state.graveyard if card.id == "held0"] == ["held0"]  # discarded
    assert not [card for card in state.hand if card.owner.value == "B"]


def test_r181_ash_does_not_answer_a_destruction_nor_an_add_from_the_gy(tmp_path):
    eng = _sangan_attacks(tmp_path, a_traps=("sakuretsu_armor",))
    state, _ = play_events(eng, ["A activate trap0.activate -> sangan", "B pass"],
                           settle_end=False)
    assert "A pass" in legal(eng, state)  # A may chain to its own Sakuretsu Armor,
    assert not [move for move in legal(eng, state) if "held0" in move]  # not Ash: a destruction
    # B's own search from the GY is not one from the Deck (R181)
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": "summoned_skull"}],
                          "hand": [{"id": "ash", "card": "ash_blossom_and_joyous_spring"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "grave", "card": "test_grave_seeker",
                                           "face_up": False, "set": "earlier_turn"}],
                          "graveyard": [{"id": "tomato", "card": "mystic_tomato"}]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "elf"},
        "scope": "end_of_battle"}), "seed")
    state, _ = play_events(eng, ["A pass", "B activate grave.activate"], settle_end=False)
    assert "A activate ash.negate" not in legal(eng, state)
    state, _ = play_events(eng, ["A pass", "B pass"], state, settle_end=False)
    assert state.in_hand("tomato") is not None and state.in_graveyard("tomato") is None


def test_r181_ash_is_once_per_turn_by_name(tmp_path):
    eng = _sangan_attacks(tmp_path, a_traps=("sakuretsu_armor",),
                          a_hand=("ash_blossom_and_joyous_spring",) * 2)
    state, _ = play_events(eng, [*_ARMOR, "B activate sangan.search", "A activate held0.negate",
                                 "B pass", "A pass"], settle_end=False)
    # a second search in the same turn: A's Test Deck Seeker answered by nobody's Ash
    eng2 = Engine(write_situation(tmp_path, {
        "turn_player": "B",
        "players": {"A": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "hand": [{"id": "ash1", "card": "ash_blossom_and_joyous_spring"},
                                   {"id": "ash2", "card": "ash_blossom_and_joyous_spring"}]},
                    "B": {"monsters": [{"id": "sangan", "card": "sangan"}],
                          "spell_traps": [{"id": f"seek{i}", "card": "test_deck_seeker",
                                           "face_up": False, "set": "earlier_turn"}
                                          for i in (1, 2)],
                          "deck": [{"id": "kuriboh", "card": "kuriboh"}]}},
        "start": {"moment": "attack_declared", "attacker": "sangan", "target": "elf"},
        "scope": "end_of_battle"}), "seed")
    state, _ = play_events(eng2, ["B activate seek1.activate"], settle_end=False)
    assert "A activate ash1.negate" in legal(eng2, state)
    state, _ = play_events(eng2, ["A activate ash1.negate", "B pass", "A pass"], state,
                           settle_end=False)
    state, _ = play_events(eng2, ["B activate seek2.activate"], state, settle_end=False)
    moves = legal(eng2, state)
    assert "A activate ash2.negate" not in moves  # the name's one use is spent
    assert not any(move.startswith("A activate") for move in moves)


def test_r182_the_added_card_cannot_be_activated_for_the_rest_of_the_turn(tmp_path):
    eng = _sangan_attacks(tmp_path, deck=("kuriboh",), a_hand=())
    state, events = play_events(eng, [*_ARMOR, "B activate sangan.search", "A pass", "B pass"])
    assert any(e.kind == "name_locked" for e in events)
    assert [card.id for card in state.hand if card.owner.value == "B"] == ["kuriboh"]
    assert name_locked(state, Player.B, "kuriboh")
    assert not name_locked(state, Player.A, "kuriboh")  # the other player is not bound
    assert not name_locked(state, Player.B, "mystic_tomato")


def test_r180_a_card_added_to_the_hand_answers_from_there(tmp_path):
    # B's Test Deck Seeker adds Test Found Spirit: its trigger answers from the hand
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "B",
        "players": {"A": {"monsters": [{"id": "elf", "card": "mystical_elf"}]},
                    "B": {"monsters": [{"id": "sangan", "card": "sangan"}],
                          "spell_traps": [{"id": "seek", "card": "test_deck_seeker",
                                           "face_up": False, "set": "earlier_turn"}],
                          "deck": [{"id": "spirit", "card": "test_found_spirit"}]}},
        "start": {"moment": "attack_declared", "attacker": "sangan", "target": "elf"},
        "scope": "end_of_battle"}), "seed")
    state, _ = play_events(eng, ["B activate seek.activate", "A pass", "B pass"],
                           settle_end=False)
    assert state.in_hand("spirit") is not None
    assert "B activate spirit.sting" in legal(eng, state)  # once the chain is over
    state, _ = play_events(eng, ["B activate spirit.sting", "A pass", "B pass"], state,
                           settle_end=False)
    assert state.lp == (7700, 8000)


def test_r182_a_card_added_by_sangan_cannot_answer_its_own_addition(tmp_path):
    eng = _sangan_attacks(tmp_path, deck=("test_found_spirit",), a_hand=())
    state, _ = play_events(eng, [*_ARMOR, "B activate sangan.search", "A pass", "B pass"])
    assert state.in_hand("test_found_spirit") is not None
    assert state.lp == (8000, 8000)  # its trigger was never activated: the name is locked


def _colossus_attacks(tmp_path) -> Engine:  # noqa: ANN001
    """A's Thunder Dragon Colossus has declared an attack on B's Sangan; B's Deck lists
    Kuriboh and Mystic Tomato, B's GY a Kuriboh."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "colossus", "card": "thunder_dragon_colossus"}]},
            "B": {"monsters": [{"id": "sangan", "card": "sangan"}],
                  "deck": [{"id": "kuriboh", "card": "kuriboh"},
                           {"id": "tomato", "card": "mystic_tomato"}]}},
        "start": {"moment": "attack_declared", "attacker": "colossus", "target": "sangan"},
        "scope": "end_of_battle"}), "seed")


def test_r184_while_colossus_is_face_up_a_search_adds_nothing_from_the_deck(tmp_path):
    eng = _colossus_attacks(tmp_path)
    state, _ = play_events(eng, ["A pass", "B pass"], settle_end=False)
    while "B activate sangan.search" not in legal(eng, state):
        state, _ = play_events(eng, [legal(eng, state)[0]], state, settle_end=False)
    # Sangan's mandatory search is activated and resolves, and no Deck card is offered
    state, events = play_events(eng, ["B activate sangan.search", "A pass", "B pass"], state,
                                settle_end=False)
    assert not any(line.startswith("B select") for line in legal(eng, state))
    assert not [card for card in state.hand if card.owner is Player.B]
    assert sorted(card.id for card in state.deck) == ["kuriboh", "tomato"]
    assert not any(e.kind == "added_to_hand" for e in events)
    # and the book says why: the lock, not "no card matches"
    assert [e.get("why") for e in events if e.kind == "not_applied"] == ["cannot_add_from_deck"]


def test_r184_the_lock_is_the_colossus_opponents_only(tmp_path):
    from gamebook.cards.model import PlayerAbility
    from gamebook.rules.protection import ability_source

    eng = _colossus_attacks(tmp_path)
    state = eng.start().state
    lock = PlayerAbility.CANNOT_ADD_FROM_DECK
    assert ability_source(eng.rules, state, Player.B, lock) == "colossus"
    assert ability_source(eng.rules, state, Player.A, lock) is None

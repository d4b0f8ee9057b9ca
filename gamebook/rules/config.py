"""Rules presets: named readings of the rules where the sources disagree (docs/rules.md: R23)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesConfig:
    """Flags of one rules reading.

    ``decline_counts_as_pass``: a player's decision not to activate their optional trigger is a
    pass of priority (the reading of the 2021 walkthrough of the model battle, R23). When
    false (Konami's flowchart reading) the trigger stages S1-S6 are settled first by
    "activate/decline" decisions that are not passes; then priority goes to the opponent of
    the controller of the last chain link, or to the turn player if no trigger was activated.
    """

    name: str
    decline_counts_as_pass: bool
    description: str


PRESETS: dict[str, RulesConfig] = {
    "seed": RulesConfig(
        name="seed",
        decline_counts_as_pass=True,
        description="the model walkthrough's reading of R:event_window: declining one's "
                    "optional trigger is a pass of priority",
    ),
    "flowchart": RulesConfig(
        name="flowchart",
        decline_counts_as_pass=False,
        description="Konami's timing flowchart, the second reading of R:event_window: trigger "
                    "stages are settled first; then the opponent of the last chain link's "
                    "controller gets priority",
    ),
}

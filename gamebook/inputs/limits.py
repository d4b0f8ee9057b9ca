"""Input limits: how big and how deep an input file may be before it is refused.

Every input file (situation, card, timeline, walkthrough) is read through
:func:`gamebook.inputs.files.read_input` and every YAML document through
:func:`gamebook.inputs.yamlsrc.parse_yaml`, which enforce these limits. A limit that is exceeded is
one line naming the file (and the line, where there is one) and the limit, exit code 2,
found fast and in bounded memory: the file is never read past ``max_input_bytes`` and a YAML
document is never expanded past ``max_nodes``.

The command line may raise the file size limit (``--max-input-bytes``); the others are
fixed, and far above what any real situation or card needs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Limits:
    max_input_bytes: int = 2_000_000  # one input file; a situation is ~1 KB, a book ~100 KB
    max_aliases: int = 100  # YAML alias uses (*name) in one document
    max_nodes: int = 100_000  # YAML values in one document, aliases expanded
    max_depth: int = 40  # nesting of YAML mappings and sequences
    max_int_digits: int = 15  # digits of one integer (LP, ATK, amounts: far fewer)
    max_string_chars: int = 10_000  # characters of one YAML string (a title, a label)


DEFAULT = Limits()
_current = DEFAULT


def current() -> Limits:
    """The limits in force (the defaults unless :func:`configure` changed them)."""
    return _current


def configure(**changes: int) -> Limits:
    """Set limits for this process (the CLI calls it with its options); returns the old ones."""
    global _current
    old = _current
    _current = replace(DEFAULT, **changes)
    return old


def restore(limits: Limits) -> None:
    global _current
    _current = limits

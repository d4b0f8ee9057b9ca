"""The situation: the battle a user asks about, as data (:mod:`~gamebook.situation.model`)
and as a file read safely and validated against the cards (:mod:`~gamebook.situation.load`).

It sits above the cards and below the rules engine, which starts from a :class:`Situation`.
"""

from gamebook.situation.load import load_situation
from gamebook.situation.model import Situation

__all__ = ["Situation", "load_situation"]

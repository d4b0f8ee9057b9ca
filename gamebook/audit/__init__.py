"""Audits: every branch of an exploration terminates, and hand-written walkthroughs hold up.

- :mod:`~gamebook.audit.graphcheck`: the structural checks both share (reachability, dead
  ends, cycles without an ending, longest path, statistics);
- :mod:`~gamebook.audit.report`: the audit of an exploration (``gamebook audit``, audit.json);
- :mod:`~gamebook.audit.checkbook`: reading and checking a hand-written walkthrough (the
  ``check-book`` command itself is :mod:`gamebook.cli.checkbook`).
"""

from gamebook.audit.report import audit

__all__ = ["audit"]

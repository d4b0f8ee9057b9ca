"""Every timeline under ``tests/stats_cases/`` replayed step by step.

Each file carries ``case: {id, status, reason}``. ``verified`` files are the ✔ cases of
``reference/atk_examples.md``; ``option_dependent`` and ``open_inputs`` files must pass as
written (their reason says which option or which chosen input); ``expected_failure`` files hold
the seed's numbers that the model does not reproduce, and must keep failing (strict xfail).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamebook.stats import load_timeline, replay_timeline

CASES = Path(__file__).parent / "stats_cases"
EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "reference" / "atk_examples.md"
FILES = sorted(CASES.glob("*.yaml"))


def _param(path: Path):  # noqa: ANN202
    _, spec = load_timeline(path)
    assert spec.case is not None, f"{path.name}: every case file names its case"
    marks = []
    if spec.case.status == "expected_failure":
        assert spec.case.reason, f"{path.name}: an expected failure needs a reason"
        marks.append(pytest.mark.xfail(reason=spec.case.reason.strip(), strict=True))
    return pytest.param(path, id=path.stem, marks=marks)


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_stats_case(path: Path) -> None:
    located, spec = load_timeline(path)
    result = replay_timeline(located, spec)
    expectations = sum(len(step.expect or {}) for step in spec.steps)
    assert expectations, "a case checks at least one step"
    problems = [f"step {m.step} (line {m.line}): {m.monster} {m.key} = {m.actual}, "
                f"expected {m.expected}" for m in result.mismatches]
    assert not problems, "\n".join(problems)


def _statuses() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in FILES:
        _, spec = load_timeline(path)
        assert spec.case is not None
        found.setdefault(spec.case.id, set()).add(spec.case.status)
    return found


def _marked(mark: str) -> list[str]:
    if not EXAMPLES.exists():
        pytest.skip("reference/atk_examples.md is not next to the repository")
    text = EXAMPLES.read_text(encoding="utf-8")
    return re.findall(rf"^### (E\d+) — .*{mark}", text, flags=re.MULTILINE)


def test_every_verified_example_has_a_passing_timeline() -> None:
    verified = _marked("✔")
    assert len(verified) == 30
    statuses = _statuses()
    missing = [case for case in verified if "verified" not in statuses.get(case, set())]
    assert not missing


def test_every_flagged_example_is_documented() -> None:
    flagged = _marked("⚑")
    statuses = _statuses()
    for case in flagged:
        assert statuses.get(case, set()) & {"expected_failure", "option_dependent"}, case

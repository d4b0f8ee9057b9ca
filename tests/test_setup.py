"""What each set-up command installs, read without installing anything.

``scripts/example.sh`` (build the examples) must not pull in a browser: it needs Graphviz and
a CJK font. ``scripts/test.sh`` adds Chromium and its driver for the browser test and gettext
for the catalog check. Each script's call of ``scripts/setup.sh`` is run with
``--list-system-packages``, which prints the system packages that call would install and does
nothing else (no venv, no apt-get).
"""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETUP_CALL = re.compile(r"^\s*bash scripts/setup\.sh\b(.*)$", re.MULTILINE)
BROWSERS = re.compile(r"chrom|firefox|browser|webkit|epiphany|selenium|geckodriver", re.I)


def packages_of(script: str) -> list[str]:
    """The system packages the set-up call of ``scripts/<script>`` would install."""
    calls = SETUP_CALL.findall((ROOT / "scripts" / script).read_text(encoding="utf-8"))
    assert len(calls) == 1, f"{script}: expected one call of scripts/setup.sh, got {calls}"
    arguments = shlex.split(calls[0])
    result = subprocess.run(["bash", "scripts/setup.sh", *arguments, "--list-system-packages"],
                            cwd=ROOT, capture_output=True, text=True, timeout=30, check=True)
    return result.stdout.split()


def test_the_example_script_installs_graphviz_and_a_cjk_font_and_no_browser():
    packages = packages_of("example.sh")
    assert packages == ["graphviz", "fonts-noto-cjk"]
    assert not [name for name in packages if BROWSERS.search(name)]


def test_the_test_script_adds_chromium_and_its_driver_and_gettext():
    """Chromium and its driver for the browser test, gettext's msgfmt for the catalog check."""
    assert packages_of("test.sh") == ["graphviz", "fonts-noto-cjk", "chromium",
                                      "chromium-driver", "gettext"]


def test_ci_runs_the_test_script():
    assert "bash scripts/test.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_setup_installs_only_what_its_set_wants():
    """apt-get is given the missing packages, and only a wanted package can be missing."""
    text = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
    assert re.findall(r"apt_get install[^\n]*", text) == ['apt_get install -y -qq "${missing[@]}"']
    loop = text[text.index('for package in "${wanted_packages[@]}"'):]
    loop = loop[:loop.index("\ndone\n")]
    assert text.count("missing+=(") == loop.count("missing+=(")


def test_an_unknown_argument_is_refused():
    result = subprocess.run(["bash", "scripts/setup.sh", "--browser"], cwd=ROOT,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and "unknown argument --browser" in result.stderr

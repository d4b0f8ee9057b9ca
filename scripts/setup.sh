#!/usr/bin/env bash
# Set up a fresh machine for gamebook: a virtual environment in .venv with the package and
# its test tools (pytest, Pillow for measuring diagrams, Selenium for the browser test), and
# system packages (installed with apt-get when we are root):
#
#   bash scripts/setup.sh           Graphviz and a CJK font: what building books needs
#                                   (scripts/example.sh)
#   bash scripts/setup.sh --tests   those, Chromium with its driver for the browser test and
#                                   gettext's msgfmt for the catalog check (scripts/test.sh)
#   add --list-system-packages      print the system packages that set would install, one a
#                                   line, and do nothing else (tests/test_setup.py reads it)
#
# Safe to run again: it only does what is missing. pip runs only when pyproject.toml changed
# since the last install (the package is installed in editable mode, so code changes need
# no reinstall; its .pyc files are compiled every time, which is quick); apt-get waits for
# another package manager to finish instead of failing.
set -euo pipefail
cd "$(dirname "$0")/.."

tests=no
list=no
for argument in "$@"; do
  case "$argument" in
    --tests) tests=yes ;;
    --list-system-packages) list=yes ;;
    *) echo "setup: unknown argument $argument (expected --tests, --list-system-packages)" >&2
       exit 2 ;;
  esac
done
# The system packages: Graphviz's `dot` and a CJK font (the zh-Hant, zh-Hans and ja diagrams
# are empty boxes without one) for every book; Chromium with its WebDriver only for
# tests/test_browser.py, and gettext only for tests/test_catalogs.py, whose msgfmt --check
# rejects a malformed catalog that Babel reads past (Debian's packages; nothing is downloaded
# by pip).
wanted_packages=(graphviz fonts-noto-cjk)
if [ "$tests" = yes ]; then
  wanted_packages+=(chromium chromium-driver gettext)
fi
if [ "$list" = yes ]; then
  printf '%s\n' "${wanted_packages[@]}"
  exit 0
fi

PYTHON=${PYTHON:-python3}
STAMP=.venv/.gamebook-installed
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
fi
wanted="$(.venv/bin/python --version) $(cksum < pyproject.toml)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$wanted" ] \
    && .venv/bin/python -c "import gamebook, pytest, hypothesis, PIL, selenium, babel" 2>/dev/null \
    && [ -x .venv/bin/ruff ]; then
  echo "setup: .venv is up to date (pyproject.toml unchanged)"
else
  echo "setup: installing gamebook and its test tools into .venv"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
  echo "$wanted" > "$STAMP"
fi
# Compile the package's .pyc files, as pip does for a regular install but not for an editable
# one: Python writes them itself on first import, except where it may not (read-only
# checkouts, PYTHONDONTWRITEBYTECODE), where every command would compile the package again,
# about half as much work again as a whole audit. Quick when they are up to date.
.venv/bin/python -m compileall -q gamebook

# apt-get, waiting up to 5 minutes while another apt/dpkg holds the lock.
apt_get() {
  local attempt output
  for attempt in $(seq 60); do
    if output=$(DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=5 "$@" 2>&1); then
      return 0
    fi
    if ! grep -qi "lock" <<<"$output"; then
      echo "$output" >&2
      return 1
    fi
    if [ "$attempt" = 1 ]; then
      echo "setup: another package manager is running; waiting for it to finish" >&2
    fi
    sleep 5
  done
  echo "setup: the package manager stayed busy for 5 minutes; run scripts/setup.sh again" >&2
  return 1
}

# Which of the wanted system packages are missing.
missing=()
for package in "${wanted_packages[@]}"; do
  case "$package" in
    graphviz) command -v dot >/dev/null 2>&1 || missing+=(graphviz) ;;
    fonts-noto-cjk)
      if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh-tw family 2>/dev/null)" ]; then
        missing+=(fonts-noto-cjk)
      fi ;;
    chromium) command -v chromium >/dev/null 2>&1 || missing+=(chromium) ;;
    chromium-driver) command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver) ;;
    gettext) command -v msgfmt >/dev/null 2>&1 || missing+=(gettext) ;;
  esac
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing ${missing[*]} (apt-get install)"
    apt_get update -qq
    apt_get install -y -qq "${missing[@]}"
  else
    echo "setup: missing system packages: ${missing[*]}." >&2
    echo "       Without graphviz, diagrams are written as graph.dot only; without" >&2
    echo "       fonts-noto-cjk, Chinese and Japanese diagrams show empty boxes; without" >&2
    echo "       chromium and chromium-driver (scripts/setup.sh --tests), the browser test" >&2
    echo "       is skipped; without gettext, the msgfmt check of the catalogs is skipped." >&2
    echo "       Install them with your package manager (e.g. sudo apt-get install ${missing[*]})." >&2
  fi
fi

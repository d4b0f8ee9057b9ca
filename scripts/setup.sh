#!/usr/bin/env bash
# Set up a fresh machine for gamebook: a virtual environment in .venv with the package and
# its test tools, and Graphviz's `dot` program (installed with apt-get when we are root).
# Safe to run again: it only does what is missing. pip runs only when pyproject.toml changed
# since the last install (the package is installed in editable mode, so code changes need
# no reinstall); apt-get waits for another package manager to finish instead of failing.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
STAMP=.venv/.gamebook-installed
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
fi
wanted="$(.venv/bin/python --version) $(cksum < pyproject.toml)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$wanted" ] \
    && .venv/bin/python -c "import gamebook, pytest, hypothesis" 2>/dev/null \
    && [ -x .venv/bin/ruff ]; then
  echo "setup: .venv is up to date (pyproject.toml unchanged)"
else
  echo "setup: installing gamebook and its test tools into .venv"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
  echo "$wanted" > "$STAMP"
fi

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

if ! command -v dot >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Graphviz (apt-get install graphviz)"
    apt_get update -qq
    apt_get install -y -qq graphviz
  else
    echo "setup: Graphviz's 'dot' is missing; diagrams will be written as graph.dot only." >&2
    echo "       Install it with your package manager (e.g. sudo apt-get install graphviz)." >&2
  fi
fi

#!/usr/bin/env bash
# Set up a fresh machine for gamebook: a virtual environment in .venv with the package and
# its test tools, and Graphviz's `dot` program (installed with apt-get when we are root).
# Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
fi
echo "setup: installing gamebook and its test tools into .venv"
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

if ! command -v dot >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Graphviz (apt-get install graphviz)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null
  else
    echo "setup: Graphviz's 'dot' is missing; diagrams will be written as graph.dot only." >&2
    echo "       Install it with your package manager (e.g. sudo apt-get install graphviz)." >&2
  fi
fi

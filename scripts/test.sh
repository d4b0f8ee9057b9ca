#!/usr/bin/env bash
# Set up (with the browser the browser test drives), then run the linter and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --tests
bash scripts/reference-engine.sh
.venv/bin/ruff check gamebook tests benchmarks
.venv/bin/python -m pytest "$@"

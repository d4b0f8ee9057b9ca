#!/usr/bin/env bash
# Set up, then build the example books: examples/*.yaml -> output/<name>/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
for situation in examples/*.yaml; do
  .venv/bin/gamebook build "$situation"
done

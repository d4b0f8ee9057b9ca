#!/usr/bin/env bash
# Set up (Graphviz and a CJK font; no browser), then build the example books: examples/*.yaml -> output/<name>/, and the
# teaching article of the model battle (English and Traditional Chinese) beside its book.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
for situation in examples/*.yaml; do
  .venv/bin/gamebook build "$situation"
done
model=examples/borrelsword_linkuriboh.yaml
.venv/bin/gamebook build "$model" --lang zh-Hant
.venv/bin/gamebook article "$model" --compare-rules
.venv/bin/gamebook article "$model" --compare-rules --lang zh-Hant

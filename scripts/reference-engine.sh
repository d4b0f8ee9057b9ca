#!/usr/bin/env bash
# Build the reference engine (EDOPro) that tests/test_reference_engine.py compares every
# example with, when its instrument lies beside the checkout (shared/oracle/ next to it, or
# next to a folder above it, as for a git worktree). The first build installs its Debian
# packages (as root) and compiles for a few minutes; later runs return at once. A checkout
# without it does nothing here, and a failed build is one line: the test then skips, it
# never fails the suite by itself.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=$(pwd)
while [ "$dir" != "/" ]; do
  dir=$(dirname "$dir")
  if [ -f "$dir/shared/oracle/build.sh" ]; then
    mkdir -p build
    if ! bash "$dir/shared/oracle/build.sh" > build/reference-engine-build.log 2>&1; then
      echo "reference engine: the build failed (build/reference-engine-build.log); tests/test_reference_engine.py will skip"
    fi
    exit 0
  fi
done
exit 0

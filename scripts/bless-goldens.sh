#!/usr/bin/env bash
# Re-renders every golden image from the current build and shows which ones changed.
#   scripts/bless-goldens.sh
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh" "$here/build"
cd "$here/build"
SKINVIEW_BLESS=1 ctest -L screenshot --output-on-failure -j1 >/dev/null || true
cd "$here"
echo "Goldens changed by this bless (git diff --stat tests/golden):"
git status --short tests/golden
git diff --stat -- tests/golden

#!/usr/bin/env bash
# Re-renders every golden image and its joint sidecar from the current build and shows which ones
# changed. Look at every PNG it lists before committing: a bless makes whatever was drawn the truth.
#   scripts/bless-goldens.sh
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh" "$here/build"
cd "$here/build"
SKINVIEW_BLESS=1 ctest -L screenshot --output-on-failure -j1 >/dev/null || true
# The suites bless themselves (their negative controls are skipped: their goldens are other entries').
for suite in "$here"/tests/screenshot/suites/*.suite.json; do
  viewer/skinview suite "$suite" --path shared="$here/../shared/assets" --path khronos="$here/../shared/khronos" --bless --out test-output/suites/bless >/dev/null || status=1
done
# The blessed goldens must now pass, and every negative control must fail them again.
if ! ctest -L screenshot -j1 >/dev/null; then
  echo "bless: the suite does not pass against the goldens just written (a control passes, or a golden is unstable):"
  ctest -L screenshot -j1 --output-on-failure | grep -E "Failed|MISMATCH|passed its golden" || true
  status=1
fi
cd "$here"
echo "Goldens changed by this bless (PNG and .joints.json):"
git status --short tests/golden
git diff --stat -- tests/golden
exit "${status:-0}"

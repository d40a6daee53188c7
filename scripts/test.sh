#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, and runs the whole suite through ctest.
#   scripts/test.sh [ctest args...]      e.g. scripts/test.sh -L unit
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build="$here/build"
"$here/scripts/setup.sh" "$build" -DSKINVIEW_WERROR=ON
cd "$build"
# Tests that open a window need a display; xvfb-run supplies one on a machine without.
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  exec xvfb-run -a -s "-screen 0 1920x1080x24" ctest --output-on-failure -j2 "$@"
fi
exec ctest --output-on-failure -j2 "$@"

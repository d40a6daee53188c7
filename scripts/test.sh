#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, and runs the whole suite through ctest.
#   scripts/test.sh [ctest args...]      e.g. scripts/test.sh -L unit
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build="$here/build"
"$here/scripts/setup.sh" "$build" -DSKINVIEW_WERROR=ON
cd "$build"
# Tests that open a window need a display; xvfb-run supplies one on a machine without.
# -noreset: by default an X server resets when its last client disconnects, and a viewer test
# that connects during that reset fails to open the display (seen in CI: "GLFW could not
# initialise the display" on one test of 66). One server for the whole run must stay up.
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  exec xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" ctest --output-on-failure -j2 "$@"
fi
exec ctest --output-on-failure -j2 "$@"

#!/usr/bin/env bash
# Installs what is missing, builds, and opens the viewer on the built-in character (or FILE).
# Without a display it says so and writes the headless screenshot (skinview.png) and the audit.
#   scripts/run.sh [FILE] [skinview options...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh" --viewer "$here/build"
exec "$here/build/viewer/skinview" "$@"

#!/usr/bin/env bash
# The README's pictures, made by the project's own renderer from the built-in character:
#   docs/images/correction-off.png, correction-on.png   `skinview render`, the same pinned camera
#   docs/images/viewer.png                               the viewer under Xvfb, Frame tab open
#   scripts/readme-images.sh [BUILD_DIR]    (default build/; needs xvfb-run for the viewer's)
# Both renders use the camera framed on the corrected character (read from its sidecar), so the two
# pictures show the same frame of the walk from the same place and differ only by the correction.
# Look at the three before committing them.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" && pwd)
skinview="$build/viewer/skinview"
out="$here/docs/images"
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export SKINVIEW_EGL_PLATFORM=${SKINVIEW_EGL_PLATFORM:-surfaceless}

"$skinview" render -o "$scratch/on.png" --size 400x300 --time 0.5 --sidecar >/dev/null
camera=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["view"]["camera"])' "$scratch/on.joints.json")
"$skinview" render -o "$out/correction-on.png" --size 400x300 --time 0.5 --camera "$camera" >/dev/null
"$skinview" render -o "$out/correction-off.png" --size 400x300 --time 0.5 --camera "$camera" \
  --correction off >/dev/null
xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" \
  "$skinview" --frames 40 --window 1024 --tab frame --screenshot "$out/viewer.png" >/dev/null
ls -l "$out"/*.png

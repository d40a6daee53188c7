#!/usr/bin/env bash
# The per-model comparison with the Khronos glTF Sample Renderer, in one command: installs the
# harness (scripts/install-khronos-reference.sh), writes the procedural sky as an .hdr with
# `skinview write-sky`, renders every job of jobs.json with the Khronos renderer (harness.js, one
# page, the environment prefiltered once) and prints khronos_compare's table (markdown).
#
#   tests/khronos_reference/compare.sh [BUILD_DIR] [--reference] [JOB...]
#
# --reference: compare with the committed renders in reference/ instead of rendering afresh (no
# Chromium needed; about 45 s). Diff images and skinview's renders go to BUILD_DIR/khronos/diff.
# JOB...: only the jobs named (their rows alone). Exit status 1 while any job cannot be compared
# (its row says why).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-"$root/build"}
shift || true
mode=
if [ "${1:-}" = "--reference" ]; then
  mode=--reference
  shift
fi
cmake --build "$build" -j2 --target skinview khronos_compare skinview_make_assets >&2
work="$build/khronos"
mkdir -p "$work/diff"
cd "$root"  # jobs.json names files relative to the repository root
# The files the asset builder writes for the jobs under generated/ (check-references.sh says which).
mkdir -p "$here/generated"
"$build/anim/skinview_make_assets" "$here/generated" --khronos >/dev/null
jobs="$here/jobs.json"
if [ $# -gt 0 ]; then
  jobs="$work/jobs.json"
  node -e 'const j=require(process.argv[1]);const want=process.argv.slice(3);
    const sel=j.filter(x=>want.includes(x.name));
    if(sel.length!==want.length){console.error("compare: no such job among "+want);process.exit(1);}
    require("fs").writeFileSync(process.argv[2],JSON.stringify(sel));' \
    "$here/jobs.json" "$jobs" "$@"
fi
if [ "$mode" = "--reference" ]; then
  khronos="$here/reference"
else
  "$root/scripts/install-khronos-reference.sh" >/dev/null
  "$build/viewer/skinview" write-sky -o "$work/sky.hdr" --size 1024x512 >&2
  # The same reduced prefilter as the committed references (check-references.sh says why).
  node "$here/harness.js" --jobs "$jobs" --env "$work/sky.hdr" --out "$work/khronos" --size 640x480 \
    --ibl 128,512,1024,64,256 >&2
  khronos="$work/khronos"
fi
"$build/tests/khronos_compare" --jobs "$jobs" --khronos "$khronos" --size 640x480 --diff "$work/diff" --markdown

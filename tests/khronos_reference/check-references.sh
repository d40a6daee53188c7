#!/usr/bin/env bash
# CI: proves the committed Khronos renders (reference/) are current by rendering a few jobs afresh
# with the pinned renderer, environment and cameras and holding them against the committed files
# (same-pngs.js). About a minute and a half on a 2-core machine, most of it the prefilter.
#
#   tests/khronos_reference/check-references.sh [BUILD_DIR] [JOB...]
#
# Regenerate all of them (after changing jobs.json, the sky, the pins or IBL below), or only the
# jobs named (new jobs: the others' files stay as they are):
#   tests/khronos_reference/check-references.sh BUILD_DIR --regenerate [JOB...]
#
# Jobs whose file is under generated/ render files skinview's asset builder writes
# (`skinview_make_assets generated --khronos`: the KHR_animation_pointer and diffuse transmission
# fixtures); this script and compare.sh write them afresh before each run (git ignores the folder).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-"$root/build"}
shift || true
# The renderer's prefilter, reduced (harness.js --ibl): a 128 cube, 512 GGX, 1024 Lambertian and 64
# Charlie samples, 256^2 LUTs, instead of 1.1.0's 256 / 1024 / 2048 / 64 / 1024^2, which takes
# over four minutes of SwiftShader on a loaded 2-core machine. The cube is still finer than
# skinview's 128 x 64 atlas, and each sample is mip-filtered, so the figures move by little:
# measured against the full prefilter on SheenChair, MetalRoughSpheresNoTextures,
# TransmissionRoughnessTest, LightsPunctualLamp and ClearCoatTest (508 s for the full one here),
# within 8/255 moves by at most 0.3 point, within 16/255 by at most 0.1, the mean by 0.3/255.
ibl=128,512,1024,64,256
jobs=("$@")
# The three generated jobs add under a second each (they also hold the asset builder's files to
# their committed renders).
[ ${#jobs[@]} -gt 0 ] || jobs=(Duck CesiumMan_t1 MetalRoughSpheresNoTextures AnimationPointer_1.25s DiffuseTransmissionSpheres
  SheenSpheres)
"$root/scripts/install-khronos-reference.sh" >/dev/null
cmake --build "$build" -j2 --target skinview skinview_make_assets >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"  # jobs.json names files relative to the repository root
mkdir -p "$here/generated"
"$build/anim/skinview_make_assets" "$here/generated" --khronos >/dev/null
"$build/viewer/skinview" write-sky -o "$work/sky.hdr" --size 1024x512 >/dev/null
# The jobs named, as a job list in $work/jobs.json.
select_jobs() {
  node -e 'const j=require(process.argv[1]);const want=process.argv.slice(3);
    const sel=j.filter(x=>want.includes(x.name));
    if(sel.length!==want.length){console.error("check-references: no such job among "+want);process.exit(1);}
    require("fs").writeFileSync(process.argv[2],JSON.stringify(sel));' \
    "$here/jobs.json" "$work/jobs.json" "$@"
}
if [ "${jobs[0]}" = "--regenerate" ]; then
  if [ ${#jobs[@]} -gt 1 ]; then
    select_jobs "${jobs[@]:1}"
    node "$here/harness.js" --jobs "$work/jobs.json" --env "$work/sky.hdr" --out "$here/reference" --size 640x480 --ibl "$ibl"
  else
    node "$here/harness.js" --jobs "$here/jobs.json" --env "$work/sky.hdr" --out "$here/reference" --size 640x480 --ibl "$ibl"
  fi
  exit 0
fi
select_jobs "${jobs[@]}"
node "$here/harness.js" --jobs "$work/jobs.json" --env "$work/sky.hdr" --out "$work/out" --size 640x480 --ibl "$ibl"
status=0
for j in "${jobs[@]}"; do
  node "$here/same-pngs.js" "$here/reference/$j.png" "$work/out/$j.png" || status=1
done
exit $status

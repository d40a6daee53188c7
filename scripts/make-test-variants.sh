#!/usr/bin/env bash
# Writes the compressed variants of the project's own characters that the importer tests read
# (tests/data/variants/), with glTF Transform from the npm registry, pinned so that a re-run
# writes the same bytes. Run it after assets/ change; the tests hold each variant to its source
# (tests/gl/bake/bake_variants_test.cpp: baked vertices and renders), so a stale file fails there.
# Needs node and npm (Debian: nodejs, npm); installs the CLI into build/npm, not system-wide.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tools="$here/build/npm"
mkdir -p "$tools" "$here/tests/data/variants"
if [ ! -x "$tools/node_modules/.bin/gltf-transform" ]; then
  npm install --prefix "$tools" --no-audit --no-fund @gltf-transform/cli@4.5.1 >/dev/null
fi
gt="$tools/node_modules/.bin/gltf-transform"
out="$here/tests/data/variants"
"$gt" meshopt "$here/assets/arm.glb" "$out/arm_meshopt.glb"
"$gt" quantize "$here/assets/arm.glb" "$out/arm_quantized.glb"
"$gt" draco "$here/assets/arm.glb" "$out/arm_draco.glb"
# The built-in character: tests/gl/suite/pinned_reference_test.cpp holds each copy to the original's
# golden from the golden's sidecar camera (the framing of a copy moves with its bounds).
"$gt" meshopt "$here/assets/humanoid_mixamo.glb" "$out/humanoid_mixamo_meshopt.glb"
"$gt" quantize "$here/assets/humanoid_mixamo.glb" "$out/humanoid_mixamo_quantized.glb"
"$gt" draco "$here/assets/humanoid_mixamo.glb" "$out/humanoid_mixamo_draco.glb"

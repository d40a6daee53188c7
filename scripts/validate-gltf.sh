#!/usr/bin/env bash
# The Khronos glTF validator over every file the project writes: the characters anim/asset_builder
# writes (freshly, by skinview_make_assets; with --khronos, the files the Khronos comparison renders),
# its VRM Animation (walk.vrma) and the committed variants under tests/data/variants.
# Fails on any validator error; warnings are printed, not failed (the arm's zero-weight joint slots
# are warned about and are what the importer's tests exercise).
#   scripts/validate-gltf.sh MAKE_ASSETS_EXE BUILD_DIR
# The validator is the pinned npm package scripts/install-validator.sh puts in .tools/ (setup.sh
# runs it). Without node and npm it exits 77, which ctest reports as skipped; under CI, where
# setup.sh installed them, that is a failure instead.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
make_assets=$1
build=$2
if ! command -v node >/dev/null || ! command -v npm >/dev/null || ! "$here/scripts/install-validator.sh" >/dev/null; then
  if [ -n "${CI:-}" ]; then
    echo "the Khronos validator could not be installed (node, npm or the npm registry missing); CI needs it"
    exit 1
  fi
  echo "validate-gltf: SKIPPED: node, npm or the npm registry are missing: the Khronos validator cannot run"
  exit 77
fi
out="$build/test-output/validator"
rm -rf "$out"
mkdir -p "$out"
"$make_assets" "$out" >/dev/null
"$make_assets" "$out" --khronos >/dev/null
"$make_assets" "$out" --vrma >/dev/null
exec node "$here/scripts/validate-gltf.js" "$out"/*.glb "$out"/*.vrma "$here"/tests/data/variants/*.glb

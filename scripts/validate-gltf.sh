#!/usr/bin/env bash
# The Khronos glTF validator over every file the project writes: the characters anim/asset_builder
# writes (freshly, by skinview_make_assets) and the committed variants under tests/data/variants.
# Fails on any validator error; warnings are printed, not failed (the arm's zero-weight joint slots
# are warned about and are what the importer's tests exercise).
#   scripts/validate-gltf.sh MAKE_ASSETS_EXE BUILD_DIR
# Installs npm's gltf-validator (pinned) into BUILD_DIR/npm the first time. Without node and npm it
# exits 77, which ctest reports as skipped.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
make_assets=$1
build=$2
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "node and npm are not installed: the Khronos validator cannot run (skipped)"
  exit 77
fi
tools="$build/npm"
if [ ! -d "$tools/node_modules/gltf-validator" ]; then
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund gltf-validator@2.0.0-dev.3.10 >/dev/null
fi
out="$build/test-output/validator"
rm -rf "$out"
mkdir -p "$out"
"$make_assets" "$out" >/dev/null
NODE_PATH="$tools/node_modules" exec node "$here/tests/validator/validate.js" "$out"/*.glb "$here"/tests/data/variants/*.glb

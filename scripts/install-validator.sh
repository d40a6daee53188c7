#!/usr/bin/env bash
# Installs the Khronos glTF validator (npm package gltf-validator, pinned) into .tools/gltf-validator,
# a project-local folder git ignores, so nothing global changes. Idempotent: does nothing when the
# pinned version is already there. The fix tests (tests/gl/fix) validate every file `skinview fix`
# writes with it; scripts/setup.sh installs node and npm.
#
#   scripts/install-validator.sh        # prints the folder holding node_modules/gltf-validator
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dest="$here/.tools/gltf-validator"
version=2.0.0-dev.3.10
if [ -f "$dest/node_modules/gltf-validator/package.json" ] &&
   grep -q "\"version\": \"$version\"" "$dest/node_modules/gltf-validator/package.json"; then
  echo "$dest"
  exit 0
fi
command -v npm >/dev/null || { echo "install-validator: npm is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
mkdir -p "$dest"
npm install --prefix "$dest" --no-audit --no-fund --loglevel=error "gltf-validator@$version" >&2
echo "$dest"

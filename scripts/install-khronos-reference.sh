#!/usr/bin/env bash
# Installs what the Khronos Sample Renderer harness (tests/khronos_reference) needs: Debian's
# chromium (headless, SwiftShader WebGL2) and the npm packages pinned in
# tests/khronos_reference/package.json and its committed package-lock.json
# (@khronosgroup/gltf-viewer 1.1.0, puppeteer-core 24.9.0, and 1.0.10 of the same renderer under the
# alias khronos-gltf-viewer-1.0.10 for the one asset 1.1.0 asks for and does not ship, its sheen E
# table), through `npm ci` into that folder's node_modules (git ignores it), so nothing global
# changes but the Debian package. Idempotent.
#
#   scripts/install-khronos-reference.sh      # prints the harness folder
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dest="$here/tests/khronos_reference"
if ! command -v chromium >/dev/null; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -q >&2
  $sudo_cmd apt-get install -y -q --no-install-recommends chromium >&2
fi
command -v npm >/dev/null || { echo "install-khronos-reference: npm is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
want=$(node -e 'console.log(require(process.argv[1]).dependencies["@khronosgroup/gltf-viewer"])' "$dest/package.json")
have=$(node -e 'try{console.log(require(process.argv[1]).version)}catch(e){}' \
  "$dest/node_modules/@khronosgroup/gltf-viewer/package.json" 2>/dev/null || true)
if [ "$have" != "$want" ] || [ ! -d "$dest/node_modules/puppeteer-core" ] ||
  [ ! -f "$dest/node_modules/khronos-gltf-viewer-1.0.10/dist/assets/lut_sheen_E.png" ]; then
  # PUPPETEER_SKIP_DOWNLOAD: puppeteer-core downloads nothing, but say so in case a version does.
  (cd "$dest" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >&2)
fi
echo "$dest"

#!/usr/bin/env bash
# Idempotent set-up: installs the Debian packages skinview needs when any is missing, then
# configures and builds. Does nothing to the system when everything is present.
#
#   scripts/setup.sh [BUILD_DIR] [extra cmake args...]
#   SKINVIEW_SETUP_NO_BUILD=1 scripts/setup.sh     # install what is missing, nothing else
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$here/build"}
shift || true

packages=(
  build-essential cmake pkg-config python3
  libglfw3-dev libglm-dev libimgui-dev libtinygltf-dev libstb-dev libgtest-dev libgmock-dev
  libbenchmark-dev python3-glad nlohmann-json3-dev libcli11-dev
  libegl-dev libegl-mesa0 libgl1-mesa-dri libgles-dev libgl-dev xvfb xauth
  clang libclang-rt-dev
  libmeshoptimizer-dev libdraco-dev libwebp-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -q
  $sudo_cmd apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# SKINVIEW_SETUP_NO_BUILD=1: packages only; the caller configures its own build (sanitize.sh, fuzz.sh).
[ -z "${SKINVIEW_SETUP_NO_BUILD:-}" ] || exit 0

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE="${SKINVIEW_BUILD_TYPE:-Release}" "$@" >/dev/null
cmake --build "$build" -j"$(nproc)"

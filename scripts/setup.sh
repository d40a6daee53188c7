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
  chromium  # opens the suite's HTML report headless in tests/gl/suite (skipped, saying so, without it)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm run the Khronos glTF validator in the tests. Judged by the commands, not the Debian
# package names: a machine with NodeSource's nodejs has npm inside it and no `npm` package, and
# asking apt for Debian's npm there would fight that nodejs.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then missing+=(nodejs npm); fi
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

# The Khronos glTF validator (npm), which tests/gl/fix holds every file `skinview fix` writes to. It
# needs the npm registry: on a desk without it the fix tests skip that check and say so; in CI
# (CI set) a failed install stops here, since the tests would fail for it anyway.
if ! "$here/scripts/install-validator.sh" >/dev/null; then
  [ -z "${CI:-}" ] || { echo "setup: could not install the glTF validator (scripts/install-validator.sh)" >&2; exit 1; }
  echo "setup: the glTF validator could not be installed; the fix tests will skip it" >&2
fi

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE="${SKINVIEW_BUILD_TYPE:-Release}" "$@" >/dev/null
cmake --build "$build" -j"$(nproc)"

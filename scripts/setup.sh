#!/usr/bin/env bash
# Idempotent set-up: installs the Debian packages skinview needs when any is missing, then
# configures and builds. Does nothing to the system when everything is present.
#
#   scripts/setup.sh [BUILD_DIR] [extra cmake args...]            everything (tests, benchmarks)
#   scripts/setup.sh --viewer [BUILD_DIR] [extra cmake args...]   the viewer alone: its packages
#                                                                 and the `skinview` target
#   SKINVIEW_SETUP_NO_BUILD=1 scripts/setup.sh [--viewer]          install what is missing, nothing else
#
# Compiler cache: every build the scripts configure (this one, scripts/sanitize.sh, scripts/fuzz.sh)
# compiles through Debian's ccache (CMAKE_<LANG>_COMPILER_LAUNCHER) with CCACHE_BASEDIR set to the
# checkout, so the paths ccache hashes are relative to it and a clone in another folder (CI's fresh
# clone) hits what a developer's checkout compiled. The cache is ccache's own folder
# (~/.cache/ccache unless CCACHE_DIR says otherwise), shared by every checkout of the same user.
# SKINVIEW_CCACHE=0 builds without it.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
viewer_only=""
if [ "${1:-}" = "--viewer" ]; then viewer_only=1; shift; fi
build=${1:-"$here/build"}
shift || true

# What building and running the viewer needs (scripts/run.sh): compiler, CMake, the libraries the
# design card names, the glTF decoders (libpng: the fast PNG path) and Mesa's EGL for the headless render.
viewer_packages=(
  build-essential cmake pkg-config python3 ccache
  libglfw3-dev libglm-dev libimgui-dev libtinygltf-dev libstb-dev python3-glad nlohmann-json3-dev libcli11-dev
  libegl-dev libegl-mesa0 libgl1-mesa-dri libgles-dev libgl-dev
  libmeshoptimizer-dev libdraco-dev libwebp-dev libpng-dev
)
# What the tests add (scripts/test.sh, CI): GoogleTest, Google Benchmark, Xvfb for the windowed
# tiers, clang for the sanitizer and fuzz builds, and chromium, which opens the suite's HTML report headless in
# tests/gl/suite (skipped, saying so, without it) and runs the Khronos renderer; man-db, with which
# tests/install renders the installed man page (`man -l`); libspng and TurboJPEG, the decoders
# tests/bench/decode_bench measures beside stb and libpng.
test_packages=(
  libgtest-dev libgmock-dev libbenchmark-dev xvfb xauth libspng-dev libturbojpeg0-dev
  clang libclang-rt-dev
  chromium
  man-db
)
packages=("${viewer_packages[@]}")
[ -n "$viewer_only" ] || packages+=("${test_packages[@]}")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm run the Khronos glTF validator in the tests. Judged by the commands, not the Debian
# package names: a machine with NodeSource's nodejs has npm inside it and no `npm` package, and
# asking apt for Debian's npm there would fight that nodejs.
if [ -z "$viewer_only" ] && { ! command -v node >/dev/null || ! command -v npm >/dev/null; }; then
  missing+=(nodejs npm)
fi
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

# shellcheck source=scripts/ccache-env.sh
. "$here/scripts/ccache-env.sh"

if [ -n "$viewer_only" ]; then
  # The viewer alone: no test or benchmark target is even configured, and only `skinview` (with the
  # libraries it links and its data) is built. A later scripts/test.sh reconfigures the same folder
  # with the tests on and builds the rest, reusing every object compiled here.
  cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE="${SKINVIEW_BUILD_TYPE:-Release}" \
    -DSKINVIEW_TESTS=OFF -DSKINVIEW_BENCHMARKS=OFF "${skinview_ccache_args[@]}" "$@" >/dev/null
  cmake --build "$build" -j"$(nproc)" --target skinview
  exit 0
fi

# The Khronos glTF validator (npm), which tests/gl/fix holds every file `skinview fix` writes to. It
# needs the npm registry: on a desk without it the fix tests skip that check and say so; in CI
# (CI set) a failed install stops here, since the tests would fail for it anyway.
if ! "$here/scripts/install-validator.sh" >/dev/null; then
  [ -z "${CI:-}" ] || { echo "setup: could not install the glTF validator (scripts/install-validator.sh)" >&2; exit 1; }
  echo "setup: the glTF validator could not be installed; the fix tests will skip it" >&2
fi

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE="${SKINVIEW_BUILD_TYPE:-Release}" -DSKINVIEW_TESTS=ON \
  -DSKINVIEW_BENCHMARKS=ON "${skinview_ccache_args[@]}" "$@" >/dev/null
cmake --build "$build" -j"$(nproc)"

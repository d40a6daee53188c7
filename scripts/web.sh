#!/usr/bin/env bash
# skinview in the browser (docs/web.md): installs what the web build needs from Debian, builds the
# viewer to WebAssembly in build-web/ and serves that folder on 127.0.0.1, printing the URL.
#
#   scripts/web.sh                 install what is missing, build, serve (Ctrl-C stops the server)
#   scripts/web.sh --build-only    install what is missing, build, stop
#   SKINVIEW_WEB_PORT=8123         the port to serve on (default 8080)
#   SKINVIEW_WEB_PROFILING=1       keep the wasm's function names (tests/web/page_profile.js)
#
# Everything comes from Debian: emscripten (compiler, its GLFW and WebGL 2 libraries), node-acorn
# (emcc's JS optimizer needs it and Debian's emscripten does not depend on it), and the sources of
# the libraries the native build links compiled and the web build must compile itself: Dear ImGui,
# tinygltf and the decoders of compressed glTF (meshoptimizer, libwebp, Draco), as `apt-get source`
# at the versions the native packages are (pinned below),
# unpacked into the cache folder, never into the repository. glm, nlohmann-json and stb are the
# installed headers. A second run installs nothing and rebuilds only what changed, through ccache.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build_only=""
for arg in "$@"; do
  case "$arg" in
    --build-only) build_only=1 ;;
    *) echo "web.sh: unknown argument '$arg' (expected --build-only)" >&2; exit 2 ;;
  esac
done
build=${SKINVIEW_WEB_BUILD:-"$here/build-web"}
cache=${SKINVIEW_WEB_CACHE:-"${XDG_CACHE_HOME:-$HOME/.cache}/skinview-web"}
port=${SKINVIEW_WEB_PORT:-8080}
# The source versions: the same as libimgui-dev and libtinygltf-dev, which the native build links
# (scripts/setup.sh). Both pins move together with Debian's binary packages.
imgui_version=1.86+ds-1
tinygltf_version=2.7.0+dfsg-2
# The decoders of compressed glTF, as libmeshoptimizer-dev, libwebp-dev and libdraco-dev.
meshopt_version=0.18+dfsg-2
webp_version=1.2.4-0.2+deb12u1
draco_version=1.5.5+dfsg-2

sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive

packages=(emscripten node-acorn dpkg-dev ccache cmake python3 libglm-dev nlohmann-json3-dev libstb-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "web: installing ${missing[*]}"
  $sudo_cmd apt-get update -q
  $sudo_cmd apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The sources, once: `apt-get source` needs a deb-src entry for the archive the binaries come from,
# made from the system's own entries (deb822 or one-line form) when there is none.
src="$cache/src"
# package=version, and the file whose presence says the package's folder is unpacked.
sources=("imgui=$imgui_version" "tinygltf=$tinygltf_version" "meshoptimizer=$meshopt_version"
         "libwebp=$webp_version" "draco=$draco_version")
unpacked=("imgui-${imgui_version%-*}/imgui.cpp" "tinygltf-${tinygltf_version%-*}/tiny_gltf.h"
          "meshoptimizer-${meshopt_version%-*}/src/meshoptimizer.h" "libwebp-${webp_version%%-*}/src/webp/decode.h"
          "draco-${draco_version%-*}/src/draco/compression/decode.h")
fetch=()
for i in "${!sources[@]}"; do
  [ -f "$src/${unpacked[$i]}" ] || fetch+=("${sources[$i]}")
done
if [ ${#fetch[@]} -gt 0 ]; then
  if ! apt-cache showsrc imgui 2>/dev/null | grep -q "^Version: $imgui_version$"; then
    list=/etc/apt/sources.list.d/skinview-web-src
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $sudo_cmd tee "$list.sources" >/dev/null
    elif [ -f /etc/apt/sources.list ]; then
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo_cmd tee "$list.list" >/dev/null
    else
      echo "web: no apt source list to add a deb-src entry from; add one for imgui and tinygltf" >&2
      exit 1
    fi
    echo "web: added a deb-src entry ($list.*) for apt-get source"
    $sudo_cmd apt-get update -q
  fi
  mkdir -p "$src"
  for pv in "${fetch[@]}"; do
    name=${pv%%=*} version=${pv#*=}
    # dpkg-source names the folder by the upstream version (the Debian revision dropped).
    upstream=${version%-*}
    [ "$name" != libwebp ] || upstream=${version%%-*}
    (cd "$src" && apt-get source -q --download-only "$pv" && rm -rf "$name-$upstream" &&
       dpkg-source -x "${name}_${version}.dsc" >/dev/null)
  done
fi

# emcc runs its JS optimizer with the node on PATH, which finds Debian's acorn only through here.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
# shellcheck source=scripts/ccache-env.sh
. "$here/scripts/ccache-env.sh"
emcmake cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSKINVIEW_TESTS=OFF -DSKINVIEW_BENCHMARKS=OFF \
  -DSKINVIEW_CHECK_HEADERS=OFF -DSKINVIEW_WEB_SOURCES="$src" \
  -DSKINVIEW_WEB_PROFILING="$([ "${SKINVIEW_WEB_PROFILING:-0}" = 1 ] && echo ON || echo OFF)" \
  "${skinview_ccache_args[@]}" >/dev/null
cmake --build "$build" -j"${SKINVIEW_WEB_JOBS:-$(nproc)}" --target skinview_web
echo "web: built $build/index.html"
[ -z "$build_only" ] || exit 0

echo "web: serving $build at http://127.0.0.1:$port/ (Ctrl-C stops it)"
exec python3 "$here/scripts/web-serve.py" --port "$port" "$build"

#!/usr/bin/env bash
# An install that runs anywhere: `cmake --install` into a scratch prefix, the prefix moved elsewhere,
# the built-in character rendered from / (so nothing is found through the working directory or the
# source tree); then the Debian package: built by cpack, Depends generated, unpacked into a scratch
# root and run from there.
#   install_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export SKINVIEW_EGL_PLATFORM=${SKINVIEW_EGL_PLATFORM:-surfaceless}
unset SKINVIEW_DATA_DIR
fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
[ -x "$scratch/prefix/bin/skinview" ] || fail "bin/skinview was not installed"
[ -f "$scratch/prefix/share/skinview/humanoid.glb" ] || fail "the built-in character was not installed"
[ -f "$scratch/prefix/share/doc/skinview/README.md" ] || fail "the README was not installed"
[ -f "$scratch/prefix/share/doc/skinview/docs/command-line.md" ] || fail "the reference pages (docs/) were not installed"
# The man page: installed where man looks (share/man/man1) and rendered by man itself, naming
# every verb (a page that is there but does not render, or an old one, fails here).
page="$scratch/prefix/share/man/man1/skinview.1"
[ -f "$page" ] || fail "the man page share/man/man1/skinview.1 was not installed"
command -v man >/dev/null || fail "man is missing (scripts/setup.sh installs man-db)"
# Here-strings, not `echo | grep -q`: grep -q stops reading early and, under pipefail, the echo's
# SIGPIPE would fail the check on a page that does have the line.
rendered=$(LC_ALL=C MANWIDTH=100 man -l "$page" 2>"$scratch/man.err") || fail "man -l could not render the page: $(cat "$scratch/man.err")"
for verb in RENDER SUITE AUDIT FIX DIAGNOSE BAKE FRAME-TABLE WRITE-SKY WRITE-TABLES; do
  grep -q "SKINVIEW $verb" <<<"$rendered" || fail "the rendered man page has no section for $verb"
done
grep -q -- "--correction" <<<"$rendered" || fail "the rendered man page does not list --correction"
mv "$scratch/prefix" "$scratch/moved"
(cd / && "$scratch/moved/bin/skinview" --version) | grep -Eq '^skinview [0-9]+\.[0-9]+\.[0-9]+ \(' \
  || fail "--version did not print 'skinview X.Y.Z (commit)'"
(cd / && "$scratch/moved/bin/skinview" render -o "$scratch/moved.png" --size 64x48 >/dev/null) \
  || fail "the moved install could not render the built-in character from /"
[ -s "$scratch/moved.png" ] || fail "the moved install wrote no image"
# The precomputed tables travel with it (render/precompute_cache.h): a first render with an empty
# cache reads them and computes nothing, and writes nothing to the cache.
for t in sky_environment sheen_albedo sky_sheen_atlas; do
  [ -s "$scratch/moved/share/skinview/tables/$t.bin" ] || fail "share/skinview/tables/$t.bin was not installed"
done
mkdir "$scratch/xdg"
(cd / && XDG_CACHE_HOME="$scratch/xdg" SKINVIEW_TIMINGS=1 "$scratch/moved/bin/skinview" render -o "$scratch/cold.png" \
  --size 64x48 >/dev/null 2>"$scratch/timings") || fail "the cold render failed: $(cat "$scratch/timings")"
grep -q "precompute read (installed)" "$scratch/timings" || fail "the installed tables were not read: $(cat "$scratch/timings")"
if grep -q "precompute (sky" "$scratch/timings"; then fail "the sky was computed beside installed tables"; fi
# (Mesa keeps its shader cache in the same folder; skinview's is skinview/ beside it.)
[ ! -e "$scratch/xdg/skinview" ] || fail "a render from the installed tables wrote a cache: $(ls "$scratch/xdg/skinview")"
# The data folder override: pointed at an empty folder, the built-in character is not found, and
# the message names where it looked.
mkdir "$scratch/empty"
if (cd / && SKINVIEW_DATA_DIR="$scratch/empty" "$scratch/moved/bin/skinview" render -o "$scratch/x.png" 2>"$scratch/err"); then
  fail "SKINVIEW_DATA_DIR was ignored"
fi
grep -q "$scratch/empty/humanoid.glb" "$scratch/err" || fail "the error does not name $scratch/empty: $(cat "$scratch/err")"

# And it looks there, not in the source or build tree: without the moved share folder it fails,
# naming the moved folder.
mv "$scratch/moved/share/skinview" "$scratch/hidden"
if (cd / && "$scratch/moved/bin/skinview" render -o "$scratch/y.png" 2>"$scratch/err2"); then
  fail "rendered the built-in character without its installed data: something else was read"
fi
grep -q "$scratch/moved/share/skinview/humanoid.glb" "$scratch/err2" \
  || fail "the error does not name the moved data folder: $(cat "$scratch/err2")"
mv "$scratch/hidden" "$scratch/moved/share/skinview"

# The Debian package.
(cd "$scratch" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/pkg" >/dev/null) || fail "cpack failed"
deb=$(ls "$scratch"/pkg/skinview_*_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || fail "cpack made no skinview_<version>_<arch>.deb"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libglfw3 libtinygltf libegl1; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done
contents=$(dpkg-deb -c "$deb")
grep -Eq '\./usr/bin/skinview$' <<<"$contents" || fail "the package does not carry usr/bin/skinview"
grep -Eq '\./usr/share/man/man1/skinview\.1(\.gz)?$' <<<"$contents" || fail "the package does not carry the man page"
dpkg -x "$deb" "$scratch/root"
(cd / && "$scratch/root/usr/bin/skinview" render -o "$scratch/deb.png" --size 64x48 >/dev/null) \
  || fail "the unpacked package could not render from /"
echo "install_test: installed, moved and packaged $(basename "$deb"); Depends: $depends"

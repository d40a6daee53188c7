# Sourced by the build scripts (setup.sh, sanitize.sh, fuzz.sh): sets up ccache for the build they
# configure and leaves the CMake arguments that use it in skinview_ccache_args.
#
# CCACHE_BASEDIR=<checkout>: ccache rewrites absolute paths below it to relative ones before hashing,
# so two checkouts in different folders (a developer's and CI's fresh clone) share hits. What would
# make that wrong: a flag that bakes an absolute path into the object (-g without
# -fdebug-prefix-map); the release build has no -g, and the sanitizer build maps the prefix away.
# CCACHE_NOHASHDIR: hash the compiler's command line, not the folder it runs in, for the same reason.
# The cache itself is ccache's default folder for the user (root's, for CI on this machine), 5 GiB:
# the plain, sanitizer and fuzz builds of one tree take about 1.5 GiB together.
skinview_ccache_args=()
if [ "${SKINVIEW_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$here"
  export CCACHE_NOHASHDIR=1
  export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-include_file_ctime,include_file_mtime,time_macros}"
  [ -n "${CCACHE_MAXSIZE:-}" ] || ccache --max-size=5G >/dev/null 2>&1 || true
  skinview_ccache_args=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
else
  # An earlier configure of the same folder may have set the launcher: clear it.
  skinview_ccache_args=(-DCMAKE_C_COMPILER_LAUNCHER= -DCMAKE_CXX_COMPILER_LAUNCHER=)
fi

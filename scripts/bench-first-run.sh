#!/usr/bin/env bash
# What a first run costs: how many compile units scripts/run.sh builds (the viewer alone) against
# scripts/test.sh (everything), and how long each build takes from nothing on this machine.
#
#   scripts/bench-first-run.sh           # counts and cold times (compiler cache off), two scratch trees
#   scripts/bench-first-run.sh --counts  # counts only, through the cache (quick when it is warm)
#
# A compile unit is an object file the build writes (a unity batch counts once: it is one compiler
# run). The packages are not part of this figure: scripts/setup.sh --viewer installs fewer of them,
# and on a machine that has them both scripts skip that step.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
counts_only=""
[ "${1:-}" = "--counts" ] && counts_only=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=scripts/ccache-env.sh
. "$here/scripts/ccache-env.sh"
[ -n "$counts_only" ] || export CCACHE_DISABLE=1

build() {  # name, target ("" for all), cmake args...
  local name=$1 target=$2
  shift 2
  cmake -S "$here" -B "$work/$name" -DCMAKE_BUILD_TYPE=Release "${skinview_ccache_args[@]}" "$@" >/dev/null
  local t0=$SECONDS
  if [ -n "$target" ]; then
    cmake --build "$work/$name" -j"$(nproc)" --target "$target" >/dev/null
  else
    cmake --build "$work/$name" -j"$(nproc)" >/dev/null
  fi
  local dt=$((SECONDS - t0))
  local units
  units=$(find "$work/$name" -name '*.o' | wc -l)
  echo "$name $units $dt"
}
read -r _ run_units run_s < <(build run skinview -DSKINVIEW_TESTS=OFF -DSKINVIEW_BENCHMARKS=OFF)
read -r _ test_units test_s < <(build test "" -DSKINVIEW_TESTS=ON -DSKINVIEW_BENCHMARKS=ON -DSKINVIEW_WERROR=ON)
mode="cold, compiler cache off"
[ -z "$counts_only" ] || mode="through the compiler cache"
echo "first-run build, $(nproc) cores, $mode:"
printf '  scripts/run.sh  (skinview target): %4d compile units, %4d s\n' "$run_units" "$run_s"
printf '  scripts/test.sh (everything):      %4d compile units, %4d s\n' "$test_units" "$test_s"
awk -v a="$run_units" -v b="$test_units" 'BEGIN { printf "  run.sh / test.sh units: %.1f%%\n", 100 * a / b }'

#!/usr/bin/env bash
# Audit throughput: files a second over the project's own characters and the shared ones, at -j 1
# and -j 2. Each run audits that set ROUNDS times over (the list repeated on the command line), so
# process start-up is a small part of the time; three runs each, the median printed.
#
#   scripts/bench-audit.sh [BUILD_DIR]        ROUNDS=20 by default
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
exe=${1:-"$here/build"}/viewer/skinview
rounds=${ROUNDS:-20}
files=("$here"/assets/*.glb)
[ -d "$here/../shared/assets" ] && files+=("$here"/../shared/assets/*.glb)
list=()
for _ in $(seq "$rounds"); do list+=("${files[@]}"); done
echo "audit throughput: ${#files[@]} files x $rounds rounds = ${#list[@]} audits a run; median of 3 runs"
for j in 1 2; do
  rates=()
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    "$exe" audit --jsonl --progress never -j "$j" "${list[@]}" >/dev/null || true
    end=$(date +%s.%N)
    rates+=("$(awk -v n="${#list[@]}" -v a="$start" -v b="$end" 'BEGIN { print n / (b - a) }')")
  done
  median=$(printf '%s\n' "${rates[@]}" | sort -g | sed -n 2p)
  printf -- "-j %d: %.1f files/s (runs: %s)\n" "$j" "$median" "$(printf '%.1f ' "${rates[@]}")"
done

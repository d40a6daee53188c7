#!/usr/bin/env bash
# Builds the libFuzzer harness (tests/fuzz/gltf_fuzzer.cpp) with clang, GL off, into build-fuzz/,
# and runs it through ctest's `fuzz` label on the generated seed corpus.
#   scripts/fuzz.sh            # CI: 60 seconds
#   scripts/fuzz.sh 3600       # a long run; what it finds grows build-fuzz/tests/fuzz/corpus/
# A crash or hang leaves its input in build-fuzz/tests/fuzz/artifacts/; replay it with
#   build-fuzz/tests/fuzz/gltf_fuzzer FILE
# and turn it into a regression test under tests/unit/hostile_input/.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build="$here/build-fuzz"
seconds=${1:-60}
SKINVIEW_SETUP_NO_BUILD=1 "$here/scripts/setup.sh"
# Through the compiler cache, line tables relative to the checkout (see scripts/sanitize.sh).
# -O1 -g1 as the sanitizer build: the build was two thirds of this step on CI's two cores (178 of
# 241 s cold; 145 s at -O1). What it costs: a run of fixed seconds executes fewer inputs, 1758 a
# second at -O1 against 1903 at -O2 in two 60 s runs of 2026-12-06 on this machine (one with a
# seed more, so a rough figure).
# shellcheck source=scripts/ccache-env.sh
. "$here/scripts/ccache-env.sh"
cmake -S "$here" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ "${skinview_ccache_args[@]}" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG -fdebug-prefix-map=$here/=" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG -fdebug-prefix-map=$here/=" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSKINVIEW_GL=OFF -DSKINVIEW_FUZZ=ON -DSKINVIEW_TESTS=OFF \
  -DSKINVIEW_BENCHMARKS=OFF -DSKINVIEW_WERROR=ON -DSKINVIEW_FUZZ_SECONDS="$seconds" >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
exec ctest -L fuzz --output-on-failure

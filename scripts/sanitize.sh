#!/usr/bin/env bash
# Builds with AddressSanitizer + UndefinedBehaviorSanitizer (clang, -DSKINVIEW_SANITIZE=ON) into
# build-asan/ and runs the `unit` tier and the `gl` tier (headless EGL on Mesa's llvmpipe), every
# sanitizer halting on its first report.
#   scripts/sanitize.sh
# LeakSanitizer is on for both tiers, with no suppressions. One thing makes that possible for the
# gl tier: Mesa dlcloses its driver at eglTerminate, so its once-per-process allocations are
# reported as leaks from "<unknown module>", which no suppression by library name can match.
# Preloading the driver and Mesa's EGL keeps them mapped to the end: that state is then still
# reachable and not a leak, and a leak of ours still reports with a full stack.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build="$here/build-asan"
SKINVIEW_SETUP_NO_BUILD=1 "$here/scripts/setup.sh"
# clang, not the plain build's GCC, and the test executables' own code at -O0: the build is most of
# this step's time on CI's two cores, and with both sanitizers on, clang compiled a unity batch of
# gl_cli in 8.0 s at -O1 and 3.6 s at -O0 where GCC 12 took 12.0 s at -O1 (2026-12-06, this machine).
# The libraries keep -O1 -g1 (not RelWithDebInfo's -O2 -g): the sanitizers want little optimisation
# anyway (fewer inlined frames, exact lines in a report), line tables are all a stack trace reads,
# and -O1 keeps the tests' heavy work (skinning, sampling, the spec evaluator) quick. NDEBUG stays,
# as in the build users run. What the switch costs: GCC-only warnings are not seen here (the plain
# build, GCC with -Werror, sees them), and clang's UBSan adds checks GCC's lacks (function, vptr).
# Through the compiler cache (scripts/ccache-env.sh). -g1's line tables hold absolute paths, which
# would make every clone's objects differ: -fdebug-prefix-map writes them relative to the checkout,
# and ASan's reports then name tests/... and anim/... as the plain build's messages do.
# SKINVIEW_CHECK_HEADERS=OFF: the plain build (scripts/test.sh) already compiles each ui header alone.
# shellcheck source=scripts/ccache-env.sh
. "$here/scripts/ccache-env.sh"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSKINVIEW_SANITIZE=ON -DSKINVIEW_WERROR=ON \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DSKINVIEW_TEST_OPTIMIZE=-O0 \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG -fdebug-prefix-map=$here/=" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG -fdebug-prefix-map=$here/=" \
  -DSKINVIEW_BENCHMARKS=OFF -DSKINVIEW_CHECK_HEADERS=OFF "${skinview_ccache_args[@]}" >/dev/null
# Only what the two tiers run: the test executables named unit_* and gl_* (and what they link).
targets=$(cmake --build "$build" --target help | sed -n 's/^\.\.\. \(\(unit\|gl\)_[A-Za-z0-9_]*\).*/\1/p')
# shellcheck disable=SC2086
# skinview_make_assets: the unit tier's validator test runs it to write the project's files afresh.
cmake --build "$build" -j"$(nproc)" --target $targets skinview_make_assets

export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# llvmpipe whatever the machine has: the sanitizer run is about our code, not a GPU driver's.
export SKINVIEW_EGL_PLATFORM=surfaceless
# The random-view property tests (RandomViews, RandomViewsBake) run a process or two per view; the
# plain build runs CI's 100 views, and here 20 of the same seed's views walk the same code paths
# (every graph mode, IK, edits, expressions) under the sanitizers at a fifth of the time.
export SKINVIEW_VIEW_COUNT=20
cd "$build"
ctest -L unit --output-on-failure -j"$(nproc)"
# On an AVX2 machine the frame path takes its eight-lane forms (anim/src/pose/frame_clones.h); the
# tests that hold the frame path's bits run again on the baseline (SSE2) forms.
SKINVIEW_NO_AVX2=1 ctest -L unit --output-on-failure -j"$(nproc)" \
  -R 'PackedClip|LocalToWorld|BlendPoses|FourAtATime|Skeleton|SampleClip|SampleChannel|FramePath'

# clang links ASan's runtime into each executable, so only Mesa's libraries are preloaded (GCC's
# shared runtime had to come first among them).
preload=""
for lib in /usr/lib/*/dri/swrast_dri.so /usr/lib/*/libEGL_mesa.so.0; do
  [ -e "$lib" ] && preload="$preload $lib"
done
preload=${preload# }
# The report's browser tests (gl.ReportInBrowser) start chromium, which inherits this LD_PRELOAD,
# loads ASan's runtime into itself and spins (seen: 7 minutes at 100% CPU). Chromium is not the
# code under test, and the plain tier (scripts/test.sh) runs them, so they are left out here.
# The per-file families (Files/BakeSpec: every model baked through `skinview` on the CPU and GPU;
# Files/DenseGpu: every clip at 64 times) repeat one code path over some 60 files each, and under
# ASan they are most of the gl tier's time. Every third of them runs here (ctest's stride over the
# test numbers, so the same files each run: characters, Khronos samples, Draco, morphs, skins);
# the plain tier runs them all, and the unit tier's reader and evaluator tests cover every file
# under ASan. What this misses: a memory error only one of the skipped files provokes.
families='Files/(BakeSpec|DenseGpu)\.'
# Two more repeat one path over a library and were a fifth of this tier's time (2026-12-02, this
# tier alone on 2 cores: 161 s and 68 s of 1192 s): Fix.FixedCopyDrawnAsGivenIsTheOriginalCorrected
# bakes every shared character eight ways through `skinview bake` (the path Files/BakeSpec runs,
# here at its stride; `fix` itself runs on every character in EveryFixedCharacterPasses...), and
# AuditBatch.ShardsPartitionTheLibraryExactlyAndStably audits the library 27 times to check the
# shard arithmetic (the other AuditBatch tests run the audit here). The plain tier runs both.
repeats='Fix\.FixedCopyDrawnAsGivenIsTheOriginalCorrected|AuditBatch\.ShardsPartitionTheLibraryExactlyAndStably'
LD_PRELOAD="$preload" ctest -L gl --output-on-failure -j"$(nproc)" -E "ReportInBrowser|$families|$repeats"
LD_PRELOAD="$preload" ctest -L gl --output-on-failure -j"$(nproc)" -R "$families" -I 1,1000000,3

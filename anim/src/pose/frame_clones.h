// The frame path on x86-64 machines with AVX2, which the build's baseline (SSE2) cannot assume:
// - SV_FRAME_CLONES: the hottest functions (sampling a packed clip, the two-clip blend, local to
//   world) compiled twice, for the baseline and for AVX2, the loader choosing one for the machine
//   (target_clones: an ifunc, resolved once). Same source: the AVX2 copy encodes the same SSE
//   operations in VEX form (three operands, fewer register moves) and widens the loops the
//   compiler vectorises. A clone set is a function of one file (internal linkage, called by the
//   file's public function): clang does not give callers in other files the clones' dispatcher,
//   so a public clone set links under GCC and not under clang.
// - frame_avx2(): whether to take the explicit eight-lane forms, slerp8 for the packed rotations
//   (slerp.h) and the palettes two joints at a time (local_to_world.cpp).
// Every form does the baseline's operations in the baseline's order lane for lane, so all give the
// same bits (no FMA: AVX2 does not enable it, and ISO C++ mode keeps contraction off). The
// LocalToWorld, BlendPoses and PackedClip tests hold the bits against the scalar forms on whichever
// the machine runs; SKINVIEW_NO_AVX2=1 makes an AVX2 machine run the baseline forms, so the same
// tests hold those too (scripts/sanitize.sh runs them so). Measured: docs/benchmarks.md.
// What would make it wrong: a compiler that contracted a*b + c in one form only, or -ffast-math.
#pragma once

#include <cstdlib>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && defined(__SSE2__) && \
    !defined(SKINVIEW_NO_FRAME_CLONES)
#define SV_FRAME_AVX2 1
#if !defined(__AVX2__)
#define SV_FRAME_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#if !defined(SV_FRAME_CLONES)
#define SV_FRAME_CLONES
#endif

namespace sv::anim::detail {

// Read once a process.
inline bool frame_avx2() {
#if defined(SV_FRAME_AVX2)
    static const bool yes = __builtin_cpu_supports("avx2") && !std::getenv("SKINVIEW_NO_AVX2");
    return yes;
#else
    return false;
#endif
}

}  // namespace sv::anim::detail

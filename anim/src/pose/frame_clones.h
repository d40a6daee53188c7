// The frame path's hottest functions (sampling a packed clip, the two-clip blend, local to world
// and the palette) compiled twice, for the x86-64 baseline the build targets (SSE2) and for AVX2,
// with the loader choosing one for the machine it runs on (target_clones: an ifunc, resolved once).
// The source is the same: the AVX2 copy encodes the same SSE operations in VEX form (three operands,
// fewer register moves) and widens the plain loops the compiler vectorises, so both copies give
// the same bits (no FMA: AVX2 does not enable it, and ISO C++ mode keeps contraction off; the
// LocalToWorld, BlendPoses and PackedClip tests hold the bits on whichever copy the machine runs).
// Measured on the frame bench (docs/benchmarks.md): about 5% of the frame on this project's CI
// machine. What would make it wrong: a compiler that contracted a*b + c in one copy only, or a
// build with -ffast-math.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && defined(__SSE2__) && \
    !defined(__AVX2__) && !defined(SKINVIEW_NO_FRAME_CLONES)
#define SV_FRAME_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SV_FRAME_CLONES
#endif

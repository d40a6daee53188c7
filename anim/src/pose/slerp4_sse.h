// Four shortest-path slerps at once, in lanes, for the samplers (clip_sampling.cpp, packed_clip.cpp).
//
// One kernel for both so that the channel sampler and the packed sampler give the same bits: every
// lane does the scalar slerp's operations (clip_sampling.cpp, `slerp` then `normalize4`) in the
// same order, and SSE's square root and division are correctly rounded like the scalar ones. That
// holds only while nothing contracts a*b+c into a fused multiply-add (ISO C++17 mode keeps GCC's
// -ffp-contract off; an -march with FMA and -ffp-contract=fast would break the bit equality the
// unit tests check, not the accuracy).
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>

namespace sv::anim::detail {

// In: a and b as four lanes each of x, y, z, w (lane k is rotation k); t the fractions. Out: the
// normalised results in the same layout; a lane whose blend has no length (or is NaN) answers the
// identity, as the scalar normalize4 does.
inline void slerp4(__m128 ax, __m128 ay, __m128 az, __m128 aw, __m128 bx, __m128 by, __m128 bz, __m128 bw,
                   __m128 t, __m128& x, __m128& y, __m128& z, __m128& w) {
    const auto add = _mm_add_ps;
    const auto mul = _mm_mul_ps;
    const auto sub = _mm_sub_ps;
    const auto k = _mm_set1_ps;
    __m128 d = add(add(add(mul(ax, bx), mul(ay, by)), mul(az, bz)), mul(aw, bw));
    // Negating on the short way round is flipping the sign bit where d < 0, as the scalar form does.
    const __m128 flip = _mm_and_ps(_mm_cmplt_ps(d, _mm_setzero_ps()), k(-0.0f));
    d = _mm_xor_ps(d, flip);
    const __m128 A =
        add(k(1.0839835f), mul(d, add(k(-3.2299607f), mul(d, sub(k(3.5520777f), mul(d, k(1.4399303f)))))));
    const __m128 B = add(k(0.8482906f), mul(d, add(k(-1.0609847f), mul(d, k(0.2161156f)))));
    const __m128 h = sub(t, k(0.5f));
    const __m128 s = add(t, mul(mul(mul(t, h), sub(t, k(1.0f))), add(mul(mul(A, h), h), B)));
    const __m128 wa = sub(k(1.0f), s), wb = _mm_xor_ps(s, flip);
    x = add(mul(wa, ax), mul(wb, bx));
    y = add(mul(wa, ay), mul(wb, by));
    z = add(mul(wa, az), mul(wb, bz));
    w = add(mul(wa, aw), mul(wb, bw));
    const __m128 len2 = add(add(add(mul(x, x), mul(y, y)), mul(z, z)), mul(w, w));
    // len2 <= 0 or NaN: identity, as normalize4 answers. The 1/sqrt(0) lanes are discarded here.
    const __m128 ok = _mm_cmpgt_ps(len2, _mm_setzero_ps());
    const __m128 inv = _mm_div_ps(k(1.0f), _mm_sqrt_ps(len2));
    x = _mm_and_ps(ok, mul(x, inv));
    y = _mm_and_ps(ok, mul(y, inv));
    z = _mm_and_ps(ok, mul(z, inv));
    w = _mm_or_ps(_mm_and_ps(ok, mul(w, inv)), _mm_andnot_ps(ok, k(1.0f)));
}

}  // namespace sv::anim::detail
#endif

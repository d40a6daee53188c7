// Shortest-path slerp to float precision, one rotation at a time and four in SSE lanes, for the
// samplers (keyframe_sampler.h, clip_sampling.cpp's batch, packed_clip.cpp).
//
// The method: Eberly, "A Fast and Accurate Algorithm for Computing SLERP" (JGT 15:3, 2011). The
// weights f(t, A) = sin(tA) / sin(A) are a power series in y = 1 - cos A whose coefficients follow
// c_0 = t, c_i = c_(i-1) (i^2 - t^2) / (i (2i + 1)); a truncation evaluated in Horner form needs no
// trigonometry. Truncated at kSlerpTerms for the whole range A in [0, 90] degrees (keys up to 180
// degrees apart as rotations) it converges slowly near the top: 2.6e-5 rad with 8 terms, 8.9e-7
// with 16. So keys more than 90 degrees apart are halved first: qh = (a + b) / |a + b| is slerp at
// 1/2, and slerp(t, a, b) is slerp(2t, a, qh) or slerp(2t - 1, qh, b), between keys at most 90
// degrees apart (y <= 0.293), where 6 terms reach float rounding; cos(A/2) = |a + b| / 2 comes
// free with qh. Keys closer than that (nearly all of an exported clip's) skip the halving.
// Largest rotation error against a double-precision slerp of the same float keys, over key pairs
// 0..180 degrees apart (tests/unit/anim_core/slerp_precision_test.cpp): 3.7e-7 rad, float rounding,
// not truncation (5 terms: 7.8e-7, 4 terms: 4.6e-6).
//
// What it costs: against the fitted nlerp correction it replaces (7.6e-4 rad at keys half a turn
// apart) 2 x 6 Horner steps a rotation instead of two short polynomials, and for keys over 90
// degrees apart one more square root and division. The frame-path figures against ozz-animation
// are in docs/measurements.md (the programs: docs/benchmarks.md).
//
// The scalar and SSE forms do the same operations in the same order, and SSE's square root and
// division are correctly rounded like the scalar ones, so the channel sampler and the packed sampler
// give the same bits (tests/unit/anim_core compares them). That holds only while nothing contracts
// a*b+c into a fused multiply-add (ISO C++17 mode keeps GCC's -ffp-contract off; an -march with FMA
// and -ffp-contract=fast would break the bit equality, not the accuracy). slerp8 is slerp4 on AVX2's
// eight lanes, for the packed sampler on machines that have it (frame_clones.h), the same bits again.
#pragma once

#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "frame_clones.h"
#if defined(SV_FRAME_AVX2)
#include <immintrin.h>
#endif

namespace sv::anim::detail {

constexpr int kSlerpTerms = 6;
// Keys at most 90 degrees apart as rotations (cos A >= cos 45 degrees, y <= 0.293) are already in the
// range the series is accurate over; only keys farther apart are halved first. Exported clips key
// 24 to 60 times a second, so the frame path nearly always takes the direct form and its four lanes
// skip the half-angle's square root and division together.
constexpr float kSlerpDirectCos = 0.70710677f;
// u_i = 1 / (i (2i + 1)) and v_i = i / (2i + 1), i = 1..kSlerpTerms: c_i = c_(i-1) (u_i t^2 - v_i) (-y).
constexpr float kSlerpU[kSlerpTerms] = {1.0f / 3, 1.0f / 10, 1.0f / 21, 1.0f / 36, 1.0f / 55, 1.0f / 78};
constexpr float kSlerpV[kSlerpTerms] = {1.0f / 3, 2.0f / 5, 3.0f / 7, 4.0f / 9, 5.0f / 11, 6.0f / 13};

// A zero (or NaN) quaternion answers the identity.
inline void normalize4(float* q) {
    const float len2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (len2 > 0.0f) {
        const float inv = 1.0f / std::sqrt(len2);
        for (int i = 0; i < 4; ++i) q[i] *= inv;
    } else {
        q[0] = q[1] = q[2] = 0.0f;
        q[3] = 1.0f;
    }
}

// The weights sin((1 - s)A) / sin A and sin(sA) / sin A for x = cos A.
inline void slerp_weights(float x, float s, float& wa, float& wb) {
    const float xm1 = x - 1.0f, d = 1.0f - s, s2 = s * s, d2 = d * d;
    float cs = 1.0f, cd = 1.0f;
    for (int i = kSlerpTerms - 1; i >= 0; --i) {
        cs = 1.0f + (kSlerpU[i] * s2 - kSlerpV[i]) * xm1 * cs;
        cd = 1.0f + (kSlerpU[i] * d2 - kSlerpV[i]) * xm1 * cd;
    }
    wa = d * cd;
    wb = s * cs;
}

inline void slerp(const float* a, const float* b, float t, float* out) {
    const float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    const float sign = d < 0.0f ? -1.0f : 1.0f;  // q and -q are the same rotation: the short way round
    const float dabs = sign * d;
    float bs[4], h[4];
    for (int i = 0; i < 4; ++i) bs[i] = sign * b[i];
    const float* p = a;
    const float* q = bs;
    float s = t, x = dabs;
    if (!(dabs >= kSlerpDirectCos)) {  // keys over 90 degrees apart (or NaN): halve the interval
        for (int i = 0; i < 4; ++i) h[i] = a[i] + bs[i];
        const float hl = std::sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2] + h[3] * h[3]);
        const float inv = 1.0f / hl;
        for (int i = 0; i < 4; ++i) h[i] *= inv;
        x = 0.5f * hl;  // cos(A/2) = |a + b| / 2 for unit keys
        const bool first_half = t < 0.5f;
        const float t2 = t + t;
        s = first_half ? t2 : t2 - 1.0f;
        p = first_half ? a : h;
        q = first_half ? h : bs;
    }
    float wa, wb;
    slerp_weights(x, s, wa, wb);
    for (int i = 0; i < 4; ++i) out[i] = wa * p[i] + wb * q[i];
    normalize4(out);
}

#if defined(__SSE2__)
// In: a and b as four lanes each of x, y, z, w (lane k is rotation k); t the fractions. Out: the
// normalised results in the same layout; a lane whose blend has no length (or is NaN) answers the
// identity, as the scalar normalize4 does.
inline void slerp4(__m128 ax, __m128 ay, __m128 az, __m128 aw, __m128 bx, __m128 by, __m128 bz, __m128 bw,
                   __m128 t, __m128& x, __m128& y, __m128& z, __m128& w) {
    const auto add = _mm_add_ps;
    const auto mul = _mm_mul_ps;
    const auto sub = _mm_sub_ps;
    const auto k = _mm_set1_ps;
    const auto select = [](__m128 mask, __m128 yes, __m128 no) {
        return _mm_or_ps(_mm_and_ps(mask, yes), _mm_andnot_ps(mask, no));
    };
    const __m128 d = add(add(add(mul(ax, bx), mul(ay, by)), mul(az, bz)), mul(aw, bw));
    // Multiplying by -1 is flipping the sign bit, exactly; where d < 0, as the scalar form does.
    const __m128 flip = _mm_and_ps(_mm_cmplt_ps(d, _mm_setzero_ps()), k(-0.0f));
    const __m128 dabs = _mm_xor_ps(d, flip);
    bx = _mm_xor_ps(bx, flip), by = _mm_xor_ps(by, flip), bz = _mm_xor_ps(bz, flip),
    bw = _mm_xor_ps(bw, flip);
    // Lane by lane the scalar form's choice: direct where dabs >= kSlerpDirectCos, halved elsewhere.
    // The halving is computed only when some lane needs it.
    const __m128 direct = _mm_cmpge_ps(dabs, k(kSlerpDirectCos));
    __m128 px = ax, py = ay, pz = az, pw = aw, qx = bx, qy = by, qz = bz, qw = bw, s = t;
    __m128 xm1 = sub(dabs, k(1.0f));
    if (_mm_movemask_ps(direct) != 0xF) {
        __m128 hx = add(ax, bx), hy = add(ay, by), hz = add(az, bz), hw = add(aw, bw);
        const __m128 hl = _mm_sqrt_ps(add(add(add(mul(hx, hx), mul(hy, hy)), mul(hz, hz)), mul(hw, hw)));
        const __m128 hinv = _mm_div_ps(k(1.0f), hl);
        hx = mul(hx, hinv), hy = mul(hy, hinv), hz = mul(hz, hinv), hw = mul(hw, hinv);
        const __m128 first = _mm_cmplt_ps(t, k(0.5f));
        const __m128 t2 = add(t, t);
        // Per lane: the direct inputs where `direct`, else the half interval's.
        const auto pick = [&](__m128 keep, __m128 lo, __m128 hi) {
            return select(direct, keep, select(first, lo, hi));
        };
        s = pick(t, t2, sub(t2, k(1.0f)));
        xm1 = select(direct, xm1, sub(mul(k(0.5f), hl), k(1.0f)));
        px = pick(ax, ax, hx), py = pick(ay, ay, hy), pz = pick(az, az, hz), pw = pick(aw, aw, hw);
        qx = pick(bx, hx, bx), qy = pick(by, hy, by), qz = pick(bz, hz, bz), qw = pick(bw, hw, bw);
    }
    const __m128 dm = sub(k(1.0f), s), s2 = mul(s, s), d2 = mul(dm, dm);
    __m128 cs = k(1.0f), cd = k(1.0f);
    for (int i = kSlerpTerms - 1; i >= 0; --i) {
        const __m128 u = k(kSlerpU[i]), v = k(kSlerpV[i]);
        cs = add(k(1.0f), mul(mul(sub(mul(u, s2), v), xm1), cs));
        cd = add(k(1.0f), mul(mul(sub(mul(u, d2), v), xm1), cd));
    }
    const __m128 wa = mul(dm, cd), wb = mul(s, cs);
    x = add(mul(wa, px), mul(wb, qx));
    y = add(mul(wa, py), mul(wb, qy));
    z = add(mul(wa, pz), mul(wb, qz));
    w = add(mul(wa, pw), mul(wb, qw));
    const __m128 len2 = add(add(add(mul(x, x), mul(y, y)), mul(z, z)), mul(w, w));
    // len2 <= 0 or NaN: identity, as normalize4 answers. The 1/sqrt(0) lanes are discarded here.
    const __m128 ok = _mm_cmpgt_ps(len2, _mm_setzero_ps());
    const __m128 inv = _mm_div_ps(k(1.0f), _mm_sqrt_ps(len2));
    x = _mm_and_ps(ok, mul(x, inv));
    y = _mm_and_ps(ok, mul(y, inv));
    z = _mm_and_ps(ok, mul(z, inv));
    w = _mm_or_ps(_mm_and_ps(ok, mul(w, inv)), _mm_andnot_ps(ok, k(1.0f)));
}
#endif

#if defined(SV_FRAME_AVX2)
// Where `mask` is set, `yes`, else `no` (slerp4's select, eight lanes).
__attribute__((target("avx2"))) inline __m256 select8(__m256 mask, __m256 yes, __m256 no) {
    return _mm256_or_ps(_mm256_and_ps(mask, yes), _mm256_andnot_ps(mask, no));
}
// slerp4 eight lanes wide, for AVX2 machines (the packed sampler calls it through a function built
// for AVX2 alone: frame_clones.h). Line for line slerp4's operations in slerp4's order, so each lane
// is the same bits; the compares are the ordered ones SSE's are (a NaN lane compares false). Written
// without lambdas: a lambda does not take the function's target, and could not hold AVX values.
__attribute__((target("avx2"))) inline void slerp8(__m256 ax, __m256 ay, __m256 az, __m256 aw, __m256 bx,
                                                   __m256 by, __m256 bz, __m256 bw, __m256 t, __m256& x,
                                                   __m256& y, __m256& z, __m256& w) {
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 d = _mm256_add_ps(
        _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(ax, bx), _mm256_mul_ps(ay, by)), _mm256_mul_ps(az, bz)),
        _mm256_mul_ps(aw, bw));
    const __m256 flip =
        _mm256_and_ps(_mm256_cmp_ps(d, _mm256_setzero_ps(), _CMP_LT_OQ), _mm256_set1_ps(-0.0f));
    const __m256 dabs = _mm256_xor_ps(d, flip);
    bx = _mm256_xor_ps(bx, flip), by = _mm256_xor_ps(by, flip), bz = _mm256_xor_ps(bz, flip),
    bw = _mm256_xor_ps(bw, flip);
    const __m256 direct = _mm256_cmp_ps(dabs, _mm256_set1_ps(kSlerpDirectCos), _CMP_GE_OQ);
    __m256 px = ax, py = ay, pz = az, pw = aw, qx = bx, qy = by, qz = bz, qw = bw, s = t;
    __m256 xm1 = _mm256_sub_ps(dabs, one);
    if (_mm256_movemask_ps(direct) != 0xFF) {
        __m256 hx = _mm256_add_ps(ax, bx), hy = _mm256_add_ps(ay, by), hz = _mm256_add_ps(az, bz),
               hw = _mm256_add_ps(aw, bw);
        const __m256 hl = _mm256_sqrt_ps(_mm256_add_ps(
            _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(hx, hx), _mm256_mul_ps(hy, hy)), _mm256_mul_ps(hz, hz)),
            _mm256_mul_ps(hw, hw)));
        const __m256 hinv = _mm256_div_ps(one, hl);
        hx = _mm256_mul_ps(hx, hinv), hy = _mm256_mul_ps(hy, hinv), hz = _mm256_mul_ps(hz, hinv),
        hw = _mm256_mul_ps(hw, hinv);
        const __m256 first = _mm256_cmp_ps(t, _mm256_set1_ps(0.5f), _CMP_LT_OQ);
        const __m256 t2 = _mm256_add_ps(t, t);
        // Per lane: the direct inputs where `direct`, else the half interval's (slerp4's pick).
        s = select8(direct, t, select8(first, t2, _mm256_sub_ps(t2, one)));
        xm1 = select8(direct, xm1, _mm256_sub_ps(_mm256_mul_ps(_mm256_set1_ps(0.5f), hl), one));
        px = select8(direct, ax, select8(first, ax, hx)), py = select8(direct, ay, select8(first, ay, hy));
        pz = select8(direct, az, select8(first, az, hz)), pw = select8(direct, aw, select8(first, aw, hw));
        qx = select8(direct, bx, select8(first, hx, bx)), qy = select8(direct, by, select8(first, hy, by));
        qz = select8(direct, bz, select8(first, hz, bz)), qw = select8(direct, bw, select8(first, hw, bw));
    }
    const __m256 dm = _mm256_sub_ps(one, s), s2 = _mm256_mul_ps(s, s), d2 = _mm256_mul_ps(dm, dm);
    __m256 cs = one, cd = one;
    for (int i = kSlerpTerms - 1; i >= 0; --i) {
        const __m256 u = _mm256_set1_ps(kSlerpU[i]), v = _mm256_set1_ps(kSlerpV[i]);
        cs =
            _mm256_add_ps(one, _mm256_mul_ps(_mm256_mul_ps(_mm256_sub_ps(_mm256_mul_ps(u, s2), v), xm1), cs));
        cd =
            _mm256_add_ps(one, _mm256_mul_ps(_mm256_mul_ps(_mm256_sub_ps(_mm256_mul_ps(u, d2), v), xm1), cd));
    }
    const __m256 wa = _mm256_mul_ps(dm, cd), wb = _mm256_mul_ps(s, cs);
    x = _mm256_add_ps(_mm256_mul_ps(wa, px), _mm256_mul_ps(wb, qx));
    y = _mm256_add_ps(_mm256_mul_ps(wa, py), _mm256_mul_ps(wb, qy));
    z = _mm256_add_ps(_mm256_mul_ps(wa, pz), _mm256_mul_ps(wb, qz));
    w = _mm256_add_ps(_mm256_mul_ps(wa, pw), _mm256_mul_ps(wb, qw));
    const __m256 len2 = _mm256_add_ps(
        _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(x, x), _mm256_mul_ps(y, y)), _mm256_mul_ps(z, z)),
        _mm256_mul_ps(w, w));
    const __m256 ok = _mm256_cmp_ps(len2, _mm256_setzero_ps(), _CMP_GT_OQ);
    const __m256 inv = _mm256_div_ps(one, _mm256_sqrt_ps(len2));
    x = _mm256_and_ps(ok, _mm256_mul_ps(x, inv));
    y = _mm256_and_ps(ok, _mm256_mul_ps(y, inv));
    z = _mm256_and_ps(ok, _mm256_mul_ps(z, inv));
    w = _mm256_or_ps(_mm256_and_ps(ok, _mm256_mul_ps(w, inv)), _mm256_andnot_ps(ok, one));
}
#endif

}  // namespace sv::anim::detail

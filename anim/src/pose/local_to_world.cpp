// Skeleton::apply_pose and apply_local_matrices: local to world in index order, then palette =
// world x inverse bind, the frame path's hottest loop (anim/pose/skeleton.h).
//
// The SSE2 path does each element's arithmetic in the scalar path's order (same products, same
// sums, same order), so the two give the same bits; what the SSE2 path changes is where operands
// come from, because on this loop the x86 shuffle port, not the arithmetic, was the limit (about
// 38 shuffles a joint against some 60 multiplies and adds, and most cores issue one shuffle a
// cycle):
// - the local matrix stays as the four joints' columns one lane a joint (trs_to_matrix4), and the
//   world product broadcasts its elements from there, instead of transposing it into four matrices
//   first (8 shuffles a joint);
// - the inverse binds are kept pre-broadcast (build_frame_tables: each of the 12 elements a joint
//   reads, four times over), so the palette product loads its operands instead of shuffling them
//   (12 shuffles a joint; 192 bytes a joint of memory, 0.8 MB for a 4096-joint skin);
// - a joint whose parent is the joint before it (most joints of a depth-first list: spine, arms,
//   finger chains) takes the parent's world from registers instead of reloading what was just
//   stored.
// Measured on the frame bench's 65-joint humanoid: docs (Benchmarks, against ozz-animation). It
// would stop agreeing with the scalar path if the compiler contracted a*b + c into an FMA on one
// path and not the other (ISO C++17 mode keeps GCC's -ffp-contract off).
#include <algorithm>
#include <cassert>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "anim/pose/skeleton.h"
#include "frame_clones.h"

#if defined(SV_FRAME_AVX2)
#include <immintrin.h>
#endif

namespace sv::anim {

namespace {

// The inverse binds' broadcast table holds joints in pairs (build_frame_tables): element k of joint
// j, four times over, at (j / 2) * 96 + k * 8 + (j % 2) * 4, so one 256-bit load gives a pair's.
inline size_t ib_at(size_t j) { return (j / 2) * 96 + (j % 2) * 4; }

// Column-major affine product, out = a * b, for matrices whose bottom row is (0 0 0 1): TRS
// locals always are, and create() refuses inverse binds and root parent worlds that are not. It
// is 36 multiply-adds against a general product's 64. `a` is copied to locals first so the
// compiler need not assume `out` aliases it.
[[maybe_unused]] inline void mul(const float* __restrict a, const float* __restrict b,
                                 float* __restrict out) {
    float m[12];
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 3; ++r) m[c * 3 + r] = a[c * 4 + r];
    for (int c = 0; c < 4; ++c) {
        const float b0 = b[c * 4 + 0], b1 = b[c * 4 + 1], b2 = b[c * 4 + 2];
        for (int r = 0; r < 3; ++r) out[c * 4 + r] = m[r] * b0 + m[3 + r] * b1 + m[6 + r] * b2;
        out[c * 4 + 3] = 0.0f;
    }
    for (int r = 0; r < 3; ++r) out[12 + r] += m[9 + r];
    out[15] = 1.0f;
}

// T * R * S as glTF composes a node's local transform.
[[maybe_unused]] inline void trs_to_matrix(const float* t, const float* q, const float* s, float* m) {
    const float x = q[0], y = q[1], z = q[2], w = q[3];
    const float xx = x * x, yy = y * y, zz = z * z;
    const float xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z;
    m[0] = (1.0f - 2.0f * (yy + zz)) * s[0];
    m[1] = (2.0f * (xy + wz)) * s[0];
    m[2] = (2.0f * (xz - wy)) * s[0];
    m[3] = 0.0f;
    m[4] = (2.0f * (xy - wz)) * s[1];
    m[5] = (1.0f - 2.0f * (xx + zz)) * s[1];
    m[6] = (2.0f * (yz + wx)) * s[1];
    m[7] = 0.0f;
    m[8] = (2.0f * (xz + wy)) * s[2];
    m[9] = (2.0f * (yz - wx)) * s[2];
    m[10] = (1.0f - 2.0f * (xx + yy)) * s[2];
    m[11] = 0.0f;
    m[12] = t[0];
    m[13] = t[1];
    m[14] = t[2];
    m[15] = 1.0f;
}

#if defined(__SSE2__)

template <int I>
inline __m128 lane(__m128 v) {
    return _mm_shuffle_ps(v, v, _MM_SHUFFLE(I, I, I, I));
}

inline __m128 xyz_mask() { return _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1)); }

inline void load4(const float* m, __m128 out[4]) {
    for (int c = 0; c < 4; ++c) out[c] = _mm_loadu_ps(m + c * 4);
}
inline void store4(const __m128 m[4], float* out) {
    for (int c = 0; c < 4; ++c) _mm_storeu_ps(out + c * 4, m[c]);
}

// out = a * b (the scalar `mul`'s arithmetic, a column at a time), with b's elements given already
// broadcast: `b[c * 3 + r]` holds element (r, c) in every lane. b's bottom row is 0 0 0 1 by
// contract and never read; the result's is made exactly 0 0 0 1 (the masked lanes would otherwise
// hold 0 * x sums that can come out as -0).
inline void mul_affine_splat(const __m128 a[4], const __m128 b[12], __m128 out[4]) {
    for (int c = 0; c < 4; ++c) {
        const __m128 r = _mm_add_ps(_mm_add_ps(_mm_mul_ps(a[0], b[c * 3]), _mm_mul_ps(a[1], b[c * 3 + 1])),
                                    _mm_mul_ps(a[2], b[c * 3 + 2]));
        out[c] = c == 3 ? _mm_add_ps(r, a[3]) : _mm_and_ps(r, xyz_mask());
    }
}

// Four joints' rotation-and-scale columns at once, one joint a lane (the scalar trs_to_matrix's
// arithmetic, lane by lane): out[c * 3 + r] is element (r, c) of the four local matrices, c < 3.
inline void rotation_scale4(const float* q, const float* s, __m128 out[9]) {
    __m128 x = _mm_loadu_ps(q), y = _mm_loadu_ps(q + 4), z = _mm_loadu_ps(q + 8), w = _mm_loadu_ps(q + 12);
    _MM_TRANSPOSE4_PS(x, y, z, w);
    const __m128 sx = _mm_setr_ps(s[0], s[3], s[6], s[9]);
    const __m128 sy = _mm_setr_ps(s[1], s[4], s[7], s[10]);
    const __m128 sz = _mm_setr_ps(s[2], s[5], s[8], s[11]);
    const __m128 one = _mm_set1_ps(1.0f), two = _mm_set1_ps(2.0f);
    const __m128 xx = _mm_mul_ps(x, x), yy = _mm_mul_ps(y, y), zz = _mm_mul_ps(z, z);
    const __m128 xy = _mm_mul_ps(x, y), xz = _mm_mul_ps(x, z), yz = _mm_mul_ps(y, z);
    const __m128 wx = _mm_mul_ps(w, x), wy = _mm_mul_ps(w, y), wz = _mm_mul_ps(w, z);
    auto one_minus = [&](__m128 a, __m128 b) { return _mm_sub_ps(one, _mm_mul_ps(two, _mm_add_ps(a, b))); };
    auto twice = [&](__m128 a) { return _mm_mul_ps(two, a); };
    out[0] = _mm_mul_ps(one_minus(yy, zz), sx);
    out[1] = _mm_mul_ps(twice(_mm_add_ps(xy, wz)), sx);
    out[2] = _mm_mul_ps(twice(_mm_sub_ps(xz, wy)), sx);
    out[3] = _mm_mul_ps(twice(_mm_sub_ps(xy, wz)), sy);
    out[4] = _mm_mul_ps(one_minus(xx, zz), sy);
    out[5] = _mm_mul_ps(twice(_mm_add_ps(yz, wx)), sy);
    out[6] = _mm_mul_ps(twice(_mm_add_ps(xz, wy)), sz);
    out[7] = _mm_mul_ps(twice(_mm_sub_ps(yz, wx)), sz);
    out[8] = _mm_mul_ps(one_minus(xx, yy), sz);
}

// Joint I of a group: world = parent x local, its local's rotation-and-scale elements in lane I of
// `rs` and its translation `t` broadcast from memory.
template <int I>
inline void world_of(const __m128 parent[4], const __m128 rs[9], const float* t, __m128 w[4]) {
    __m128 b[12];
    for (int k = 0; k < 9; ++k) b[k] = lane<I>(rs[k]);
    for (int r = 0; r < 3; ++r) b[9 + r] = _mm_set1_ps(t[r]);
    mul_affine_splat(parent, b, w);
}

// The parent's world: from registers when it is the joint just done, else from memory.
inline void parent_of(size_t j, int p, const float* world, const float* root_parent, const __m128 previous[4],
                      __m128 out[4]) {
    if (p >= 0 && static_cast<size_t>(p) + 1 == j) {
        for (int c = 0; c < 4; ++c) out[c] = previous[c];
    } else {
        load4(p >= 0 ? world + static_cast<size_t>(p) * 16 : root_parent + j * 16, out);
    }
}

inline void palette_of(const __m128 w[4], const float* ib_splat, float* palette) {
    __m128 b[12], pal[4];
    for (int k = 0; k < 12; ++k) b[k] = _mm_loadu_ps(ib_splat + k * 8);
    mul_affine_splat(w, b, pal);
    store4(pal, palette);
}

#if defined(SV_FRAME_AVX2)
// The palettes of joints 2p and 2p + 1 for every whole pair, two joints a 256-bit register: the same
// products and sums as palette_of, lane for lane, so the same bits, in half the instructions. Its
// cost: each world is read back from memory (it was just stored, so from the first-level cache),
// where the per-joint palette took it from registers.
__attribute__((target("avx2"))) void palette_pairs(const float* world, const float* ib_splat, size_t pairs,
                                                   float* palette) {
    const __m256 mask = _mm256_castsi256_ps(_mm256_set_epi32(0, -1, -1, -1, 0, -1, -1, -1));
    for (size_t p = 0; p < pairs; ++p) {
        const float* w0 = world + p * 32;
        __m256 a[4], b[12];
        for (int c = 0; c < 4; ++c)
            a[c] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(w0 + c * 4)),
                                        _mm_loadu_ps(w0 + 16 + c * 4), 1);
        for (int k = 0; k < 12; ++k) b[k] = _mm256_loadu_ps(ib_splat + p * 96 + static_cast<size_t>(k) * 8);
        float* out = palette + p * 32;
        for (int c = 0; c < 4; ++c) {
            const __m256 r =
                _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(a[0], b[c * 3]), _mm256_mul_ps(a[1], b[c * 3 + 1])),
                              _mm256_mul_ps(a[2], b[c * 3 + 2]));
            const __m256 col = c == 3 ? _mm256_add_ps(r, a[3]) : _mm256_and_ps(r, mask);
            _mm_storeu_ps(out + c * 4, _mm256_castps256_ps128(col));
            _mm_storeu_ps(out + 16 + c * 4, _mm256_extractf128_ps(col, 1));
        }
    }
}
#endif

#endif

}  // namespace

void Skeleton::build_frame_tables() {
    const size_t n = parents_.size();
    // In pairs (see ib_at): a last, unpaired joint leaves its partner's half zero.
    ib_splat_.assign((n + 1) / 2 * 96, 0.0f);
    for (size_t j = 0; j < n; ++j)
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 3; ++r)
                std::fill_n(&ib_splat_[ib_at(j) + static_cast<size_t>(c * 3 + r) * 8], 4,
                            inverse_bind_[j * 16 + static_cast<size_t>(c * 4 + r)]);
}

#if defined(__SSE2__)

namespace {

// apply_pose's loop, on plain arrays: a function of this file alone, because a clone set
// (SV_FRAME_CLONES) that other files call by name links under GCC but not under clang, whose
// callers elsewhere do not see the clones.
SV_FRAME_CLONES void apply_pose_arrays(size_t n, const float* T, const float* R, const float* S,
                                       const int* parents, const float* root_parent, const float* ib_splat,
                                       float* world, float* palette) {
#if defined(SV_FRAME_AVX2)
    // Whether the palettes are made in pairs after the worlds (palette_pairs).
    const bool pairs = detail::frame_avx2();
#else
    constexpr bool pairs = false;
#endif
    __m128 w[4] = {};
    for (size_t j0 = 0; j0 < n; j0 += 4) {
        const size_t count = std::min<size_t>(4, n - j0);
        __m128 rs[9];
        if (count == 4) {
            rotation_scale4(R + j0 * 4, S + j0 * 3, rs);
        } else {
            // The last, short group: pad with rest joints so the lanes past the end compute
            // something finite and are then ignored.
            float q[16] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
            float s[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
            std::copy(R + j0 * 4, R + (j0 + count) * 4, q);
            std::copy(S + j0 * 3, S + (j0 + count) * 3, s);
            rotation_scale4(q, s, rs);
        }
        for (size_t i = 0; i < count; ++i) {
            const size_t j = j0 + i;
            __m128 parent[4];
            parent_of(j, parents[j], world, root_parent, w, parent);
            const float* t = T + j * 3;
            switch (i) {  // the lane is a shuffle's immediate operand
                case 0:
                    world_of<0>(parent, rs, t, w);
                    break;
                case 1:
                    world_of<1>(parent, rs, t, w);
                    break;
                case 2:
                    world_of<2>(parent, rs, t, w);
                    break;
                default:
                    world_of<3>(parent, rs, t, w);
                    break;
            }
            store4(w, world + j * 16);
            if (!pairs) palette_of(w, ib_splat + ib_at(j), palette + j * 16);
        }
    }
#if defined(SV_FRAME_AVX2)
    if (pairs) {
        palette_pairs(world, ib_splat, n / 2, palette);
        if (n % 2) {
            __m128 last[4];
            load4(world + (n - 1) * 16, last);
            palette_of(last, ib_splat + ib_at(n - 1), palette + (n - 1) * 16);
        }
    }
#endif
}

}  // namespace

void Skeleton::apply_pose(const Pose& pose) {
    assert(pose.joint_count() == joint_count());
    assert(ib_splat_.size() == (parents_.size() + 1) / 2 * 96);
    apply_pose_arrays(parents_.size(), pose.translation.data(), pose.rotation.data(), pose.scale.data(),
                      parents_.data(), root_parent_world_.data(), ib_splat_.data(), world_.data(),
                      palette_.data());
}

void Skeleton::apply_local_matrices(const float* locals) {
    const size_t n = parents_.size();
    __m128 w[4] = {};
    for (size_t j = 0; j < n; ++j) {
        __m128 parent[4], b[12];
        parent_of(j, parents_[j], world_.data(), root_parent_world_.data(), w, parent);
        // The local's elements broadcast, as world_of broadcasts a lane.
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 3; ++r)
                b[c * 3 + r] = _mm_set1_ps(locals[j * 16 + static_cast<size_t>(c * 4 + r)]);
        mul_affine_splat(parent, b, w);
        store4(w, &world_[j * 16]);
        palette_of(w, &ib_splat_[ib_at(j)], &palette_[j * 16]);
    }
}

#else  // the portable path; the SSE2 one above must agree with it bit for bit

void Skeleton::apply_pose(const Pose& pose) {
    assert(pose.joint_count() == joint_count());
    const int n = joint_count();
    const float* T = pose.translation.data();
    const float* R = pose.rotation.data();
    const float* S = pose.scale.data();
    float local[16];
    for (int j = 0; j < n; ++j) {
        trs_to_matrix(T + j * 3, R + j * 4, S + j * 3, local);
        const int p = parents_[static_cast<size_t>(j)];
        const float* parent =
            p >= 0 ? &world_[static_cast<size_t>(p) * 16] : &root_parent_world_[static_cast<size_t>(j) * 16];
        float* w = &world_[static_cast<size_t>(j) * 16];
        mul(parent, local, w);
        mul(w, &inverse_bind_[static_cast<size_t>(j) * 16], &palette_[static_cast<size_t>(j) * 16]);
    }
}

void Skeleton::apply_local_matrices(const float* locals) {
    const int n = joint_count();
    for (int j = 0; j < n; ++j) {
        const int p = parents_[static_cast<size_t>(j)];
        const float* parent =
            p >= 0 ? &world_[static_cast<size_t>(p) * 16] : &root_parent_world_[static_cast<size_t>(j) * 16];
        float* w = &world_[static_cast<size_t>(j) * 16];
        mul(parent, locals + static_cast<size_t>(j) * 16, w);
        mul(w, &inverse_bind_[static_cast<size_t>(j) * 16], &palette_[static_cast<size_t>(j) * 16]);
    }
}
#endif

}  // namespace sv::anim

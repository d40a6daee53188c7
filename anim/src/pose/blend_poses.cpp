#include "anim/pose/blend_poses.h"

#include <cassert>
#include <cmath>
#include <string>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "frame_clones.h"

namespace sv::anim {

namespace {

void normalize4(float* q) {
    const float len2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (len2 > 0.0f && std::isfinite(len2)) {
        const float inv = 1.0f / std::sqrt(len2);
        for (int i = 0; i < 4; ++i) q[i] *= inv;
    } else {
        // Only reachable from a zero or non-finite input rotation: identity is the one safe answer.
        q[0] = q[1] = q[2] = 0.0f;
        q[3] = 1.0f;
    }
}

// Normalised lerp on a's hemisphere. Chosen over slerp for blending because a blend weight is not a
// time: nlerp's slight angular ease is invisible under a slider and it is three multiplies cheaper
// a joint. The hemisphere flip is the part that matters: without it two keys of the same rotation
// stored with opposite signs blend through zero at weight 0.5 and renormalise to garbage.
void nlerp(const float* a, const float* b, float w, float* out) {
    const float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    const float wb = d < 0.0f ? -w : w;
    const float wa = 1.0f - w;
    float r[4];
    for (int i = 0; i < 4; ++i) r[i] = wa * a[i] + wb * b[i];
    normalize4(r);
    for (int i = 0; i < 4; ++i) out[i] = r[i];
}

// Hamilton product a * b, xyzw.
void qmul(const float* a, const float* b, float* out) {
    const float x = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
    const float y = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
    const float z = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
    const float w = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
    out[0] = x;
    out[1] = y;
    out[2] = z;
    out[3] = w;
}

// A pose whose three arrays disagree on the joint count (joint_count() reads the translations).
bool malformed(const Pose& p) {
    const size_t n = p.translation.size() / 3;
    return p.translation.size() % 3 != 0 || p.scale.size() != n * 3 || p.rotation.size() != n * 4;
}

// Everything the loops rely on, with the reason when it is not so. Integer comparisons only unless
// it refuses, so the frame path still formats and allocates nothing. `first`/`second` name the
// inputs in the caller's words (a and b; base and clip).
Status check_sizes(const char* job, const char* first, const Pose& a, const char* second, const Pose& b,
                   const Pose& out) {
    const std::pair<const char*, const Pose*> poses[] = {{first, &a}, {second, &b}, {"output", &out}};
    for (const auto& [name, p] : poses)
        if (malformed(*p))
            return make_error(std::string(job) + ": the " + name + " pose's arrays disagree (" +
                              std::to_string(p->translation.size()) + " translation, " +
                              std::to_string(p->rotation.size()) + " rotation, " +
                              std::to_string(p->scale.size()) + " scale floats)");
    if (b.joint_count() != a.joint_count())
        return make_error(std::string(job) + ": the " + second + " pose has " +
                          std::to_string(b.joint_count()) + " joints, the " + first + " pose " +
                          std::to_string(a.joint_count()));
    if (out.joint_count() != a.joint_count())
        return make_error(std::string(job) + ": the output pose has " + std::to_string(out.joint_count()) +
                          " joints, the inputs " + std::to_string(a.joint_count()));
    return ok_status();
}

Status check_weight(const char* job, float weight) {
    if (!std::isfinite(weight)) return make_error(std::string(job) + ": the weight is not finite");
    return ok_status();
}

Status check_mask(const char* job, const JointMask& mask, const Pose& out) {
    if (mask.joint_count() != out.joint_count())
        return make_error(std::string(job) + ": the mask has " + std::to_string(mask.joint_count()) +
                          " joints, the poses " + std::to_string(out.joint_count()));
    return ok_status();
}

// A joint at weight 0 (outside a mask, or a layer faded out) is copied, not blended: blending
// would renormalise a's rotation and move it by a rounding, so a masked-off leg would not be
// exactly the leg the base animation produced.
void copy_joint(const Pose& a, size_t j, Pose& out) {
    if (&a == &out) return;
    for (size_t i = j * 3; i < j * 3 + 3; ++i) {
        out.translation[i] = a.translation[i];
        out.scale[i] = a.scale[i];
    }
    for (size_t i = j * 4; i < j * 4 + 4; ++i) out.rotation[i] = a.rotation[i];
}

void blend_joint(const Pose& a, const Pose& b, float w, size_t j, Pose& out) {
    if (w == 0.0f) return copy_joint(a, j, out);
    for (size_t i = j * 3; i < j * 3 + 3; ++i) {
        out.translation[i] = a.translation[i] + w * (b.translation[i] - a.translation[i]);
        out.scale[i] = a.scale[i] + w * (b.scale[i] - a.scale[i]);
    }
    nlerp(&a.rotation[j * 4], &b.rotation[j * 4], w, &out.rotation[j * 4]);
}

void add_joint(const Pose& base, const Pose& clip, const Pose& ref, float w, size_t j, Pose& out) {
    if (w == 0.0f) return copy_joint(base, j, out);
    for (size_t i = j * 3; i < j * 3 + 3; ++i) {
        out.translation[i] = base.translation[i] + w * (clip.translation[i] - ref.translation[i]);
        // A zero reference scale has no ratio; the layer then leaves the base's scale alone rather
        // than dividing by zero (a collapsed reference joint says nothing about relative size).
        const float ratio = ref.scale[i] != 0.0f ? clip.scale[i] / ref.scale[i] : 1.0f;
        out.scale[i] = base.scale[i] * (1.0f + w * (ratio - 1.0f));
    }
    const float* r = &ref.rotation[j * 4];
    const float inv_ref[4] = {-r[0], -r[1], -r[2], r[3]};  // inputs are unit: conjugate is inverse
    float delta[4];
    qmul(inv_ref, &clip.rotation[j * 4], delta);
    static const float kIdentity[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    float scaled[4];
    nlerp(kIdentity, delta, w, scaled);
    float result[4];
    qmul(&base.rotation[j * 4], scaled, result);
    normalize4(result);
    for (int i = 0; i < 4; ++i) out.rotation[j * 4 + i] = result[i];
}

}  // namespace

#if defined(__SSE2__)
namespace {
// blend_poses's loops once the inputs are known good: a function of this file alone, because a
// clone set (SV_FRAME_CLONES) that other files call by name links under GCC but not under clang.
SV_FRAME_CLONES void blend_valid_poses(const Pose& a, const Pose& b, float weight, Pose& out) {
    const size_t n = static_cast<size_t>(out.joint_count());
    // The frame path's two-clip blend, which runs every frame for every joint: translation and
    // scale as flat loops the compiler vectorises, rotations four joints at a time so that four
    // nlerps share one square root and one division. Each lane does blend_joint's operations in
    // its order, so the results are the same bits as the per-joint form (the masked overload and
    // the tail below still use it). `out` may alias a or b: every element is read before written.
    if (weight == 0.0f) {
        for (size_t j = 0; j < n; ++j) copy_joint(a, j, out);
        return;
    }
    {
        const float* at = a.translation.data();
        const float* bt = b.translation.data();
        const float* as = a.scale.data();
        const float* bs = b.scale.data();
        float* ot = out.translation.data();
        float* os = out.scale.data();
        for (size_t i = 0; i < n * 3; ++i) {
            ot[i] = at[i] + weight * (bt[i] - at[i]);
            os[i] = as[i] + weight * (bs[i] - as[i]);
        }
    }
    const float* ar = a.rotation.data();
    const float* br = b.rotation.data();
    float* orot = out.rotation.data();
    const __m128 w = _mm_set1_ps(weight), wa = _mm_set1_ps(1.0f - weight), zero = _mm_setzero_ps();
    const __m128 sign = _mm_set1_ps(-0.0f), one = _mm_set1_ps(1.0f);
    const __m128 inf = _mm_set1_ps(INFINITY);
    size_t j = 0;
    for (; j + 4 <= n; j += 4) {
        __m128 ax = _mm_loadu_ps(ar + j * 4), ay = _mm_loadu_ps(ar + j * 4 + 4);
        __m128 az = _mm_loadu_ps(ar + j * 4 + 8), aw = _mm_loadu_ps(ar + j * 4 + 12);
        __m128 bx = _mm_loadu_ps(br + j * 4), by = _mm_loadu_ps(br + j * 4 + 4);
        __m128 bz = _mm_loadu_ps(br + j * 4 + 8), bw = _mm_loadu_ps(br + j * 4 + 12);
        _MM_TRANSPOSE4_PS(ax, ay, az, aw);
        _MM_TRANSPOSE4_PS(bx, by, bz, bw);
        const __m128 d =
            _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, bx), _mm_mul_ps(ay, by)), _mm_mul_ps(az, bz)),
                       _mm_mul_ps(aw, bw));
        const __m128 wb = _mm_xor_ps(w, _mm_and_ps(_mm_cmplt_ps(d, zero), sign));
        __m128 x = _mm_add_ps(_mm_mul_ps(wa, ax), _mm_mul_ps(wb, bx));
        __m128 y = _mm_add_ps(_mm_mul_ps(wa, ay), _mm_mul_ps(wb, by));
        __m128 z = _mm_add_ps(_mm_mul_ps(wa, az), _mm_mul_ps(wb, bz));
        __m128 q = _mm_add_ps(_mm_mul_ps(wa, aw), _mm_mul_ps(wb, bw));
        const __m128 len2 = _mm_add_ps(
            _mm_add_ps(_mm_add_ps(_mm_mul_ps(x, x), _mm_mul_ps(y, y)), _mm_mul_ps(z, z)), _mm_mul_ps(q, q));
        // normalize4's test, len2 > 0 and finite (NaN fails both compares): identity otherwise.
        const __m128 ok = _mm_and_ps(_mm_cmpgt_ps(len2, zero), _mm_cmplt_ps(len2, inf));
        const __m128 inv = _mm_div_ps(one, _mm_sqrt_ps(len2));
        x = _mm_and_ps(ok, _mm_mul_ps(x, inv));
        y = _mm_and_ps(ok, _mm_mul_ps(y, inv));
        z = _mm_and_ps(ok, _mm_mul_ps(z, inv));
        q = _mm_or_ps(_mm_and_ps(ok, _mm_mul_ps(q, inv)), _mm_andnot_ps(ok, one));
        _MM_TRANSPOSE4_PS(x, y, z, q);
        _mm_storeu_ps(orot + j * 4, x);
        _mm_storeu_ps(orot + j * 4 + 4, y);
        _mm_storeu_ps(orot + j * 4 + 8, z);
        _mm_storeu_ps(orot + j * 4 + 12, q);
    }
    for (; j < n; ++j) nlerp(&ar[j * 4], &br[j * 4], weight, &orot[j * 4]);
}
}  // namespace
#endif

Status blend_poses(const Pose& a, const Pose& b, float weight, Pose& out) {
    if (Status st = check_sizes("blend_poses", "first", a, "second", b, out); !st) return st;
    if (Status st = check_weight("blend_poses", weight); !st) return st;
#if defined(__SSE2__)
    blend_valid_poses(a, b, weight, out);
#else
    const size_t n = static_cast<size_t>(out.joint_count());
    for (size_t j = 0; j < n; ++j) blend_joint(a, b, weight, j, out);
#endif
    return ok_status();
}

Status blend_poses(const Pose& a, const Pose& b, float weight, const JointMask& mask, Pose& out) {
    if (Status st = check_sizes("blend_poses", "first", a, "second", b, out); !st) return st;
    if (Status st = check_weight("blend_poses", weight); !st) return st;
    if (Status st = check_mask("blend_poses", mask, out); !st) return st;
    const size_t n = static_cast<size_t>(out.joint_count());
    for (size_t j = 0; j < n; ++j) blend_joint(a, b, weight * mask.weight[j], j, out);
    return ok_status();
}

Status add_pose(const Pose& base, const Pose& clip, const Pose& reference, float weight, Pose& out) {
    if (Status st = check_sizes("add_pose", "base", base, "clip", clip, out); !st) return st;
    if (Status st = check_sizes("add_pose", "base", base, "reference", reference, out); !st) return st;
    if (Status st = check_weight("add_pose", weight); !st) return st;
    const size_t n = static_cast<size_t>(out.joint_count());
    for (size_t j = 0; j < n; ++j) add_joint(base, clip, reference, weight, j, out);
    return ok_status();
}

Status add_pose(const Pose& base, const Pose& clip, const Pose& reference, float weight,
                const JointMask& mask, Pose& out) {
    if (Status st = check_sizes("add_pose", "base", base, "clip", clip, out); !st) return st;
    if (Status st = check_sizes("add_pose", "base", base, "reference", reference, out); !st) return st;
    if (Status st = check_weight("add_pose", weight); !st) return st;
    if (Status st = check_mask("add_pose", mask, out); !st) return st;
    const size_t n = static_cast<size_t>(out.joint_count());
    for (size_t j = 0; j < n; ++j) add_joint(base, clip, reference, weight * mask.weight[j], j, out);
    return ok_status();
}

void set_joint(Pose& pose, int joint, const glm::vec3& translation, const glm::quat& rotation,
               const glm::vec3& scale) {
    assert(joint >= 0 && joint < pose.joint_count());
    const size_t j = static_cast<size_t>(joint);
    for (int i = 0; i < 3; ++i) {
        pose.translation[j * 3 + static_cast<size_t>(i)] = translation[i];
        pose.scale[j * 3 + static_cast<size_t>(i)] = scale[i];
    }
    float q[4] = {rotation.x, rotation.y, rotation.z, rotation.w};
    normalize4(q);
    for (int i = 0; i < 4; ++i) pose.rotation[j * 4 + static_cast<size_t>(i)] = q[i];
}

Expected<JointMask> subtree_mask(const std::vector<int>& parents, int joint, float inside, float outside) {
    const int n = static_cast<int>(parents.size());
    if (joint < 0 || joint >= n)
        return make_error("subtree mask: joint " + std::to_string(joint) + " is out of range (skeleton has " +
                          std::to_string(n) + " joints)");
    JointMask mask;
    mask.weight.assign(parents.size(), outside);
    std::vector<char> in(parents.size(), 0);
    for (int j = 0; j < n; ++j) {
        const int p = parents[static_cast<size_t>(j)];
        if (p >= j || p < -1)
            return make_error("subtree mask: joint " + std::to_string(j) + " names parent " +
                              std::to_string(p) + ", which is not before it; the list must be parents-first");
        const bool member = j == joint || (p >= 0 && in[static_cast<size_t>(p)]);
        in[static_cast<size_t>(j)] = member ? 1 : 0;
        if (member) mask.weight[static_cast<size_t>(j)] = inside;
    }
    return mask;
}

Expected<JointMask> subtree_mask(const std::vector<int>& parents, const std::vector<std::string>& names,
                                 const std::string& joint, float inside, float outside) {
    for (size_t j = 0; j < names.size(); ++j)
        if (names[j] == joint) return subtree_mask(parents, static_cast<int>(j), inside, outside);
    return make_error("subtree mask: no joint is named '" + joint + "'");
}

}  // namespace sv::anim

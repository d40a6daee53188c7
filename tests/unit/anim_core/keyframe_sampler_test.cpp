// The one keyframe sampler (anim/src/pose/keyframe_sampler.h) against glTF 2.0's sampler
// definitions written out here in double from the keys alone, through every caller of it: node
// channels (sample_channel; sample_clip and the packed clip, with and without cursors) and property
// tracks (sample_property, with and without a cursor). The definitions (glTF 2.0, "Animations" and
// Appendix C):
//   - before the first key the first value, after the last key the last value;
//   - STEP: the value of the last key at or before t;
//   - LINEAR: (1 - u) v_k + u v_k+1 with u = (t - t_k) / (t_k+1 - t_k); for rotations the spherical
//     interpolation of the two unit quaternions the short way round (sin-weighted, acos of the dot);
//   - CUBICSPLINE: (2u^3 - 3u^2 + 1) v_k + dt (u^3 - 2u^2 + u) b_k + (-2u^3 + 3u^2) v_k+1
//     + dt (u^3 - u^2) a_k+1, with b_k key k's out-tangent, a_k+1 key k+1's in-tangent and dt the key
//     interval (tangents are per second); rotations normalised afterwards.
// Edge cases: times before the first key, after the last, exactly on each key and one float step
// either side, a single key (CUBICSPLINE's value, not a tangent), and two keys at one time.
//
// Two keys at one time are not valid glTF (times must increase strictly; the importer refuses
// them), so no definition applies; the reference states the sampler's rule instead of guessing it
// from the code: from the shared time on, the later of the two (a jump, right-continuous), but at
// the first key time, where the clamp answers the first key.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>
#include <string>
#include <vector>

#include "anim/pose/clip_sampling.h"
#include "anim/pose/packed_clip.h"
#include "anim/pose/property_track.h"

using namespace sv::anim;

namespace keyframe_sampler_test {

struct Keys {
    std::vector<float> times;
    std::vector<float> values;  // n floats a key, or in-tangent, value, out-tangent for CUBICSPLINE
    int n = 3;
    Interpolation interp = Interpolation::Linear;
    bool rotation = false;
};

bool cubic(const Keys& k) { return k.interp == Interpolation::CubicSpline; }

std::vector<double> key_value(const Keys& k, size_t key) {
    const size_t n = static_cast<size_t>(k.n), per = cubic(k) ? 3 : 1,
                 at = (key * per + (cubic(k) ? 1 : 0)) * n;
    return std::vector<double>(k.values.begin() + static_cast<long>(at),
                               k.values.begin() + static_cast<long>(at + n));
}

void normalise(std::vector<double>& q) {
    double len = 0;
    for (double x : q) len += x * x;
    for (double& x : q) x /= std::sqrt(len);
}

std::vector<double> slerp_reference(std::vector<double> a, std::vector<double> b, double u) {
    normalise(a);
    normalise(b);
    double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (d < 0) {  // q and -q are one rotation: the short way round
        for (double& x : b) x = -x;
        d = -d;
    }
    std::vector<double> out(4);
    const double angle = std::acos(std::min(d, 1.0));
    for (size_t i = 0; i < 4; ++i)
        out[i] = angle < 1e-9
                     ? (1 - u) * a[i] + u * b[i]
                     : (std::sin((1 - u) * angle) * a[i] + std::sin(u * angle) * b[i]) / std::sin(angle);
    normalise(out);
    return out;
}

// The definitions above, in double. `scale_tangents` false is the slip the negative control
// measures (tangents taken per interval instead of per second).
std::vector<double> reference(const Keys& k, double t, bool scale_tangents = true) {
    const size_t keys = k.times.size();
    auto end_value = [&](size_t key) {
        std::vector<double> v = key_value(k, key);
        if (k.rotation) normalise(v);
        return v;
    };
    if (keys == 1 || t <= k.times.front()) return end_value(0);
    if (t >= k.times.back()) return end_value(keys - 1);
    size_t j = 0;  // the last key at or before t, found by walking every key
    for (size_t i = 0; i < keys; ++i)
        if (double(k.times[i]) <= t) j = i;
    if (k.interp == Interpolation::Step) return end_value(j);
    const double t0 = k.times[j], dt = double(k.times[j + 1]) - t0, u = (t - t0) / dt;
    const std::vector<double> p0 = key_value(k, j), p1 = key_value(k, j + 1);
    if (k.interp == Interpolation::Linear) {
        if (k.rotation) return slerp_reference(p0, p1, u);
        std::vector<double> out(p0.size());
        for (size_t i = 0; i < out.size(); ++i) out[i] = (1 - u) * p0[i] + u * p1[i];
        return out;
    }
    const size_t n = static_cast<size_t>(k.n);
    auto tangent = [&](size_t key, size_t kind, size_t i) {
        return double(k.values[(key * 3 + kind) * n + i]);
    };
    const double s = scale_tangents ? dt : 1.0, u2 = u * u, u3 = u2 * u;
    std::vector<double> out(n);
    for (size_t i = 0; i < n; ++i)
        out[i] = (2 * u3 - 3 * u2 + 1) * p0[i] + s * (u3 - 2 * u2 + u) * tangent(j, 2, i) +
                 (-2 * u3 + 3 * u2) * p1[i] + s * (u3 - u2) * tangent(j + 1, 0, i);
    if (k.rotation) normalise(out);
    return out;
}

// Before, on, one float step either side of, and between every key, and after the last; then
// back to the start, so a cursor is stale.
std::vector<float> probe_times(const std::vector<float>& times) {
    std::vector<float> t = {times.front() - 5.0f, times.front() - 0.25f};
    for (size_t k = 0; k < times.size(); ++k) {
        t.push_back(std::nextafter(times[k], -1e30f));
        t.push_back(times[k]);
        t.push_back(std::nextafter(times[k], 1e30f));
        if (k + 1 < times.size())
            for (int i = 1; i < 16; ++i) t.push_back(times[k] + (times[k + 1] - times[k]) * float(i) / 16.0f);
    }
    t.push_back(times.back() + 0.5f);
    t.push_back(times.back() + 100.0f);
    t.push_back(times.front());
    return t;
}

// Float arithmetic on values and tangents of magnitude <= 2 times intervals <= 2.25 s: a few 1e-7
// (the float slerp: 3.7e-7 rad, slerp.h). The slips the controls below measure are 1e-2 and more.
constexpr double kTolerance = 2e-6;

bool on_a_key(const Keys& k, float t) {
    for (float x : k.times)
        if (t == x) return true;
    return t < k.times.front() || t > k.times.back();
}

// Checks one answer. Where the answer is a key's value (on a key, past either end, any STEP time) a
// vector is that key's float exactly; a rotation, normalised in float, to within its rounding.
void expect_sample(const Keys& k, float t, const float* got, const std::string& who) {
    const std::vector<double> want = reference(k, t);
    const bool copied = on_a_key(k, t) || k.interp == Interpolation::Step || k.times.size() == 1;
    for (size_t i = 0; i < want.size(); ++i) {
        if (copied && !k.rotation)
            EXPECT_EQ(got[i], static_cast<float>(want[i])) << who << " t=" << t << " component " << i;
        else
            EXPECT_NEAR(got[i], want[i], copied ? 2e-7 : kTolerance * (1 + std::fabs(want[i])))
                << who << " t=" << t << " component " << i;
    }
}

Channel channel_of(const Keys& k, TargetPath path) {
    Channel c;
    c.node = 0;
    c.path = path;
    c.interpolation = k.interp;
    c.times = k.times;
    c.values = k.values;
    c.weight_count = path == TargetPath::Weights ? k.n : 0;
    return c;
}

// Every node-channel sampler on `k` as `path`: sample_channel alone, and (for the three transform
// paths) sample_clip and the packed clip, with a second joint keyed the same so packing has a group
// of two (LINEAR and STEP; CUBICSPLINE stays on the channel path).
void expect_channel_samplers(const Keys& k, TargetPath path) {
    const Channel c = channel_of(k, path);
    ASSERT_EQ(c.components(), k.n);
    const std::vector<float> probes = probe_times(k.times);
    for (float t : probes) {
        float v[8];
        sample_channel(c, t, v);
        expect_sample(k, t, v, "sample_channel");
    }
    if (path == TargetPath::Weights) return;  // morph weights are the mesh's, not a joint's
    Clip clip;
    clip.duration = k.times.back();
    clip.channels = {c, c};
    clip.channels[1].node = 1;
    const ClipBinding binding = bind_clip(clip, {0, 1});
    const PackedClip packed = pack_clip(clip, binding);
#if defined(__SSE2__)
    if (k.interp != Interpolation::CubicSpline) {
        ASSERT_EQ(packed.groups.size(), 1u) << "the packed path is not tested";
    }
#endif
    SamplingCursor cursor;
    PackedCursor packed_cursor;
    for (float t : probes) {
        if (t < 0) continue;  // a clip clamps its time to [0, duration] first
        Pose a(2), b(2), c2(2), d(2);
        sample_clip(clip, binding, t, false, a);
        sample_clip(clip, binding, t, false, b, cursor);
        sample_clip(packed, t, false, c2);
        sample_clip(packed, t, false, d, packed_cursor);
        const std::pair<const Pose*, const char*> poses[] = {
            {&a, "sample_clip"}, {&b, "sample_clip, cursor"}, {&c2, "packed"}, {&d, "packed, cursor"}};
        for (const auto& [p, who] : poses)
            for (size_t joint = 0; joint < 2; ++joint) {
                const float* got = path == TargetPath::Rotation      ? &p->rotation[joint * 4]
                                   : path == TargetPath::Translation ? &p->translation[joint * 3]
                                                                     : &p->scale[joint * 3];
                expect_sample(k, t, got, std::string(who) + " joint " + std::to_string(joint));
            }
    }
}

AnimatedProperty property_with(int n) {
    return n == 1   ? AnimatedProperty::MetallicFactor
           : n == 2 ? AnimatedProperty::TextureOffset
           : n == 3 ? AnimatedProperty::EmissiveFactor
                    : AnimatedProperty::BaseColorFactor;
}

void expect_property_sampler(const Keys& k) {
    PropertyChannel p;
    p.target = {property_with(k.n), 0, TextureSlot::None};
    p.interpolation = k.interp;
    p.times = k.times;
    p.values = k.values;
    ASSERT_EQ(p.components(), k.n);
    std::uint32_t hint = 0;
    for (float t : probe_times(k.times)) {
        float got[4], fresh[4];
        sample_property(p, t, got, hint);
        sample_property(p, t, fresh);
        expect_sample(k, t, got, "sample_property, cursor");
        expect_sample(k, t, fresh, "sample_property");
    }
}

// Every sampler that takes `k`: the node paths of its width and the property track of its width.
void expect_every_sampler(const Keys& k) {
    if (k.rotation) return expect_channel_samplers(k, TargetPath::Rotation);
    if (k.n == 3) {
        expect_channel_samplers(k, TargetPath::Translation);
        expect_channel_samplers(k, TargetPath::Scale);
    }
    expect_channel_samplers(k, TargetPath::Weights);
    if (k.n <= 4) expect_property_sampler(k);
}

// Uneven, non-unit intervals (1.5, 0.75, 2.25 s): a formula that drops dt, or uses 1 / dt, is off.
const std::vector<float> kUneven = {0.5f, 2.0f, 2.75f, 5.0f};

// Keys of `n` components, every value and tangent distinct and non-zero (a slip that reads the
// wrong one of the three, or the wrong key, gives another number).
Keys vector_keys(Interpolation interp, int n, std::vector<float> times = kUneven) {
    Keys k;
    k.times = std::move(times);
    k.n = n;
    k.interp = interp;
    const size_t count =
        k.times.size() * static_cast<size_t>(n) * (interp == Interpolation::CubicSpline ? 3 : 1);
    for (size_t i = 0; i < count; ++i)
        k.values.push_back((i % 2 ? -1.0f : 1.0f) * (0.3f + 0.11f * float(i % 7) + 0.013f * float(i)));
    return k;
}

// Rotations about axes that change from key to key, `degrees` apart in turn: under and over 90
// degrees (slerp.h halves the interval past 90), and a key stored as -q (the short way round).
Keys rotation_keys(Interpolation interp, const std::vector<float>& times = kUneven) {
    Keys k;
    k.times = times;
    k.n = 4;
    k.interp = interp;
    k.rotation = true;
    const float degrees[] = {0.0f, 40.0f, 190.0f, 250.0f, 300.0f};
    for (size_t key = 0; key < times.size(); ++key) {
        const float h = glm::radians(degrees[key % 5]) * 0.5f;
        const glm::vec3 axis = glm::normalize(glm::vec3(0.2f + 0.3f * float(key), 1.0f, -0.4f * float(key)));
        const float sign = key == 2 ? -1.0f : 1.0f;
        const float q[4] = {sign * axis.x * std::sin(h), sign * axis.y * std::sin(h),
                            sign * axis.z * std::sin(h), sign * std::cos(h)};
        if (interp == Interpolation::CubicSpline)  // tangents: any numbers; the blend is normalised
            for (int i = 0; i < 4; ++i) k.values.push_back(0.4f - 0.15f * float(i) + 0.05f * float(key));
        for (float x : q) k.values.push_back(x);
        if (interp == Interpolation::CubicSpline)
            for (int i = 0; i < 4; ++i) k.values.push_back(-0.3f + 0.2f * float(i) - 0.07f * float(key));
    }
    return k;
}

constexpr Interpolation kInterps[] = {Interpolation::Step, Interpolation::Linear, Interpolation::CubicSpline};

TEST(KeyframeSampler, VectorsOfOneToFiveComponentsFollowTheGltfDefinitions) {
    for (Interpolation interp : kInterps)
        for (int n = 1; n <= 5; ++n) {
            SCOPED_TRACE("interpolation " + std::to_string(static_cast<int>(interp)) + ", " +
                         std::to_string(n) + " components");
            expect_every_sampler(vector_keys(interp, n));
        }
}

TEST(KeyframeSampler, RotationsFollowTheGltfDefinitionsNearAndFarApart) {
    for (Interpolation interp : kInterps) {
        SCOPED_TRACE("interpolation " + std::to_string(static_cast<int>(interp)));
        expect_every_sampler(rotation_keys(interp, {0.5f, 2.0f, 2.75f, 5.0f, 5.5f}));
    }
}

TEST(KeyframeSampler, ASingleKeyAnswersItsValueAtEveryTime) {
    for (Interpolation interp : kInterps) {
        SCOPED_TRACE("interpolation " + std::to_string(static_cast<int>(interp)));
        expect_every_sampler(vector_keys(interp, 3, {1.25f}));
        expect_every_sampler(rotation_keys(interp, {1.25f}));
        // CUBICSPLINE: the value is the middle of the three, not the in-tangent before it.
        const Keys k = vector_keys(interp, 1, {1.25f});
        float got = 0;
        sample_channel(channel_of(k, TargetPath::Weights), 7.0f, &got);
        EXPECT_EQ(got, k.values[interp == Interpolation::CubicSpline ? 1 : 0]);
    }
}

TEST(KeyframeSampler, TwoKeysAtOneTimeJumpToTheLaterOneThere) {
    for (Interpolation interp : kInterps) {
        SCOPED_TRACE("interpolation " + std::to_string(static_cast<int>(interp)));
        // Shared inside, at the start and at the end.
        for (const std::vector<float>& times :
             {std::vector<float>{0.5f, 1.5f, 1.5f, 3.0f}, std::vector<float>{0.5f, 0.5f, 1.5f},
              std::vector<float>{0.5f, 1.5f, 1.5f}}) {
            expect_every_sampler(vector_keys(interp, 3, times));
            expect_every_sampler(rotation_keys(interp, times));
        }
        // The rule itself, spelled out on the inner pair: just before 1.5 the blend reaches toward
        // key 1, at 1.5 the value is key 2's.
        const Keys k = vector_keys(interp, 1, {0.5f, 1.5f, 1.5f, 3.0f});
        const Channel c = channel_of(k, TargetPath::Weights);
        float at = 0, before = 0;
        sample_channel(c, 1.5f, &at);
        sample_channel(c, std::nextafter(1.5f, 0.0f), &before);
        const size_t per = interp == Interpolation::CubicSpline ? 3 : 1, mid = per == 3 ? 1 : 0;
        EXPECT_EQ(at, k.values[2 * per + mid]);
        if (interp == Interpolation::Step)
            EXPECT_EQ(before, k.values[0 * per + mid]);
        else
            EXPECT_NEAR(before, k.values[1 * per + mid], 1e-5);
    }
}

// The negative controls: the slips a merged sampler could make are far outside the tolerance on
// these keys, so matching the reference rules them out. Tangents not scaled by the key interval:
TEST(KeyframeSampler, AnUnscaledTangentWouldBeSeen) {
    const Keys k = vector_keys(Interpolation::CubicSpline, 3);
    double worst = 0;
    for (float t : probe_times(k.times)) {
        const std::vector<double> right = reference(k, t), wrong = reference(k, t, false);
        for (size_t i = 0; i < right.size(); ++i) worst = std::max(worst, std::fabs(right[i] - wrong[i]));
    }
    EXPECT_GT(worst, 1000 * kTolerance);
}

// And a normalised straight line (nlerp) in place of the slerp, between keys 1 and 2 (more than 90
// degrees apart as rotations, where the two differ most):
TEST(KeyframeSampler, AnNlerpWouldBeSeen) {
    const Keys k = rotation_keys(Interpolation::Linear, {0.0f, 1.0f, 2.0f});
    {
        const std::vector<double> a = key_value(k, 1), b = key_value(k, 2);
        EXPECT_LT(std::fabs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]),
                  std::cos(glm::radians(45.0)));
    }
    double worst = 0;
    for (float t : probe_times(k.times)) {
        if (!(t > 1.0f && t < 2.0f)) continue;
        const std::vector<double> right = reference(k, t);
        std::vector<double> a = key_value(k, 1), b = key_value(k, 2), line(4);
        const double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
        for (size_t i = 0; i < 4; ++i) line[i] = (2.0 - t) * a[i] + (t - 1.0) * (d < 0 ? -b[i] : b[i]);
        normalise(line);
        for (size_t i = 0; i < 4; ++i) worst = std::max(worst, std::fabs(right[i] - line[i]));
    }
    EXPECT_GT(worst, 1000 * kTolerance);
}

// The tests sit inside the namespace too: the folder compiles as unity batches, where a using
// directive would reach the other files (their own kTolerance).
}  // namespace keyframe_sampler_test

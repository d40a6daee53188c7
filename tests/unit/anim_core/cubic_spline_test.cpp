// CUBICSPLINE as glTF 2.0 Appendix C defines it, where a wrong formula shows: keys at uneven,
// non-unit intervals, both tangents of every key non-zero and different, on every sampler path
// (sample_channel, sample_clip, the packed clip, which leaves CUBICSPLINE channels to the channel
// path) and every property (translation, scale, rotation, morph weights). The reference is the
// specification's Hermite form in double, written out here:
//   p(u) = (2u^3 - 3u^2 + 1) v_k + dt (u^3 - 2u^2 + u) b_k + (-2u^3 + 3u^2) v_k+1 + dt (u^3 - u^2) a_k+1
// with b_k key k's out-tangent, a_k+1 key k+1's in-tangent, dt the key interval (tangents are per
// second); rotations normalised afterwards.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "anim/pose/clip_sampling.h"
#include "anim/pose/packed_clip.h"

using namespace sv::anim;

namespace {

// Intervals 1.5, 0.75 and 2.25 s: a formula that drops dt, or uses 1/dt, is off on each.
const std::vector<float> kTimes = {0.5f, 2.0f, 2.75f, 5.0f};

// Per key: in-tangent, value, out-tangent, each `n` components, all non-zero and distinct.
Channel cubic(TargetPath path, int n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> mag(0.3f, 1.0f);
    Channel c;
    c.node = 0;
    c.path = path;
    c.interpolation = Interpolation::CubicSpline;
    c.weight_count = path == TargetPath::Weights ? n : 0;
    c.times = kTimes;
    for (size_t k = 0; k < kTimes.size() * 3; ++k)
        for (int i = 0; i < n; ++i) c.values.push_back((rng() & 1 ? -1.0f : 1.0f) * mag(rng));
    return c;
}

std::vector<double> hermite(const Channel& c, double t) {
    const size_t n = static_cast<size_t>(c.components());
    size_t k = 0;
    while (k + 2 < c.times.size() && c.times[k + 1] <= t) ++k;
    const double t0 = c.times[k], dt = double(c.times[k + 1]) - t0, u = (t - t0) / dt;
    auto at = [&](size_t key, size_t kind, size_t i) { return double(c.values[(key * 3 + kind) * n + i]); };
    const double u2 = u * u, u3 = u2 * u;
    std::vector<double> out(n);
    for (size_t i = 0; i < n; ++i)
        out[i] = (2 * u3 - 3 * u2 + 1) * at(k, 1, i) + dt * (u3 - 2 * u2 + u) * at(k, 2, i) +
                 (-2 * u3 + 3 * u2) * at(k + 1, 1, i) + dt * (u3 - u2) * at(k + 1, 0, i);
    if (c.path == TargetPath::Rotation) {
        double len = 0;
        for (double x : out) len += x * x;
        for (double& x : out) x /= std::sqrt(len);
    }
    return out;
}

// Times strictly inside each interval (the keys themselves only test the value copy).
std::vector<float> inner_times() {
    std::vector<float> t;
    for (size_t k = 0; k + 1 < kTimes.size(); ++k)
        for (int i = 1; i < 16; ++i) t.push_back(kTimes[k] + (kTimes[k + 1] - kTimes[k]) * float(i) / 16.0f);
    return t;
}

// Float arithmetic on values and tangents of magnitude <= 1 times dt <= 2.25: a few 1e-7; the
// formula slips a test would see (an unscaled tangent, a swapped tangent, 1/dt) are 1e-2 and more.
constexpr double kTolerance = 2e-6;

void expect_matches(const Channel& c, float t, const float* got, const char* path) {
    const std::vector<double> want = hermite(c, t);
    for (size_t i = 0; i < want.size(); ++i)
        EXPECT_NEAR(got[i], want[i], kTolerance) << path << " t=" << t << " component " << i;
}

}  // namespace

TEST(CubicSpline, ChannelSamplerMatchesTheSpecificationAtUnevenIntervalsWithBothTangents) {
    const std::pair<TargetPath, int> props[] = {{TargetPath::Translation, 3},
                                                {TargetPath::Scale, 3},
                                                {TargetPath::Rotation, 4},
                                                {TargetPath::Weights, 5}};
    unsigned seed = 1;
    for (const auto& [path, n] : props) {
        const Channel c = cubic(path, n, seed++);
        for (float t : inner_times()) {
            float v[8];
            sample_channel(c, t, v);
            expect_matches(c, t, v, "sample_channel");
        }
    }
}

TEST(CubicSpline, ClipAndPackedSamplersMatchTheSpecificationAtUnevenIntervalsWithBothTangents) {
    Clip clip;
    clip.duration = kTimes.back();
    clip.channels = {cubic(TargetPath::Translation, 3, 11), cubic(TargetPath::Rotation, 4, 12),
                     cubic(TargetPath::Scale, 3, 13)};
    for (auto& ch : clip.channels) ch.node = 0;
    // A second joint keyed LINEAR on the same times, so the packed clip has a group beside the
    // CUBICSPLINE channels it must leave to the channel path.
    for (TargetPath p : {TargetPath::Translation, TargetPath::Scale}) {
        Channel lin;
        lin.node = 1;
        lin.path = p;
        lin.times = kTimes;
        for (size_t i = 0; i < kTimes.size() * 3; ++i) lin.values.push_back(float(i));
        clip.channels.push_back(lin);
    }
    const ClipBinding binding = bind_clip(clip, {0, 1});
    const PackedClip packed = pack_clip(clip, binding);
#if defined(__SSE2__)
    ASSERT_EQ(packed.groups.size(), 1u);
    ASSERT_EQ(packed.channels.channels.size(), 3u);
#endif
    Pose a(2), b(2);
    for (float t : inner_times()) {
        sample_clip(clip, binding, t, false, a);
        sample_clip(packed, t, false, b);
        for (const Pose* p : {&a, &b}) {
            const char* which = p == &a ? "sample_clip" : "packed";
            expect_matches(clip.channels[0], t, &p->translation[0], which);
            expect_matches(clip.channels[1], t, &p->rotation[0], which);
            expect_matches(clip.channels[2], t, &p->scale[0], which);
        }
    }
}

// The negative control: the reference itself with the in-tangent left unscaled (the slip the old
// suite missed) is far outside the tolerance, so matching it means the scaling is right.
TEST(CubicSpline, AnUnscaledInTangentWouldBeSeen) {
    const Channel c = cubic(TargetPath::Translation, 3, 1);
    double worst = 0;
    for (float t : inner_times()) {
        size_t k = 0;
        while (k + 2 < c.times.size() && c.times[k + 1] <= t) ++k;
        const double dt = double(c.times[k + 1]) - c.times[k], u = (t - c.times[k]) / dt;
        const double h11 = u * u * u - u * u;
        // The wrong form differs from the right one by h11 (1 - dt) a_k+1.
        for (size_t i = 0; i < 3; ++i)
            worst = std::max(worst, std::fabs(h11 * (1 - dt) * c.values[(k + 1) * 9 + i]));
    }
    EXPECT_GT(worst, 100 * kTolerance);
}

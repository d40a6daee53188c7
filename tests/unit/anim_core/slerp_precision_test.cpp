// LINEAR rotation keys are slerped as the glTF specification defines it, to float precision, on every
// sampler path: sample_channel (scalar), sample_clip (four channels a batch in SSE) and the packed
// clip (a group's rotations four lanes at a time). The measure: the largest rotation error over key
// pairs 0 to 180 degrees apart, against a double-precision slerp of the same float keys. The
// fitted nlerp correction the samplers used before is kept here as the negative control: the same
// measure must find it out of tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

#include "anim/pose/clip_sampling.h"
#include "anim/pose/packed_clip.h"
#include "fitted_slerp.h"

using namespace sv::anim;

namespace {

// Float keys carry 6e-8 relative rounding per component, so even a perfect float slerp ends a few
// 1e-7 rad from the double one; 1e-6 rad (0.2 arc seconds) is what "float precision" is held to.
constexpr double kTolerance = 1e-6;

struct KeyPair {
    double degrees;  // the rotation angle between the keys
    float a[4], b[4];
};

// Base rotations at random, second keys `degrees` away about a random axis, each second key stored
// with a random sign so half the pairs need the short-way flip. 0..180 in 0.25 degree steps plus the
// ends' neighbours.
std::vector<KeyPair> key_pairs() {
    std::mt19937 rng(23);
    std::normal_distribution<double> gauss;
    std::vector<double> angles;
    for (int i = 0; i <= 720; ++i) angles.push_back(0.25 * i);
    for (double d : {1e-3, 0.01, 179.9, 179.99, 179.999}) angles.push_back(d);
    std::vector<KeyPair> pairs;
    for (double deg : angles) {
        double q[4], ax[3], len = 0, alen = 0;
        for (double& c : q) c = gauss(rng), len += c * c;
        for (double& c : ax) c = gauss(rng), alen += c * c;
        len = std::sqrt(len), alen = std::sqrt(alen);
        for (double& c : q) c /= len;
        for (double& c : ax) c /= alen;
        const double h = deg * std::acos(-1.0) / 360.0;
        const double r[4] = {ax[0] * std::sin(h), ax[1] * std::sin(h), ax[2] * std::sin(h), std::cos(h)};
        // b = q r (Hamilton product, x y z w)
        const double b[4] = {q[3] * r[0] + q[0] * r[3] + q[1] * r[2] - q[2] * r[1],
                             q[3] * r[1] - q[0] * r[2] + q[1] * r[3] + q[2] * r[0],
                             q[3] * r[2] + q[0] * r[1] - q[1] * r[0] + q[2] * r[3],
                             q[3] * r[3] - q[0] * r[0] - q[1] * r[1] - q[2] * r[2]};
        const double sign = (rng() & 1) ? -1.0 : 1.0;
        KeyPair p{deg, {}, {}};
        for (int i = 0; i < 4; ++i)
            p.a[i] = static_cast<float>(q[i]), p.b[i] = static_cast<float>(sign * b[i]);
        pairs.push_back(p);
    }
    return pairs;
}

// The specification's slerp in double, of the keys as stored (normalised in double first).
void reference_slerp(const float* fa, const float* fb, double u, double* out) {
    double a[4], b[4], la = 0, lb = 0, d = 0;
    for (int i = 0; i < 4; ++i) a[i] = fa[i], b[i] = fb[i], la += a[i] * a[i], lb += b[i] * b[i];
    for (int i = 0; i < 4; ++i) a[i] /= std::sqrt(la), b[i] /= std::sqrt(lb), d += a[i] * b[i];
    if (d < 0) {  // the short way round
        for (double& c : b) c = -c;
        d = -d;
    }
    const double theta = std::acos(std::min(1.0, d)), s = std::sin(theta);
    const double wa = s > 1e-12 ? std::sin((1 - u) * theta) / s : 1 - u;
    const double wb = s > 1e-12 ? std::sin(u * theta) / s : u;
    double len = 0;
    for (int i = 0; i < 4; ++i) {
        out[i] = wa * a[i] + wb * b[i];
        len += out[i] * out[i];
    }
    for (int i = 0; i < 4; ++i) out[i] /= std::sqrt(len);
}

// The rotation angle between q and r: twice the arc between them on the unit sphere, sign-free. By
// the chord (4 asin(|q - r| / 2)), which keeps its precision for tiny angles where acos does not.
double rotation_error(const float* q, const double* r) {
    double plus = 0, minus = 0;
    for (int i = 0; i < 4; ++i) {
        plus += (q[i] + r[i]) * (q[i] + r[i]);
        minus += (q[i] - r[i]) * (q[i] - r[i]);
    }
    return 4.0 * std::asin(std::min(1.0, std::sqrt(std::min(plus, minus)) / 2.0));
}

// Fractions across the interval: 64 even ones, the halfway point from both sides (where the
// half-angle split changes branch) and random ones.
std::vector<float> fractions() {
    std::vector<float> u;
    for (int i = 1; i < 64; ++i) u.push_back(static_cast<float>(i) / 64.0f);
    for (float f : {0.4999999f, 0.5f, 0.5000001f, 1e-6f, 0.999999f}) u.push_back(f);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> uni(0.0f, 1.0f);
    for (int i = 0; i < 32; ++i) u.push_back(uni(rng));
    return u;
}

// A sampler under test: every pair sampled at fraction u, four floats a pair.
using Sampler = std::function<void(float u, std::vector<float>& out)>;

struct Worst {
    double error = 0;
    double degrees = 0;
    float u = 0;
};

Worst measure(const std::vector<KeyPair>& pairs, const Sampler& sample) {
    Worst w;
    std::vector<float> got(pairs.size() * 4);
    for (float u : fractions()) {
        sample(u, got);
        for (size_t p = 0; p < pairs.size(); ++p) {
            double want[4];
            reference_slerp(pairs[p].a, pairs[p].b, u, want);
            const double e = rotation_error(&got[p * 4], want);
            if (!(e <= w.error)) w = {e, pairs[p].degrees, u};  // NaN is the worst
        }
    }
    return w;
}

// Each pair as one joint's LINEAR rotation channel, keys at 0 and 1 s, so the key fraction is the time.
Clip clip_of(const std::vector<KeyPair>& pairs) {
    Clip clip;
    clip.duration = 1.0f;
    for (size_t p = 0; p < pairs.size(); ++p) {
        Channel c;
        c.node = static_cast<int>(p);
        c.path = TargetPath::Rotation;
        c.interpolation = Interpolation::Linear;
        c.times = {0.0f, 1.0f};
        c.values.assign(pairs[p].a, pairs[p].a + 4);
        c.values.insert(c.values.end(), pairs[p].b, pairs[p].b + 4);
        clip.channels.push_back(c);
    }
    return clip;
}

std::vector<int> joint_nodes(size_t n) {
    std::vector<int> nodes;
    for (size_t j = 0; j < n; ++j) nodes.push_back(static_cast<int>(j));
    return nodes;
}

void report(const char* path, const Worst& w) {
    std::printf("%-28s worst rotation error %.3g rad (keys %.3g degrees apart, u = %.9g)\n", path, w.error,
                w.degrees, static_cast<double>(w.u));
}

}  // namespace

TEST(SlerpPrecision, ChannelSamplerIsWithinFloatPrecisionAtEveryKeyAngle) {
    const auto pairs = key_pairs();
    const Clip clip = clip_of(pairs);
    const Worst w = measure(pairs, [&](float u, std::vector<float>& out) {
        for (size_t p = 0; p < pairs.size(); ++p) sample_channel(clip.channels[p], u, &out[p * 4]);
    });
    report("sample_channel:", w);
    EXPECT_LT(w.error, kTolerance) << "keys " << w.degrees << " degrees apart at u = " << w.u;
}

TEST(SlerpPrecision, BatchedClipSamplerIsWithinFloatPrecisionAtEveryKeyAngle) {
    const auto pairs = key_pairs();
    const Clip clip = clip_of(pairs);
    const ClipBinding binding = bind_clip(clip, joint_nodes(pairs.size()));
    Pose pose(static_cast<int>(pairs.size()));
    const Worst w = measure(pairs, [&](float u, std::vector<float>& out) {
        sample_clip(clip, binding, u, false, pose);
        out = pose.rotation;
    });
    report("sample_clip (batched):", w);
    EXPECT_LT(w.error, kTolerance) << "keys " << w.degrees << " degrees apart at u = " << w.u;
}

TEST(SlerpPrecision, PackedClipSamplerIsWithinFloatPrecisionAtEveryKeyAngle) {
    const auto pairs = key_pairs();
    const Clip clip = clip_of(pairs);
    const PackedClip packed = pack_clip(clip, bind_clip(clip, joint_nodes(pairs.size())));
#if defined(__SSE2__)
    // Every channel shares the key times, so all of them must be in one packed group, or this would
    // measure the channel path a second time.
    ASSERT_EQ(packed.groups.size(), 1u);
    EXPECT_TRUE(packed.channels.channels.empty());
#endif
    Pose pose(static_cast<int>(pairs.size()));
    const Worst w = measure(pairs, [&](float u, std::vector<float>& out) {
        sample_clip(packed, u, false, pose);
        out = pose.rotation;
    });
    report("sample_clip (packed):", w);
    EXPECT_LT(w.error, kTolerance) << "keys " << w.degrees << " degrees apart at u = " << w.u;
}

// The negative control: the measure above, given the old fitted slerp, is out of tolerance by
// orders of magnitude (its worst case is keys half a turn apart), so passing it means something.
TEST(SlerpPrecision, TheOldFittedSlerpFailsTheSameMeasure) {
    const auto pairs = key_pairs();
    const Worst w = measure(pairs, [&](float u, std::vector<float>& out) {
        for (size_t p = 0; p < pairs.size(); ++p)
            sv::test::fitted_slerp(pairs[p].a, pairs[p].b, u, &out[p * 4]);
    });
    report("fitted slerp (control):", w);
    EXPECT_GT(w.error, 100 * kTolerance);
    EXPECT_GT(w.degrees, 150.0) << "the fit's worst case is far-apart keys";
}

// slerp8 (AVX2, the packed sampler's eight-lane slerp) gives, lane by lane, the bits of the scalar
// slerp on the same keys and fraction, for every mix of lanes across its two per-lane branches: the
// sign flip (keys stored on opposite hemispheres, negative dot product) and the half-angle split
// (keys over 90 degrees apart as rotations). A lane's branch is chosen by a mask over all eight, so
// a mask computed wrong, a select with its arms swapped or the half interval skipped when only some
// lanes need it shows only in some patterns: all 256 near/far patterns are run against all 256
// flip patterns. slerp4 (SSE) is held the same way on each half. slerp.h documents the bit
// equality (same operations in the same order, no contraction), so there is no tolerance.
//
// slerp.h is private to anim/src/pose: this folder's target alone adds anim/src to its include path
// (tests/CMakeLists.txt) so the forms can be called lane by lane, which the public sampler (one
// fraction for every lane, eight lanes only when a group has eight rotations) cannot do.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "pose/slerp.h"

namespace {

using sv::anim::detail::slerp;

struct Pair {
    float a[4], b[4];  // b: a turned by the pair's angle, stored on a's hemisphere (dot >= 0)
};

// a at random, b = a r with r a turn of `degrees` about a random axis (Hamilton product, x y z w).
Pair turned_pair(double degrees, std::mt19937& rng) {
    std::normal_distribution<double> gauss;
    double q[4], ax[3], len = 0, alen = 0;
    for (double& c : q) c = gauss(rng), len += c * c;
    for (double& c : ax) c = gauss(rng), alen += c * c;
    for (double& c : q) c /= std::sqrt(len);
    for (double& c : ax) c /= std::sqrt(alen);
    const double h = degrees * std::acos(-1.0) / 360.0;
    const double r[4] = {ax[0] * std::sin(h), ax[1] * std::sin(h), ax[2] * std::sin(h), std::cos(h)};
    const double b[4] = {q[3] * r[0] + q[0] * r[3] + q[1] * r[2] - q[2] * r[1],
                         q[3] * r[1] - q[0] * r[2] + q[1] * r[3] + q[2] * r[0],
                         q[3] * r[2] + q[0] * r[1] - q[1] * r[0] + q[2] * r[3],
                         q[3] * r[3] - q[0] * r[0] - q[1] * r[1] - q[2] * r[2]};
    Pair p;
    for (int i = 0; i < 4; ++i) p.a[i] = static_cast<float>(q[i]), p.b[i] = static_cast<float>(b[i]);
    return p;
}

// The lanes of one call: lane k's keys and fraction.
struct Lanes {
    float a[8][4], b[8][4], t[8];
};

#if defined(SV_FRAME_AVX2)
// The packed sampler's call (packed_clip.cpp), with its inputs as rows of x, y, z, w.
__attribute__((target("avx2"))) void run_slerp8(const Lanes& in, float out[8][4]) {
    float c[8][8];  // c[component][lane]
    for (int k = 0; k < 8; ++k)
        for (int i = 0; i < 4; ++i) c[i][k] = in.a[k][i], c[4 + i][k] = in.b[k][i];
    __m256 x, y, z, w;
    sv::anim::detail::slerp8(_mm256_loadu_ps(c[0]), _mm256_loadu_ps(c[1]), _mm256_loadu_ps(c[2]),
                             _mm256_loadu_ps(c[3]), _mm256_loadu_ps(c[4]), _mm256_loadu_ps(c[5]),
                             _mm256_loadu_ps(c[6]), _mm256_loadu_ps(c[7]), _mm256_loadu_ps(in.t), x, y, z, w);
    float r[4][8];
    _mm256_storeu_ps(r[0], x), _mm256_storeu_ps(r[1], y), _mm256_storeu_ps(r[2], z),
        _mm256_storeu_ps(r[3], w);
    for (int k = 0; k < 8; ++k)
        for (int i = 0; i < 4; ++i) out[k][i] = r[i][k];
}
#endif

#if defined(__SSE2__)
// slerp4 on lanes first..first+3.
void run_slerp4(const Lanes& in, int first, float out[8][4]) {
    float c[8][4];
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 4; ++i) c[i][k] = in.a[first + k][i], c[4 + i][k] = in.b[first + k][i];
    __m128 x, y, z, w;
    sv::anim::detail::slerp4(_mm_loadu_ps(c[0]), _mm_loadu_ps(c[1]), _mm_loadu_ps(c[2]), _mm_loadu_ps(c[3]),
                             _mm_loadu_ps(c[4]), _mm_loadu_ps(c[5]), _mm_loadu_ps(c[6]), _mm_loadu_ps(c[7]),
                             _mm_loadu_ps(in.t + first), x, y, z, w);
    float r[4][4];
    _mm_storeu_ps(r[0], x), _mm_storeu_ps(r[1], y), _mm_storeu_ps(r[2], z), _mm_storeu_ps(r[3], w);
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 4; ++i) out[first + k][i] = r[i][k];
}
#endif

// Rotation angles between the keys: a near one (direct form) and a far one (halved first) per
// case, from a hair's breadth to a turn of almost 180 degrees, and the two sides of the 90 degree
// split (kSlerpDirectCos) a float key pair can land on.
struct AngleCase {
    double near_deg, far_deg;
};
constexpr AngleCase kAngles[] = {{0.01, 179.99}, {1.0, 135.0}, {45.0, 100.0}, {89.9, 90.1}, {60.0, 178.0}};

// The fraction at the ends, a hair inside them, either side of the halfway point (where the halved
// form changes half) and within the halves.
const float kFractions[] = {0.0f, 1e-6f, 0.1f, 0.4999999f, 0.5f, 0.75f, 0.9999999f, 1.0f};

std::string lane_text(const Lanes& in, int k) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "a (%.9g, %.9g, %.9g, %.9g) b (%.9g, %.9g, %.9g, %.9g) t %.9g", in.a[k][0],
                  in.a[k][1], in.a[k][2], in.a[k][3], in.b[k][0], in.b[k][1], in.b[k][2], in.b[k][3],
                  in.t[k]);
    return buf;
}

// Runs the patterns through `wide` (slerp8, or slerp4 on both halves) and counts the lanes whose
// bits differ from the scalar slerp's; the first few are printed. `branches` counts the lanes that
// took each branch of the scalar form (by its own test on the float dot product), so a case list
// that never reached one is itself a failure.
template <class Wide>
void hold_to_scalar(const char* form, Wide wide) {
    std::mt19937 rng(45);
    // Per angle case, each lane's near pair and far pair: distinct keys in every lane, so a lane
    // answered from its neighbour's inputs shows.
    std::vector<Pair> pairs;  // [case][lane][near, far]
    for (const AngleCase& c : kAngles)
        for (int k = 0; k < 8; ++k)
            pairs.push_back(turned_pair(c.near_deg, rng)), pairs.push_back(turned_pair(c.far_deg, rng));
    long lanes = 0, differing = 0, flipped = 0, halved = 0, direct = 0;
    for (size_t ci = 0; ci < std::size(kAngles); ++ci)
        for (int far = 0; far < 256; ++far)
            for (int flip = 0; flip < 256; ++flip) {
                // Every fraction in every lane together (as the sampler calls it) for the flip
                // patterns that matter most against `far` (none, all, the far lanes, the near lanes,
                // alternate lanes), and for every flip pattern one call with the fractions staggered
                // across the lanes, so lanes in both halves of the halved form meet in one call too.
                // Every fraction for all 65536 pairs of patterns took 6 s; this takes a tenth.
                const bool every_fraction = flip == 0 || flip == 0xFF || flip == far ||
                                            flip == (far ^ 0xFF) || flip == 0x55 || flip == 0xAA;
                for (size_t fi = every_fraction ? 0 : std::size(kFractions); fi <= std::size(kFractions);
                     ++fi) {
                    Lanes in;
                    for (int k = 0; k < 8; ++k) {
                        const Pair& p = pairs[(ci * 8 + static_cast<size_t>(k)) * 2 + ((far >> k) & 1)];
                        const float sign = (flip >> k) & 1 ? -1.0f : 1.0f;
                        for (int i = 0; i < 4; ++i) in.a[k][i] = p.a[i], in.b[k][i] = sign * p.b[i];
                        in.t[k] =
                            fi < std::size(kFractions)
                                ? kFractions[fi]
                                : kFractions[static_cast<size_t>(k + far + flip) % std::size(kFractions)];
                    }
                    float got[8][4];
                    wide(in, got);
                    for (int k = 0; k < 8; ++k) {
                        float want[4];
                        slerp(in.a[k], in.b[k], in.t[k], want);
                        const float d = in.a[k][0] * in.b[k][0] + in.a[k][1] * in.b[k][1] +
                                        in.a[k][2] * in.b[k][2] + in.a[k][3] * in.b[k][3];
                        flipped += d < 0.0f;
                        (std::fabs(d) >= sv::anim::detail::kSlerpDirectCos ? direct : halved) += 1;
                        ++lanes;
                        if (std::memcmp(want, got[k], sizeof want) != 0) {
                            if (++differing <= 5)
                                ADD_FAILURE()
                                    << form << " lane " << k << " differs from the scalar slerp (angle case "
                                    << ci << ", far pattern 0x" << std::hex << far << ", flip pattern 0x"
                                    << flip << std::dec << "): " << lane_text(in, k) << "\n  scalar ("
                                    << want[0] << ", " << want[1] << ", " << want[2] << ", " << want[3]
                                    << ") wide (" << got[k][0] << ", " << got[k][1] << ", " << got[k][2]
                                    << ", " << got[k][3] << ")";
                        }
                    }
                }
            }
    EXPECT_EQ(differing, 0) << form << ": " << differing << " of " << lanes << " lanes differ";
    // The cases reach both branches and the flip, each in a good share of the lanes.
    EXPECT_GT(flipped, lanes / 4) << flipped << " of " << lanes;
    EXPECT_GT(halved, lanes / 4) << halved << " of " << lanes;
    EXPECT_GT(direct, lanes / 4) << direct << " of " << lanes;
}

}  // namespace

TEST(Slerp8Lanes, EveryLaneIsTheScalarBitsForEveryNearFarAndFlipPattern) {
#if defined(SV_FRAME_AVX2)
    // The machine's own answer, as frame_avx2() asks it; SKINVIEW_NO_AVX2 steers only the sampler,
    // and this calls slerp8 directly, so it runs wherever the instructions exist.
    if (!__builtin_cpu_supports("avx2")) GTEST_SKIP() << "this machine has no AVX2: slerp8 never runs here";
    hold_to_scalar("slerp8", [](const Lanes& in, float out[8][4]) { run_slerp8(in, out); });
#else
    GTEST_SKIP() << "built without the AVX2 frame forms (SV_FRAME_AVX2, frame_clones.h): no slerp8";
#endif
}

TEST(Slerp8Lanes, Slerp4IsTheScalarBitsOnEachHalf) {
#if defined(__SSE2__)
    hold_to_scalar("slerp4", [](const Lanes& in, float out[8][4]) {
        run_slerp4(in, 0, out);
        run_slerp4(in, 4, out);
    });
#else
    GTEST_SKIP() << "built without SSE2: no slerp4";
#endif
}

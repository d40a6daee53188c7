// Material, light and camera property tracks (KHR_animation_pointer's non-node targets): the
// sampler against values computed here from the keys alone (LINEAR's straight line, STEP's held
// key, glTF Appendix C's Hermite form written out in double) at many times between, on and past
// the keys; and the property pose a Character plays into its asset: the sampled value at the
// posed time, the rest value back for clip -1, and a property left as the file gave it after a
// switch.
#include "anim/pose/property_track.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "anim/asset_tools/pointer_builder.h"
#include "anim/character/character.h"

using namespace sv::anim;

namespace {

// Uneven, non-unit intervals (1.5, 0.75, 2.25 s) so a formula that drops dt shows.
const std::vector<float> kTimes = {0.5f, 2.0f, 2.75f, 5.0f};

PropertyChannel track(AnimatedProperty p, Interpolation interp, const std::vector<float>& values) {
    PropertyChannel c;
    c.target = {p, 0, TextureSlot::None};
    c.interpolation = interp;
    c.times = kTimes;
    c.values = values;
    return c;
}

// Times before, on, between and after the keys; the cursor's order (forward, then back) too.
std::vector<float> probe_times() {
    std::vector<float> t = {-3.0f, 0.0f, 0.5f};
    for (float x = 0.55f; x < 5.0f; x += 0.173f) t.push_back(x);
    for (float k : kTimes) t.push_back(k);
    t.push_back(5.0f);
    t.push_back(7.5f);
    t.push_back(1.0f);  // back after the end: a stale cursor
    return t;
}

// The interval [k, k + 1] holding t inside the keys, or -1 at/outside the ends.
int interval(double t) {
    for (size_t k = 0; k + 1 < kTimes.size(); ++k)
        if (t >= kTimes[k] && t < kTimes[k + 1]) return static_cast<int>(k);
    return -1;
}

}  // namespace

TEST(PropertyTrack, LinearIsTheStraightLineBetweenKeysAndHoldsTheEnds) {
    // vec4: a base colour, each component a different line.
    const std::vector<float> v = {1, 0, 0.25f, 1, 0, 1, 0.5f, 0.5f, 0.2f, 0.2f, 1, 0, 0.9f, 0.1f, 0, 1};
    const PropertyChannel c = track(AnimatedProperty::BaseColorFactor, Interpolation::Linear, v);
    std::uint32_t hint = 0;
    for (float t : probe_times()) {
        float got[4], fresh[4];
        sample_property(c, t, got, hint);
        sample_property(c, t, fresh);
        for (int i = 0; i < 4; ++i) {
            double want;
            if (t <= kTimes.front())
                want = v[static_cast<size_t>(i)];
            else if (t >= kTimes.back())
                want = v[12 + static_cast<size_t>(i)];
            else {
                const int k = interval(t);
                const double u = (t - kTimes[static_cast<size_t>(k)]) /
                                 (kTimes[static_cast<size_t>(k) + 1] - kTimes[static_cast<size_t>(k)]);
                const double a = v[static_cast<size_t>(k * 4 + i)],
                             b = v[static_cast<size_t>((k + 1) * 4 + i)];
                want = a + (b - a) * u;
            }
            EXPECT_NEAR(got[i], want, 1e-6) << "t " << t << " component " << i;
            EXPECT_EQ(got[i], fresh[i]) << "the cursor changed a result at t " << t;
        }
    }
}

TEST(PropertyTrack, StepHoldsTheKeyAtOrBeforeTheTime) {
    const std::vector<float> v = {0.0f, 0.0f, 0.25f, 0.1f, 0.5f, 0.2f, 0.75f, 0.3f};  // vec2 offsets
    const PropertyChannel c = track(AnimatedProperty::TextureOffset, Interpolation::Step, v);
    std::uint32_t hint = 0;
    for (float t : probe_times()) {
        float got[2];
        sample_property(c, t, got, hint);
        size_t k = 0;
        while (k + 1 < kTimes.size() && t >= kTimes[k + 1]) ++k;
        EXPECT_EQ(got[0], v[k * 2]) << "t " << t;
        EXPECT_EQ(got[1], v[k * 2 + 1]) << "t " << t;
    }
}

TEST(PropertyTrack, CubicSplineIsGltfsHermiteFormWithTangentsPerSecond) {
    // A float (a light's intensity): in-tangent, value, out-tangent per key, all different.
    const std::vector<float> v = {3.0f,  10.0f, -4.0f, 2.5f, 4.0f, 6.0f,
                                  -1.5f, 12.0f, 0.75f, 8.0f, 1.0f, -2.0f};
    const PropertyChannel c = track(AnimatedProperty::LightIntensity, Interpolation::CubicSpline, v);
    std::uint32_t hint = 0;
    for (float t : probe_times()) {
        float got;
        sample_property(c, t, &got, hint);
        double want;
        if (t <= kTimes.front())
            want = v[1];
        else if (t >= kTimes.back())
            want = v[10];
        else {
            const size_t k = static_cast<size_t>(interval(t));
            const double dt = double(kTimes[k + 1]) - kTimes[k], u = (t - kTimes[k]) / dt;
            const double p0 = v[k * 3 + 1], b0 = v[k * 3 + 2], a1 = v[(k + 1) * 3], p1 = v[(k + 1) * 3 + 1];
            want = (2 * u * u * u - 3 * u * u + 1) * p0 + dt * (u * u * u - 2 * u * u + u) * b0 +
                   (-2 * u * u * u + 3 * u * u) * p1 + dt * (u * u * u - u * u) * a1;
        }
        EXPECT_NEAR(got, want, 2e-5 * (1.0 + std::abs(want))) << "t " << t;
    }
}

TEST(PropertyTrack, OneKeyAndANanTimeAnswerTheFirstValue) {
    PropertyChannel c;
    c.target = {AnimatedProperty::EmissiveFactor, 0, TextureSlot::None};
    c.times = {1.0f};
    c.values = {0.1f, 0.2f, 0.3f};
    float got[3];
    sample_property(c, 5.0f, got);
    EXPECT_EQ(got[2], 0.3f);
    const PropertyChannel lin =
        track(AnimatedProperty::MetallicFactor, Interpolation::Linear, {0.2f, 0.4f, 0.6f, 0.8f});
    float m = -1.0f;
    sample_property(lin, std::nanf(""), &m);
    EXPECT_EQ(m, 0.2f);
}

// The builder's clip, as pointer_builder.h writes its keys: base colour red (t 0), green (t 1),
// blue (t 2), LINEAR; the texture offset STEP 0, 0.25, 0.5 at t 0, 0.8, 1.6; the light's
// intensity CUBICSPLINE 4 (out-tangent 30) to 16 (in-tangent -6) over 2 s.
TEST(PropertyPose, CharacterPlaysPropertiesAtThePosedTimeAndRestoresTheirRest) {
    auto made = Character::create(build_pointer_asset());
    ASSERT_TRUE(made.ok()) << made.error().message;
    Character& ch = *made;
    const auto colour = [&] { return ch.asset().materials[0].base_color; };
    ch.pose_at(0, 0.25f, false);
    EXPECT_NEAR(colour().r, 0.75f, 1e-6);
    EXPECT_NEAR(colour().g, 0.25f, 1e-6);
    EXPECT_NEAR(colour().b, 0.0f, 1e-6);
    EXPECT_NEAR(colour().a, 1.0f, 1e-6);
    ch.pose_at(0, 1.5f, false);
    EXPECT_NEAR(colour().g, 0.5f, 1e-6);
    EXPECT_NEAR(colour().b, 0.5f, 1e-6);
    EXPECT_EQ(ch.asset().materials[1].base_color_texture.offset.x, 0.25f);
    // Hermite at u = 0.75, dt = 2: h00 4 + h10 2 30 + h01 16 + h11 2 (-6).
    const double u = 0.75, h00 = 2 * u * u * u - 3 * u * u + 1, h10 = u * u * u - 2 * u * u + u,
                 h01 = -2 * u * u * u + 3 * u * u, h11 = u * u * u - u * u;
    EXPECT_NEAR(ch.asset().lights[0].intensity, h00 * 4 + h10 * 60 + h01 * 16 - h11 * 12, 1e-4);
    // Past the end, not looping: the last keys.
    ch.pose_at(0, 9.0f, false);
    EXPECT_NEAR(colour().b, 1.0f, 1e-6);
    EXPECT_EQ(ch.asset().materials[1].base_color_texture.offset.x, 0.5f);
    EXPECT_NEAR(ch.asset().lights[0].intensity, 16.0f, 1e-6);
    // Looping wraps 2.25 to 0.25.
    ch.pose_at(0, 2.25f, true);
    EXPECT_NEAR(colour().r, 0.75f, 1e-6);
    // Rest: the file's own values (the builder's red, offset 0, 4 cd).
    ch.pose_at(-1, 1.5f, false);
    EXPECT_EQ(colour(), glm::vec4(1.0f, 0.0f, 0.0f, 1.0f));
    EXPECT_EQ(ch.asset().materials[1].base_color_texture.offset.x, 0.0f);
    EXPECT_EQ(ch.asset().lights[0].intensity, 4.0f);
}

TEST(PropertyPose, AClipThatDoesNotAnimateAPropertyShowsItsRestValue) {
    Asset a = build_pointer_asset();
    Clip other;
    other.name = "other";
    other.duration = 1.0f;
    PropertyChannel metal;
    metal.target = {AnimatedProperty::MetallicFactor, 2, TextureSlot::None};
    metal.times = {0.0f, 1.0f};
    metal.values = {0.0f, 1.0f};
    other.properties.push_back(metal);
    a.clips.push_back(other);
    auto made = Character::create(std::move(a));
    ASSERT_TRUE(made.ok());
    made->pose_at(0, 1.0f, false);  // green
    made->pose_at(1, 0.5f, false);
    EXPECT_EQ(made->asset().materials[0].base_color, glm::vec4(1.0f, 0.0f, 0.0f, 1.0f));
    EXPECT_NEAR(made->asset().materials[2].metallic, 0.5f, 1e-6);
    made->pose_at(0, 1.0f, false);
    EXPECT_EQ(made->asset().materials[2].metallic, 0.0f);
}

TEST(AnimatedProperty, EveryPropertyWritesTheFieldItNames) {
    // Each write lands where read_property reads it and changes nothing else of the material:
    // a property aliased onto another's field would move both.
    Asset a;
    a.materials.resize(1);
    a.lights.resize(1);
    a.cameras.resize(1);
    for (int p = 0; p <= static_cast<int>(AnimatedProperty::CameraZfar); ++p) {
        const auto prop = static_cast<AnimatedProperty>(p);
        const bool tex = prop == AnimatedProperty::TextureOffset ||
                         prop == AnimatedProperty::TextureRotation || prop == AnimatedProperty::TextureScale;
        const PropertyTarget t{prop, 0, tex ? TextureSlot::Emissive : TextureSlot::None};
        ASSERT_TRUE(property_in_range(a, t)) << p;
        Asset b = a;
        const float v[4] = {0.125f + p, 0.25f + p, 0.375f + p, 0.5f + p};
        write_property(b, t, v);
        float back[4] = {0, 0, 0, 0};
        read_property(b, t, back);
        for (int c = 0; c < property_components(prop); ++c) EXPECT_EQ(back[c], v[c]) << p;
        // Every other property still reads its default.
        for (int q = 0; q <= static_cast<int>(AnimatedProperty::CameraZfar); ++q) {
            if (q == p) continue;
            const auto other = static_cast<AnimatedProperty>(q);
            const bool otex = other == AnimatedProperty::TextureOffset ||
                              other == AnimatedProperty::TextureRotation ||
                              other == AnimatedProperty::TextureScale;
            const PropertyTarget o{other, 0, otex ? TextureSlot::Emissive : TextureSlot::None};
            float x[4] = {0, 0, 0, 0}, y[4] = {0, 0, 0, 0};
            read_property(a, o, x);
            read_property(b, o, y);
            for (int c = 0; c < 4; ++c) EXPECT_EQ(x[c], y[c]) << "writing " << p << " moved " << q;
        }
    }
    EXPECT_FALSE(property_in_range(a, {AnimatedProperty::LightIntensity, 1, TextureSlot::None}));
    EXPECT_FALSE(property_in_range(a, {AnimatedProperty::TextureOffset, 0, TextureSlot::None}));
}

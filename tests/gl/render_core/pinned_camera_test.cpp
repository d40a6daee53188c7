// The pinned camera string: one view in every tool that reads it (--camera, settings, sidecars, the
// Khronos harness). The eye is held against the convention written out independently here.
#include <gtest/gtest.h>

#include <cmath>

#include "render/camera.h"

namespace sv::render {
namespace {

TEST(PinnedCamera, FollowsTheWrittenConvention) {
    auto c = parse_pinned_camera("30,20,4,0.5,1,-2");
    ASSERT_TRUE(c.ok()) << c.error().message;
    const double y = 30.0 * M_PI / 180.0, p = 20.0 * M_PI / 180.0;
    const glm::dvec3 want(0.5 + 4.0 * std::sin(y) * std::cos(p), 1.0 + 4.0 * std::sin(p),
                          -2.0 + 4.0 * std::cos(y) * std::cos(p));
    const glm::vec3 eye = c->eye();
    EXPECT_NEAR(eye.x, want.x, 1e-5);
    EXPECT_NEAR(eye.y, want.y, 1e-5);
    EXPECT_NEAR(eye.z, want.z, 1e-5);
    // yaw 0, pitch 0: on +Z looking along -Z.
    auto front = parse_pinned_camera("0,0,3,0,1,0");
    ASSERT_TRUE(front.ok());
    EXPECT_NEAR(front->eye().z, 3.0f, 1e-6f);
    EXPECT_NEAR(front->eye().x, 0.0f, 1e-6f);
}

TEST(PinnedCamera, RoundTripsEveryFloatExactly) {
    OrbitCamera c;
    c.yaw_degrees = 0.1f + 1e-7f;
    c.pitch_degrees = -33.333333f;
    c.distance = 1234.5678f;
    c.target = glm::vec3(1.0f / 3.0f, -7e-9f, 2e6f);
    auto back = parse_pinned_camera(format_pinned_camera(c));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->yaw_degrees, c.yaw_degrees);
    EXPECT_EQ(back->pitch_degrees, c.pitch_degrees);
    EXPECT_EQ(back->distance, c.distance);
    EXPECT_EQ(back->target, c.target);
}

TEST(PinnedCamera, RefusesWithTheFieldNamed) {
    const struct {
        const char* text;
        const char* says;
    } bad[] = {{"1,2,3,4,5", "5 fields"},      {"1,2,3,4,5,6,7", "7 fields"},
               {"a,2,3,4,5,6", "yaw 'a'"},     {"1,2,0,4,5,6", "distance must"},
               {"1,90,3,4,5,6", "pitch must"}, {"1,2,3,4,nan,6", "ty 'nan'"},
               {"1,2,3,4,,6", "ty ''"}};
    for (const auto& b : bad) {
        auto c = parse_pinned_camera(b.text);
        ASSERT_FALSE(c.ok()) << b.text;
        EXPECT_NE(c.error().message.find(b.says), std::string::npos) << b.text << ": " << c.error().message;
    }
    EXPECT_TRUE(looks_pinned("1,2,3,4,5,6"));
    EXPECT_FALSE(looks_pinned("orbit:30"));
}

}  // namespace
}  // namespace sv::render

// Rigid animation: a clip drives plain nodes, and globals catch up only on the next walk.
#include "anim/pose/rigid_animation.h"

#include <gtest/gtest.h>

using namespace sv::anim;

namespace {
// A turntable (node 0) carrying a cup one metre out along +X (node 1), and a lamp beside it.
Scene turntable_scene() {
    Scene s;
    s.nodes.resize(3);
    s.nodes[0].name = "table";
    s.nodes[0].children = {1};
    s.nodes[1].name = "cup";
    s.nodes[1].parent = 0;
    s.nodes[1].translation = {1, 0, 0};
    s.nodes[2].name = "lamp";
    s.update_matrices();
    return s;
}
// One turn about +Y in 4 s, keys every quarter turn.
Clip turn_clip() {
    Clip c;
    c.duration = 4.0f;
    Channel ch;
    ch.node = 0;
    ch.path = TargetPath::Rotation;
    ch.times = {0, 1, 2, 3, 4};
    for (int k = 0; k <= 4; ++k) {
        const double half = k * 0.25 * glm::pi<double>();  // half of k quarter turns
        ch.values.insert(ch.values.end(), {0.0f, float(std::sin(half)), 0.0f, float(std::cos(half))});
    }
    c.channels.push_back(ch);
    return c;
}
}  // namespace

TEST(RigidAnimation, TurntableCarriesItsChildAfterTheWalk) {
    Scene s = turntable_scene();
    const Clip clip = turn_clip();
    RigidAnimation anim(clip, s);
    EXPECT_EQ(anim.bound_channels(), 1);
    anim.apply(1.0f);  // a quarter turn about +Y takes +X to -Z
    // Not yet walked: the cup's global is stale, and nothing has bumped it.
    EXPECT_DOUBLE_EQ(s.nodes[1].global[3].x, 1.0);
    EXPECT_EQ(s.nodes[1].version, 1u);
    anim.update();
    EXPECT_EQ(s.nodes[1].version, 2u);
    EXPECT_EQ(s.nodes[2].version, 1u);  // the lamp was not moved and not walked
    // 1e-6: the quaternion was stored in float.
    EXPECT_NEAR(s.nodes[1].global[3].x, 0.0, 1e-6);
    EXPECT_NEAR(s.nodes[1].global[3].z, -1.0, 1e-6);
}

TEST(RigidAnimation, LoopsNegativeTime) {
    Scene s = turntable_scene();
    const Clip clip = turn_clip();
    RigidAnimation anim(clip, s);
    anim.apply(-1.0f);  // three quarters of a turn: +X goes to +Z
    anim.update();
    EXPECT_NEAR(s.nodes[1].global[3].z, 1.0, 1e-6);
}

TEST(RigidAnimation, SkippedNodesAreLeftToTheSkeleton) {
    Scene s = turntable_scene();
    const Clip clip = turn_clip();
    RigidAnimation anim(clip, s, {0});
    EXPECT_EQ(anim.bound_channels(), 0);
    anim.apply(1.0f);
    EXPECT_DOUBLE_EQ(s.nodes[0].rotation.w, 1.0);
}

TEST(RigidAnimation, MatrixNodeSwitchesToTrsKeepingItsTranslation) {
    Scene s = turntable_scene();
    glm::dmat4 m(1.0);
    m[3] = glm::dvec4(0, 5, 0, 1);
    s.nodes[0].set_local_matrix(m);
    const Clip clip = turn_clip();
    RigidAnimation anim(clip, s);
    anim.apply(0.0f);
    anim.update();
    EXPECT_FALSE(s.nodes[0].use_matrix);
    EXPECT_NEAR(s.nodes[1].global[3].y, 5.0, 1e-9);
}

// Animation on nodes that are not joints: a clip that moves an "Armature" above the skeleton moves
// the skeleton, its palette and what it skins; a clip that moves a plain mesh node moves that
// mesh. Expected positions are worked out here from the keys (linear interpolation by hand), not
// through anim's sampler.
#include <gtest/gtest.h>

#include <glm/gtc/type_ptr.hpp>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"

namespace {

using namespace sv::anim;

// The arm (joints 1-3 under the mesh node's sibling root) with a new root "Armature" above the
// shoulder, and a clip that carries the Armature from x=0 to x=3 over 2 s.
Asset arm_under_moving_armature() {
    Asset a = build_arm_asset();
    Scene& s = a.scene;
    const int armature = static_cast<int>(s.nodes.size());
    Node n;
    n.name = "Armature";
    n.children = {1};  // the shoulder, the skeleton's root joint
    s.nodes.push_back(n);
    s.nodes[1].parent = armature;
    Channel ch;
    ch.node = armature;
    ch.path = TargetPath::Translation;
    ch.interpolation = Interpolation::Linear;
    ch.times = {0.0f, 2.0f};
    ch.values = {0.0f, 0.0f, 0.0f, 3.0f, 0.0f, 0.0f};
    a.clips[0].channels.push_back(ch);
    s.update_matrices();
    return a;
}

glm::vec3 joint_position(const Character& c, int joint) {
    const auto& w = c.skins()[0].skeleton.world();
    return {w[static_cast<size_t>(joint) * 16 + 12], w[static_cast<size_t>(joint) * 16 + 13],
            w[static_cast<size_t>(joint) * 16 + 14]};
}

TEST(SceneAnimation, AnArmatureThatMovesCarriesTheSkeleton) {
    auto c = Character::create(arm_under_moving_armature());
    ASSERT_TRUE(c.ok()) << c.error().message;
    c->pose_at(-1, 0.0f, false);
    const glm::vec3 rest = joint_position(*c, 0);
    c->pose_at(0, 0.5f, false);
    // 0.5 s of the 2 s key: a quarter of the way from 0 to 3.
    const glm::vec3 moved = joint_position(*c, 0);
    EXPECT_NEAR(moved.x - rest.x, 0.75f, 1e-5f);
    EXPECT_NEAR(moved.y - rest.y, 0.0f, 1e-5f);
    // The palette moves with it: A_0 = world x inverse bind, whose translation is the shoulder's.
    const auto& pal = c->skins()[0].skeleton.palette();
    EXPECT_NEAR(pal[12], 0.75f, 1e-5f);
    // And the scene's own global of the Armature says the same.
    const int armature = static_cast<int>(c->asset().scene.nodes.size()) - 1;
    EXPECT_NEAR(c->scene_pose().global(armature)[3].x, 0.75, 1e-9);
}

TEST(SceneAnimation, AnAnimatedPlainMeshNodeMovesItsMesh) {
    Asset a = build_arm_asset();
    // A second, unskinned copy of the arm mesh on its own root node, animated along y.
    Node n;
    n.name = "Prop";
    n.mesh = 0;
    const int prop = static_cast<int>(a.scene.nodes.size());
    a.scene.nodes.push_back(n);
    Channel ch;
    ch.node = prop;
    ch.path = TargetPath::Translation;
    ch.interpolation = Interpolation::Step;
    ch.times = {0.0f, 1.0f};
    ch.values = {0.0f, 0.0f, 0.0f, 0.0f, 2.0f, 0.0f};
    a.clips[0].channels.push_back(ch);
    a.scene.update_matrices();
    auto c = Character::create(std::move(a));
    ASSERT_TRUE(c.ok()) << c.error().message;
    ASSERT_EQ(c->static_meshes().size(), 1u);
    c->pose_at(0, 0.5f, false);  // STEP: still the first key
    EXPECT_NEAR(c->static_mesh_world(0)[3].y, 0.0f, 1e-6f);
    c->pose_at(0, 1.5f, false);  // past the second key
    EXPECT_NEAR(c->static_mesh_world(0)[3].y, 2.0f, 1e-6f);
}

}  // namespace

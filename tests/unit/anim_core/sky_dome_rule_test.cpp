// The framing's sky-dome rule (StaticMeshNode::encloses_scene) marks only what is a sky: a mesh
// whose box holds the rest and that is seen from inside, unlit, or emissive and far larger. Khronos
// Lantern's pole holds its lamp and chain in its box and is an ordinary outward-facing lit mesh; it
// was left out of framing, which cut the lantern to its head.
#include <gtest/gtest.h>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"
#include "uv_sphere.h"

namespace sky_dome_rule {

using namespace sv;

// A UV sphere of `radius` about (0, 1, 0), normals in or out.
anim::Primitive sphere(float radius, bool inward) {
    return sv::test::uv_sphere(radius, glm::vec3(0, 1, 0), inward, 8, 16);
}

// The built-in character with one big sphere around it; whether the sphere is marked.
bool marked(float radius, bool inward, anim::Workflow workflow, glm::vec3 emissive) {
    anim::Asset a = anim::build_humanoid_asset(anim::HumanoidShape::MixamoExport);
    anim::Material m;
    m.workflow = workflow;
    m.emissive = emissive;
    a.materials.push_back(m);
    anim::Primitive prim = sphere(radius, inward);
    prim.material = static_cast<int>(a.materials.size() - 1);
    anim::Mesh mesh;
    mesh.primitives.push_back(std::move(prim));
    a.meshes.push_back(std::move(mesh));
    anim::Node node;
    node.name = "Around";
    node.mesh = static_cast<int>(a.meshes.size() - 1);
    a.scene.nodes.push_back(node);
    a.scene.update_matrices();
    auto c = anim::Character::create(std::move(a));
    EXPECT_TRUE(c) << (c ? "" : c.error().message);
    if (!c || c->static_meshes().empty()) return false;
    return c->static_meshes().back().encloses_scene;
}

TEST(SkyDomeRule, OnlyWhatLooksLikeASkyIsLeftOutOfFraming) {
    const auto lit = anim::Workflow::MetallicRoughness;
    EXPECT_TRUE(marked(20.0f, true, lit, glm::vec3(0.0f))) << "seen from inside: a sky";
    EXPECT_TRUE(marked(20.0f, false, anim::Workflow::Unlit, glm::vec3(0.0f))) << "unlit: a sky";
    EXPECT_TRUE(marked(40.0f, false, lit, glm::vec3(1.0f))) << "emissive and 10x the rest: a sky";
    // The Lantern's case: outward-facing and lit, its box holding the rest at 2x and more.
    EXPECT_FALSE(marked(20.0f, false, lit, glm::vec3(0.0f))) << "an ordinary mesh around the rest";
    EXPECT_FALSE(marked(3.0f, false, lit, glm::vec3(1.0f))) << "emissive but not far larger";
}

}  // namespace sky_dome_rule

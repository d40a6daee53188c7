// VRM Animation (.vrma, VRMC_vrm_animation 1.0) through the writer and the reader: the project's
// .vrma (the built-in humanoid's walk on a skeleton of nodes, no mesh) comes back as a VRM
// Animation with its humanoid map, expressions and look-at as built, a skin made over the
// humanoid nodes for retargeting, and the notes saying what is used; a bad map is refused with a
// message naming the element.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "test_paths.h"

using namespace sv::anim;

namespace {

std::vector<std::uint8_t> vrma_bytes() {
    auto b = write_glb(build_vrm_animation());
    EXPECT_TRUE(b.ok()) << b.error().message;
    return b.ok() ? *b : std::vector<std::uint8_t>{};
}

// The refusal the reader gives for the .vrma with `edit` applied to its JSON.
template <class Edit>
std::string refusal(Edit edit) {
    auto glb = sv::test::Glb::parse(vrma_bytes());
    edit(glb.json["extensions"]["VRMC_vrm_animation"]);
    auto a = load_gltf_from_memory(glb.pack(), "", true);
    EXPECT_FALSE(a.ok());
    return a.ok() ? std::string("(loaded)") : a.error().message;
}

bool has_line(const Asset& a, const std::string& line) {
    return std::find(a.report.begin(), a.report.end(), line) != a.report.end();
}

}  // namespace

TEST(VrmAnimationImport, TheProjectsVrmaRoundTripsThroughAFile) {
    const Asset built = build_vrm_animation();
    const auto path = sv::test::output_dir() / (sv::test::current_test_stem() + ".vrma");
    std::filesystem::create_directories(path.parent_path());
    ASSERT_TRUE(write_gltf_file(built, path.string()).ok());
    {
        std::ifstream f(path, std::ios::binary);
        char magic[4] = {};
        f.read(magic, 4);
        EXPECT_EQ(std::string(magic, 4), "glTF") << "a .vrma is a GLB container";
    }
    auto a = load_gltf(path.string());
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->vrm.version, VrmVersion::Animation);
    EXPECT_EQ(a->vrm.spec_version, "1.0");
    EXPECT_TRUE(a->meshes.empty());
    // Every bone the builder mapped, at least the 17 a walk needs (torso, head, arms and legs).
    ASSERT_EQ(a->vrm.humanoid.size(), built.vrm.humanoid.size());
    EXPECT_GE(a->vrm.humanoid.size(), 17u);
    for (const auto& b : built.vrm.humanoid) {
        const auto it = std::find_if(a->vrm.humanoid.begin(), a->vrm.humanoid.end(),
                                     [&](const VrmHumanBone& h) { return h.bone == b.bone; });
        ASSERT_NE(it, a->vrm.humanoid.end()) << b.bone;
        EXPECT_EQ(it->node, b.node) << b.bone;
    }
    ASSERT_EQ(a->vrm.animation_expressions.size(), 2u);
    EXPECT_EQ(a->vrm.animation_expressions[0].name, "blink");
    EXPECT_TRUE(a->vrm.animation_expressions[0].preset);
    EXPECT_EQ(a->vrm.animation_expressions[1].name, "wink");
    EXPECT_FALSE(a->vrm.animation_expressions[1].preset);
    EXPECT_EQ(a->scene.nodes[static_cast<size_t>(a->vrm.animation_look_at)].name, "VRMA_LookAt");
    ASSERT_EQ(a->clips.size(), 2u);
    EXPECT_EQ(a->clips[0].name, "walk");
    EXPECT_EQ(a->clips[1].name, "limbs");

    // The skin retargeting takes the clip from: every humanoid node, each after its parent, and
    // none of the expression or look-at nodes.
    ASSERT_EQ(a->skins.size(), 1u);
    const auto& joints = a->skins[0].joints;
    for (const auto& b : a->vrm.humanoid)
        EXPECT_NE(std::find(joints.begin(), joints.end(), b.node), joints.end()) << b.bone;
    for (size_t j = 0; j < joints.size(); ++j) {
        const int parent = a->scene.nodes[static_cast<size_t>(joints[j])].parent;
        if (parent < 0) continue;
        const auto at = std::find(joints.begin(), joints.end(), parent);
        ASSERT_NE(at, joints.end()) << "joint " << j << "'s parent is no joint";
        EXPECT_LT(static_cast<size_t>(at - joints.begin()), j);
    }
    for (const auto& e : a->vrm.animation_expressions)
        EXPECT_EQ(std::find(joints.begin(), joints.end(), e.node), joints.end()) << e.name;

    EXPECT_TRUE(has_line(*a, "VRM: VRM Animation 1.0 (VRMC_vrm_animation specVersion 1.0)"));
    EXPECT_TRUE(has_line(*a, "VRM Animation humanoid: " + std::to_string(built.vrm.humanoid.size()) +
                                 " bones mapped; the rest pose is the nodes' own (a T-pose); its clips "
                                 "retarget onto another character through this map (Graph tab's Load, bake "
                                 "--retarget)"));
    EXPECT_TRUE(has_line(*a,
                         "VRM Animation expressions: blink, wink (retargeted onto a VRM avatar, each sets "
                         "the expression of that name, or of its VRM 0.x preset, while the clip plays; names "
                         "the avatar lacks are left out)"));
    EXPECT_TRUE(has_line(*a, "VRM Animation: a skin 'VRM Animation humanoid' of " +
                                 std::to_string(joints.size()) +
                                 " joints made over the humanoid nodes and those above them (the file has "
                                 "none), for retargeting to take its clips from"));
}

TEST(VrmAnimationImport, BadMapsAreRefusedNamingTheElement) {
    // 65 joints, two expression nodes and the look-at node.
    EXPECT_EQ(refusal([](auto& e) { e["humanoid"]["humanBones"]["hips"]["node"] = 999; }),
              "VRMC_vrm_animation humanoid.humanBones.hips: node 999 is out of range (68 nodes)");
    EXPECT_EQ(refusal([](auto& e) {
                  auto& bones = e["humanoid"]["humanBones"];
                  bones["leftArm"] = bones["leftUpperArm"];
                  bones.erase("leftUpperArm");
              }),
              "VRMC_vrm_animation humanoid.humanBones.leftArm: not a VRM 1.0 bone name");
    EXPECT_EQ(refusal([](auto& e) {
                  auto& bones = e["humanoid"]["humanBones"];
                  bones["spine"] = bones["hips"];
              }),
              "VRMC_vrm_animation humanoid.humanBones.spine: node " +
                  std::to_string(build_vrm_animation().scene.find("VRMA_Hips")) + " is also 'hips'");
    EXPECT_EQ(refusal([](auto& e) { e["humanoid"]["humanBones"]["head"].erase("node"); }),
              "VRMC_vrm_animation humanoid.humanBones.head: has no node index");
    EXPECT_EQ(refusal([](auto& e) { e["expressions"]["preset"]["blink"]["node"] = -1; }),
              "VRMC_vrm_animation expressions.preset.blink: node -1 is out of range (68 nodes)");
    EXPECT_EQ(refusal([](auto& e) { e["lookAt"]["node"] = 68; }),
              "VRMC_vrm_animation lookAt: node 68 is out of range (68 nodes)");
    EXPECT_EQ(refusal([](auto& e) { e.erase("humanoid"); }),
              "VRMC_vrm_animation: has no humanoid.humanBones object");
}

TEST(VrmAnimationImport, AnotherSpecVersionIsReadAndSaid) {
    auto glb = sv::test::Glb::parse(vrma_bytes());
    glb.json["extensions"]["VRMC_vrm_animation"]["specVersion"] = "2.0";
    auto a = load_gltf_from_memory(glb.pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->vrm.version, VrmVersion::Animation);
    EXPECT_TRUE(has_line(*a, "VRM Animation: specVersion '2.0' is not 1.0; read as 1.0"));
}

// An avatar that also carries the extension keeps its own map: the animation's is not read.
TEST(VrmAnimationImport, AnAvatarKeepsItsOwnMap) {
    auto glb = sv::test::Glb::parse(*write_glb(build_vrm_avatar(VrmVersion::V1)));
    glb.json["extensions"]["VRMC_vrm_animation"] = {
        {"specVersion", "1.0"}, {"humanoid", {{"humanBones", {{"hips", {{"node", 3}}}}}}}};
    glb.json["extensionsUsed"].push_back("VRMC_vrm_animation");
    auto a = load_gltf_from_memory(glb.pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->vrm.version, VrmVersion::V1);
    EXPECT_TRUE(has_line(*a,
                         "VRMC_vrm_animation: not read; the file is a VRM avatar, whose own humanoid map "
                         "retargeting reads"));
}

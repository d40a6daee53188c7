// The humanoid map's report, against the specifications' required lists written out here (VRM 1.0:
// 15 bones; 0.x: those and chest and neck), on the project's avatar and on copies of its map with
// one thing broken each: a required bone dropped, an optional one dropped, a node out of range, one
// node under two bones, a name the version does not define, a bone listed twice.
#include "anim/avatar/humanoid_map.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "anim/asset_tools/vrm_builder.h"

using namespace sv::anim;

namespace {

const HumanoidBoneRow* row(const HumanoidMapReport& r, const std::string& bone) {
    for (const auto& x : r.rows)
        if (x.bone == bone) return &x;
    return nullptr;
}

Asset without(VrmVersion v, const std::string& bone) {
    Asset a = build_vrm_avatar(v);
    auto& h = a.vrm.humanoid;
    h.erase(std::remove_if(h.begin(), h.end(), [&](const VrmHumanBone& b) { return b.bone == bone; }),
            h.end());
    return a;
}

}  // namespace

TEST(HumanoidMap, RequiredListsAreTheSpecifications) {
    const std::vector<std::string> v1 = {"hips",          "spine",         "head",          "leftUpperArm",
                                         "leftLowerArm",  "leftHand",      "rightUpperArm", "rightLowerArm",
                                         "rightHand",     "leftUpperLeg",  "leftLowerLeg",  "leftFoot",
                                         "rightUpperLeg", "rightLowerLeg", "rightFoot"};
    std::vector<std::string> v0 = v1;
    v0.insert(v0.end(), {"chest", "neck"});
    for (const auto& [version, list] :
         {std::make_pair(VrmVersion::V1, v1), std::make_pair(VrmVersion::V0, v0)}) {
        int required = 0;
        for (const std::string& b : vrm_humanoid_bone_names(version)) {
            const bool want = std::find(list.begin(), list.end(), b) != list.end();
            EXPECT_EQ(vrm_bone_required(version, b), want) << b;
            required += want;
        }
        EXPECT_EQ(required, static_cast<int>(list.size())) << "every required bone is in the vocabulary";
        EXPECT_EQ(vrm_humanoid_bone_names(version).size(), 55u);
    }
    // The thumbs: renamed between the versions.
    const auto& n0 = vrm_humanoid_bone_names(VrmVersion::V0);
    const auto& n1 = vrm_humanoid_bone_names(VrmVersion::V1);
    EXPECT_NE(std::find(n0.begin(), n0.end(), "leftThumbIntermediate"), n0.end());
    EXPECT_EQ(std::find(n0.begin(), n0.end(), "leftThumbMetacarpal"), n0.end());
    EXPECT_NE(std::find(n1.begin(), n1.end(), "leftThumbMetacarpal"), n1.end());
    EXPECT_TRUE(vrm_humanoid_bone_names(VrmVersion::None).empty());
}

TEST(HumanoidMap, TheProjectsAvatarsMapEveryRequiredBone) {
    for (const auto v : {VrmVersion::V0, VrmVersion::V1}) {
        const Asset a = build_vrm_avatar(v);
        const auto r = humanoid_map_report(a.vrm, static_cast<int>(a.scene.nodes.size()));
        EXPECT_EQ(r.mapped, 17);
        EXPECT_EQ(r.missing_required, 0);
        EXPECT_EQ(r.problems, 0);
        ASSERT_NE(row(r, "leftUpperArm"), nullptr);
        EXPECT_EQ(a.scene.nodes[static_cast<size_t>(row(r, "leftUpperArm")->node)].name, "J_Bip_L_UpperArm");
        EXPECT_EQ(row(r, "leftToes")->node, -1);
        EXPECT_TRUE(row(r, "leftToes")->problem.empty()) << "an optional bone may be absent";
    }
}

TEST(HumanoidMap, AMissingRequiredBoneIsFlaggedPerVersion) {
    const Asset hand = without(VrmVersion::V1, "leftHand");
    auto r = humanoid_map_report(hand.vrm, static_cast<int>(hand.scene.nodes.size()));
    EXPECT_EQ(r.missing_required, 1);
    EXPECT_EQ(row(r, "leftHand")->problem, "required by VRM 1.0, not mapped");
    // chest: optional in 1.0, required in 0.x.
    const Asset c1 = without(VrmVersion::V1, "chest"), c0 = without(VrmVersion::V0, "chest");
    EXPECT_EQ(humanoid_map_report(c1.vrm, static_cast<int>(c1.scene.nodes.size())).missing_required, 0);
    r = humanoid_map_report(c0.vrm, static_cast<int>(c0.scene.nodes.size()));
    EXPECT_EQ(r.missing_required, 1);
    EXPECT_EQ(row(r, "chest")->problem, "required by VRM 0.x, not mapped");
}

TEST(HumanoidMap, BadEntriesSayWhy) {
    Asset a = build_vrm_avatar(VrmVersion::V1);
    const int n = static_cast<int>(a.scene.nodes.size());
    a.vrm.humanoid.push_back({"leftToes", 999});                      // out of range
    a.vrm.humanoid.push_back({"rightToes", a.vrm.humanoid[0].node});  // the hips' node again
    a.vrm.humanoid.push_back({"leftWing", 3});                        // no such bone
    a.vrm.humanoid.push_back({"head", 5});                            // head twice
    const auto r = humanoid_map_report(a.vrm, n);
    EXPECT_EQ(row(r, "leftToes")->problem, "node 999 is out of range (" + std::to_string(n) + " nodes)");
    EXPECT_EQ(row(r, "rightToes")->problem,
              "node " + std::to_string(a.vrm.humanoid[0].node) + " is also 'hips'");
    ASSERT_NE(row(r, "leftWing"), nullptr);
    EXPECT_EQ(row(r, "leftWing")->problem, "not a VRM 1.0 bone name");
    EXPECT_EQ(row(r, "head")->problem, "listed twice (node 5 ignored)");
    EXPECT_EQ(r.problems, 4);
    EXPECT_EQ(r.missing_required, 0);
    EXPECT_EQ(r.mapped, 19)
        << "17, the doubled hips' node and the unknown name's node; not the out-of-range one";
}

TEST(HumanoidMap, SkinJointsTakeTheMapsBones) {
    const Asset a = build_vrm_avatar(VrmVersion::V1);
    const auto bones = skin_humanoid_bones(a, 0);
    ASSERT_EQ(bones.size(), a.skins[0].joints.size());
    int named = 0;
    for (size_t j = 0; j < bones.size(); ++j) {
        const std::string& name = a.scene.nodes[static_cast<size_t>(a.skins[0].joints[j])].name;
        if (name == "J_Bip_R_LowerLeg") {
            EXPECT_EQ(bones[j], "rightLowerLeg");
        }
        if (name.rfind("J_Sec_", 0) == 0) {
            EXPECT_EQ(bones[j], "") << name;
        }
        named += !bones[j].empty();
    }
    EXPECT_EQ(named, 17);
    Asset plain = a;
    plain.vrm = Vrm();
    for (const auto& b : skin_humanoid_bones(plain, 0)) EXPECT_EQ(b, "");
    EXPECT_TRUE(skin_humanoid_bones(a, 1).empty());
}

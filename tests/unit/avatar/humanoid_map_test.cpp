// The humanoid map's report, against the specifications' required lists written out here (VRM 1.0:
// 15 bones; 0.x: those and chest and neck), on the project's avatar and on copies of its map with
// one thing broken each: a required bone dropped, an optional one dropped, a node out of range, one
// node under two bones, a name the version does not define, a bone listed twice; and VRM 1.0's
// parent-child rules (humanoid.md) written out here as cases: a bone that needs its parent bone
// mapped, and a bone whose node is not below its nearest mapped ancestor bone's node.
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

VrmHumanBone* entry(Asset& a, const std::string& bone) {
    for (auto& b : a.vrm.humanoid)
        if (b.bone == bone) return &b;
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
        const auto r = humanoid_map_report(a.vrm, a.scene);
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
    auto r = humanoid_map_report(hand.vrm, hand.scene);
    EXPECT_EQ(r.missing_required, 1);
    EXPECT_EQ(row(r, "leftHand")->problem, "required by VRM 1.0, not mapped");
    // chest: optional in 1.0, required in 0.x.
    const Asset c1 = without(VrmVersion::V1, "chest"), c0 = without(VrmVersion::V0, "chest");
    EXPECT_EQ(humanoid_map_report(c1.vrm, c1.scene).missing_required, 0);
    r = humanoid_map_report(c0.vrm, c0.scene);
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
    const auto r = humanoid_map_report(a.vrm, a.scene);
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

// The avatar maps neither shoulder nor upperChest, so its upper arms answer to chest, two bones up
// the parent column: an upper arm mapped to the Root node (above everything) breaks that, and only
// that (its lower arm is below the Root, so it keeps to its rule).
TEST(HumanoidMap, Vrm1BonesMustLieBelowTheirNearestMappedParentBone) {
    Asset a = build_vrm_avatar(VrmVersion::V1);
    const int root = a.scene.find("Root"), chest = entry(a, "chest")->node;
    ASSERT_GE(root, 0);
    entry(a, "leftUpperArm")->node = root;
    auto r = humanoid_map_report(a.vrm, a.scene);
    EXPECT_EQ(row(r, "leftUpperArm")->problem, "node " + std::to_string(root) +
                                                   " is not below 'chest' (node " + std::to_string(chest) +
                                                   "), its parent bone in VRM 1.0");
    EXPECT_EQ(r.problems, 1);

    // The upper and lower arm swapped: the lower arm's node is now above the upper arm's.
    a = build_vrm_avatar(VrmVersion::V1);
    std::swap(entry(a, "leftUpperArm")->node, entry(a, "leftLowerArm")->node);
    r = humanoid_map_report(a.vrm, a.scene);
    EXPECT_EQ(row(r, "leftLowerArm")->problem, "node " + std::to_string(entry(a, "leftLowerArm")->node) +
                                                   " is not below 'leftUpperArm' (node " +
                                                   std::to_string(entry(a, "leftUpperArm")->node) +
                                                   "), its parent bone in VRM 1.0");
    EXPECT_EQ(r.problems, 1) << "the upper arm is still below chest, the hand below the lower arm";

    // Control: the rules are 1.0's; the same swap in a 0.x map is not flagged by them.
    Asset v0 = build_vrm_avatar(VrmVersion::V0);
    std::swap(entry(v0, "leftUpperArm")->node, entry(v0, "leftLowerArm")->node);
    EXPECT_EQ(humanoid_map_report(v0.vrm, v0.scene).problems, 0);
}

TEST(HumanoidMap, Vrm1BonesThatNeedTheirParentBoneSaySo) {
    // upperChest "can exist only when chest exists"; a finger's intermediate needs its proximal.
    Asset a = without(VrmVersion::V1, "chest");
    const int spare = a.scene.find("J_Bip_C_Chest"), hair = a.scene.find("J_Sec_Hair1");
    ASSERT_GE(spare, 0);
    ASSERT_GE(hair, 0);
    a.vrm.humanoid.push_back({"upperChest", spare});
    a.vrm.humanoid.push_back({"leftIndexIntermediate", hair});
    const auto r = humanoid_map_report(a.vrm, a.scene);
    EXPECT_EQ(row(r, "upperChest")->problem, "needs 'chest' mapped (VRM 1.0)");
    EXPECT_EQ(row(r, "leftIndexIntermediate")->problem, "needs 'leftIndexProximal' mapped (VRM 1.0)");
    EXPECT_EQ(r.problems, 2);
    // Control: with chest mapped (the avatar as built), upperChest on the same node is accepted
    // by the needs-parent rule (then flagged only as the node chest already has).
    Asset b = build_vrm_avatar(VrmVersion::V1);
    b.vrm.humanoid.push_back({"upperChest", spare});
    EXPECT_EQ(row(humanoid_map_report(b.vrm, b.scene), "upperChest")->problem,
              "node " + std::to_string(spare) + " is also 'chest'");
}

// Every bone, not a few: the table's "Needs Parent Bone: Yes" rows (written out here from
// humanoid.md) each mapped alone onto a spare node are flagged naming their parent bone; and each
// of the avatar's 16 mapped bones below hips, moved onto the Root node, is flagged as not below its
// nearest mapped parent bone, and no other row is.
TEST(HumanoidMap, EveryVrm1BoneIsHeldToBothRules) {
    std::vector<std::pair<std::string, std::string>> needs = {{"upperChest", "chest"}};
    for (const std::string side : {"left", "right"}) {
        needs.push_back({side + "ThumbProximal", side + "ThumbMetacarpal"});
        needs.push_back({side + "ThumbDistal", side + "ThumbProximal"});
        for (const std::string f : {"Index", "Middle", "Ring", "Little"}) {
            needs.push_back({side + f + "Intermediate", side + f + "Proximal"});
            needs.push_back({side + f + "Distal", side + f + "Intermediate"});
        }
    }
    EXPECT_EQ(needs.size(), 21u);
    for (const auto& [bone, parent] : needs) {
        // The avatar maps none of these parents but chest. upperChest takes the node chest left (so
        // neck and the arms stay below it); a finger, a hair node no bone is below.
        Asset a = without(VrmVersion::V1, parent);
        a.vrm.humanoid.push_back({bone, a.scene.find(parent == "chest" ? "J_Bip_C_Chest" : "J_Sec_Hair1")});
        const auto r = humanoid_map_report(a.vrm, a.scene);
        EXPECT_EQ(row(r, bone)->problem, "needs '" + parent + "' mapped (VRM 1.0)") << bone;
        EXPECT_EQ(r.problems, 1) << bone;
    }
    const Asset built = build_vrm_avatar(VrmVersion::V1);
    const int root = built.scene.find("Root");
    int moved = 0;
    for (const auto& hb : built.vrm.humanoid) {
        if (hb.bone == "hips") continue;
        Asset a = built;
        entry(a, hb.bone)->node = root;
        const auto r = humanoid_map_report(a.vrm, a.scene);
        EXPECT_NE(row(r, hb.bone)->problem.find("node " + std::to_string(root) + " is not below '"),
                  std::string::npos)
            << hb.bone << ": '" << row(r, hb.bone)->problem << "'";
        EXPECT_EQ(r.problems, 1) << hb.bone;
        ++moved;
    }
    EXPECT_EQ(moved, 16);
}

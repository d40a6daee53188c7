// The humanoid name tables: each scheme's spelling of a bone meets the same VRM name, and a name
// in no table matches nothing rather than a guess.
#include "anim/graph/humanoid_names.h"

#include <gtest/gtest.h>

namespace {

using sv::anim::humanoid_bone;

TEST(HumanoidNames, EachSchemesSpellingMeetsTheVrmName) {
    const std::pair<const char*, const char*> cases[] = {
        {"mixamorig:Hips", "hips"},
        {"mixamorig:Spine1", "chest"},
        {"mixamorig:LeftArm", "leftUpperArm"},
        {"mixamorig:RightForeArm", "rightLowerArm"},
        {"mixamorig:LeftUpLeg", "leftUpperLeg"},
        {"mixamorig:LeftLeg", "leftLowerLeg"},
        {"mixamorig1:LeftHandIndex2", "leftIndexIntermediate"},
        {"LeftToeBase", "leftToes"},
        {"upper_arm.L", "leftUpperArm"},
        {"forearm.R", "rightLowerArm"},
        {"thigh.L", "leftUpperLeg"},
        {"shin.R", "rightLowerLeg"},
        {"UpperArm.L", "leftUpperArm"},
        {"LowerLeg.R", "rightLowerLeg"},
        {"Torso", "chest"},
        {"upperarm_l", "leftUpperArm"},
        {"lowerarm_r", "rightLowerArm"},
        {"clavicle_l", "leftShoulder"},
        {"calf_r", "rightLowerLeg"},
        {"spine_03", "upperChest"},
        {"pelvis", "hips"},
        {"thumb_01_l", "leftThumbMetacarpal"},
        {"leftUpperArm", "leftUpperArm"},
        {"rightLittleDistal", "rightLittleDistal"},
        {"Armature|neck", "neck"},
    };
    for (const auto& [name, bone] : cases) EXPECT_EQ(humanoid_bone(name), bone) << name;
}

TEST(HumanoidNames, ANameInNoTableMatchesNothing) {
    for (const char* name : {"bone_017", "Bone", "Body", "PoleTarget.L", "", "mixamorig:", "tail", "Palm2.L"})
        EXPECT_EQ(humanoid_bone(name), "") << name;
}

TEST(HumanoidNames, RigsThatDoNotShareNamesMatchByBone) {
    const std::vector<std::string> mixamo = {"mixamorig:Hips", "mixamorig:Spine", "mixamorig:LeftArm",
                                             "mixamorig:LeftForeArm", "mixamorig:Extra"};
    const std::vector<std::string> blender = {"Hips", "Abdomen", "UpperArm.L", "LowerArm.L", "Tail"};
    const std::vector<int> parents = {-1, 0, 1, 2, 0};
    const auto m = sv::anim::build_humanoid_retarget_map(mixamo, blender, parents);
    EXPECT_EQ(m.target_of_source, (std::vector<int>{0, 1, 2, 3, -1}));
    EXPECT_EQ(m.unmatched_source, std::vector<std::string>{"mixamorig:Extra"});
    EXPECT_EQ(m.unmatched_target, std::vector<std::string>{"Tail"});
    // The exact-name map, for contrast, matches nothing here but nothing at all.
    const auto exact = sv::anim::build_retarget_map(mixamo, blender, parents);
    EXPECT_EQ(exact.target_of_source, (std::vector<int>(5, -1)));
}

// Joints no table names (finger tips, ends) still meet when only a namespace or case differs.
TEST(HumanoidNames, ANamespaceAloneDoesNotKeepJointsApart) {
    const std::vector<std::string> source = {"mixamorig:Hips", "mixamorig:HeadTop_End", "mixamorig:Tail_01"};
    const std::vector<std::string> target = {"Hips", "headtop_end", "Tail01", "Other"};
    const auto m = sv::anim::build_humanoid_retarget_map(source, target, {-1, 0, 0, 0});
    EXPECT_EQ(m.target_of_source, (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(m.unmatched_target, std::vector<std::string>{"Other"});
}

TEST(HumanoidNames, AnExactNameWinsAndNoTargetIsTakenTwice) {
    // "Spine" is a name on both rigs; the source's "spine_01" means the same bone but must not
    // take the target joint "Spine" already matched exactly.
    const std::vector<std::string> source = {"Hips", "Spine", "spine_01"};
    const std::vector<std::string> target = {"Hips", "Spine"};
    const auto m = sv::anim::build_humanoid_retarget_map(source, target, {-1, 0});
    EXPECT_EQ(m.target_of_source, (std::vector<int>{0, 1, -1}));
}

}  // namespace

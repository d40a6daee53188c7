// `bake FILE --retarget SOURCE --clip NAME --time T` writes the retargeted pose, so it can be held
// against other tools. A character retargeted from a copy of itself poses as its own clip does
// (the rests are one, so lining them up turns nothing); the same bake at another time differs
// (the control that the comparison can fail); a clip the source lacks is refused naming it.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "obj_reader.h"
#include "run_command.h"

namespace sv::test {
namespace {

const std::string kExe = SKINVIEW_EXE;

std::string builtin() { return (source_dir() / "assets" / "humanoid_mixamo.glb").string(); }

ObjFile bake(const std::string& args, const std::string& name, int* status = nullptr) {
    const std::string out = (output_dir() / ("bake_retarget_" + name + ".obj")).string();
    std::filesystem::remove(out);
    const auto r = run_command(quoted(kExe) + " bake " + quoted(builtin()) + " " + args +
                               " --source cpu -o " + quoted(out));
    if (status) *status = r.status;
    if (r.status != 0) {
        ObjFile f;
        f.error = r.err;
        return f;
    }
    return read_obj(out);
}

double worst_distance(const ObjFile& a, const ObjFile& b) {
    double worst = 0.0;
    EXPECT_EQ(a.objects.size(), b.objects.size());
    for (size_t o = 0; o < a.objects.size() && o < b.objects.size(); ++o) {
        EXPECT_EQ(a.objects[o].vertices.size(), b.objects[o].vertices.size());
        for (size_t v = 0; v < a.objects[o].vertices.size() && v < b.objects[o].vertices.size(); ++v)
            worst = std::max(worst, glm::length(a.objects[o].vertices[v] - b.objects[o].vertices[v]));
    }
    return worst;
}

TEST(BakeRetarget, ARigRetargetedFromItselfPosesAsItsOwnClip) {
    const ObjFile own = bake("--clip walk --time 0.5", "own");
    const ObjFile re = bake("--retarget " + quoted(builtin()) + " --clip walk --time 0.5", "self");
    const ObjFile other = bake("--retarget " + quoted(builtin()) + " --clip walk --time 0.2", "other_time");
    ASSERT_TRUE(own.ok()) << own.error;
    ASSERT_TRUE(re.ok()) << re.error;
    ASSERT_TRUE(other.ok()) << other.error;
    const double same = worst_distance(own, re), differ = worst_distance(own, other);
    std::printf("[ measure ] retargeted from itself: %.3g m from its own clip; at another time %.3g m\n",
                same, differ);
    // 1e-4 m on a 1.8 m character: float world matrices through the quaternion round trips.
    EXPECT_LT(same, 1e-4);
    EXPECT_GT(differ, 0.01) << "the control: another time must pose otherwise";
}

TEST(BakeRetarget, AClipTheSourceLacksIsRefusedNamingIt) {
    int status = 0;
    const ObjFile r = bake("--retarget " + quoted(builtin()) + " --clip nosuch --time 0.5", "bad", &status);
    EXPECT_NE(status, 0);
    EXPECT_NE(r.error.find("--clip"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("nosuch"), std::string::npos) << r.error;
}

// A .vrma of the same walk (anim/asset_tools/vrm_builder.h: the humanoid's joints as nodes in VRM
// 1.0's frame, metres, no Armature, named so no name table knows them): its humanoid map alone
// finds the joints, and its T-pose rest is the humanoid's own, so the bake is the rig's own walk.
// Through the real binary, so `bake --retarget FILE.vrma` reads the file as a user would give it.
TEST(BakeRetarget, TheVrmaOfTheWalkPosesTheRigAsItsOwnClip) {
    const std::string vrma = (output_dir() / (current_test_stem() + ".vrma")).string();
    ASSERT_TRUE(anim::write_gltf_file(anim::build_vrm_animation(), vrma).ok());
    const ObjFile own = bake("--clip walk --time 0.5", current_test_stem() + "_own");
    const ObjFile re =
        bake("--retarget " + quoted(vrma) + " --clip walk --time 0.5", current_test_stem() + "_vrma");
    const ObjFile other =
        bake("--retarget " + quoted(vrma) + " --clip walk --time 0.2", current_test_stem() + "_other");
    ASSERT_TRUE(own.ok()) << own.error;
    ASSERT_TRUE(re.ok()) << re.error;
    ASSERT_TRUE(other.ok()) << other.error;
    const double same = worst_distance(own, re), differ = worst_distance(own, other);
    std::printf(
        "[ measure ] the walk's .vrma retargeted: %.3g m from the rig's own clip; at another time %.3g m\n",
        same, differ);
    EXPECT_LT(same, 1e-4);
    EXPECT_GT(differ, 0.01) << "the control: another time must pose otherwise";
}

}  // namespace
}  // namespace sv::test

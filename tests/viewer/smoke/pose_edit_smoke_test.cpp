// Pose editing in the real window (issue #25), by input scripts: the left forearm selected, its X
// slider ctrl+clicked and 30 typed, the view saved at exit; `bake --settings` of that file moves
// every vertex the forearm and the joints below it carry (the hand, the fingers) by the forearm's
// world transform x Rx(30 degrees) x its inverse, which this test builds from the animated pose
// of the same settings without the edit; vertices none of those joints carry stay put. A second run
// presses Reset joint after the edit: its saved file has no pose_edits and bakes the animated pose
// exactly. The sliders and buttons are found from the ui log's "pose edit: LABEL at X Y" lines of a
// first run, so clicks go through ImGui's own hit test rather than pixels guessed from the font.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <glm/gtc/quaternion.hpp>
#include <set>
#include <sstream>
#include <string>

#include "headless_settings.h"
#include "obj_reader.h"
#include "scene_session.h"
#include "test_paths.h"
#include "ui/view.h"
#include "ui/viewer_model.h"
#include "viewer_run.h"

namespace {

using namespace sv;

const char* const kJoint = "LeftForeArm";

class PoseEditSmoke : public ::testing::Test {
protected:
    void SetUp() override { SKINVIEW_SKIP_WITHOUT_DISPLAY(); }

    static std::string path(const std::string& suffix) {
        return (test::output_dir() / (test::current_test_stem() + suffix)).string();
    }

    // The built-in character, the forearm selected and the Joints tab open, `script` for 18 frames;
    // the settings saved at exit to `save` when given.
    static test::ViewerRun run(const std::string& name, const std::string& script,
                               const std::string& save = "") {
        std::string extra = std::string("--joint ") + kJoint + " --tab joints";
        if (!save.empty()) extra += " --save-settings \"" + save + "\"";
        auto r =
            test::run_viewer({test::built_in_character(), 18, script, path("_" + name + ".txt"), "", extra});
        EXPECT_EQ(r.rc, 0) << r.log;
        return r;
    }
};

// Bakes the built-in character with `settings`; the OBJ's objects.
test::ObjFile bake(const std::string& settings, const std::string& obj) {
    const std::string cmd = std::string(SKINVIEW_EXE) + " bake \"" + test::built_in_character() +
                            "\" --settings \"" + settings + "\" -o \"" + obj + "\" 2>&1";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    return test::read_obj(obj);
}

TEST_F(PoseEditSmoke, ASliderTurnsTheJointsChildrenByTheAngleTypedAndResetGivesTheAnimatedPoseBack) {
    const std::string locate = run("locate", "1 move viewport 0.5 0.5\n").log;
    float sx = 0, sy = 0, rx = 0, ry = 0;
    ASSERT_TRUE(test::item_centre(locate, "pose edit", "X", sx, sy)) << "no X slider in the log:\n" << locate;
    ASSERT_TRUE(test::item_centre(locate, "pose edit", "Reset joint", rx, ry)) << locate;
    // Ctrl+click turns the slider into a text field with its text selected; 30 and Enter set it.
    std::ostringstream edit;
    edit << "2 move " << sx << "px " << sy << "px\n3 down left +ctrl\n4 up left\n6 type 30\n7 key enter\n";
    std::ostringstream reset;
    reset << edit.str() << "10 move " << rx << "px " << ry << "px\n11 click left\n";
    const std::string edited_json = path("_edited.json"), reset_json = path("_reset.json");
    const auto edited = run("edit", edit.str(), edited_json);
    EXPECT_NE(edited.log.find(std::string("pose edit: ") + kJoint + " = 30 0 0 (1 edited)"),
              std::string::npos)
        << edited.log;
    const auto was_reset = run("reset", reset.str(), reset_json);
    EXPECT_NE(was_reset.log.find(std::string("pose edit: ") + kJoint + " = 0 0 0 (0 edited)"),
              std::string::npos)
        << was_reset.log;

    auto e = ui::load_settings_file(edited_json);
    auto r = ui::load_settings_file(reset_json);
    ASSERT_TRUE(e) << e.error().message;
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_EQ(e->pose.edits.size(), 1u) << ui::settings_to_json(*e);
    EXPECT_EQ(e->pose.edits[0].first, kJoint);
    EXPECT_EQ(e->pose.edits[0].second, (std::array<double, 3>{30.0, 0.0, 0.0}));
    EXPECT_TRUE(r->pose.edits.empty()) << ui::settings_to_json(*r);
    ui::View e_without = *e;
    e_without.pose.edits.clear();
    EXPECT_EQ(e_without, *r) << "the two runs differ only by the edit: the same clip, time and view";

    const test::ObjFile baked_edit = bake(edited_json, path("_edited.obj"));
    const test::ObjFile baked_reset = bake(reset_json, path("_reset.obj"));
    ASSERT_TRUE(baked_edit.ok()) << baked_edit.error;
    ASSERT_TRUE(baked_reset.ok()) << baked_reset.error;
    ASSERT_EQ(baked_edit.objects.size(), baked_reset.objects.size());

    // The animated pose of the reset file, in process: the forearm's world matrix W, and which
    // vertices the forearm and the joints below it carry alone.
    viewer::SceneOptions o;
    o.file = test::built_in_character();
    auto h = viewer::open_headless(o);
    ASSERT_TRUE(h.ok()) << h.error().message;
    viewer::SceneSession& s = *h->session;
    ASSERT_TRUE(viewer::apply_settings_file(reset_json, s).ok());
    s.model().animation.loop = false;  // as bake samples it
    s.pose();
    const anim::Character& c = s.character();
    const anim::Skeleton& sk = c.skins()[0].skeleton;
    const int forearm = sk.find(kJoint);
    ASSERT_GE(forearm, 0);
    std::set<int> below{forearm};
    for (int j = 0; j < sk.joint_count(); ++j)
        if (below.count(sk.parents()[static_cast<size_t>(j)])) below.insert(j);
    glm::dmat4 w;
    for (int k = 0; k < 16; ++k)
        w[k / 4][k % 4] = sk.world()[static_cast<size_t>(forearm) * 16 + static_cast<size_t>(k)];
    const glm::dmat4 turn =
        w * glm::dmat4(glm::mat3_cast(glm::angleAxis(glm::radians(30.0), glm::dvec3(1, 0, 0)))) *
        glm::inverse(w);
    const glm::dvec3 pivot(w[3]), axis = glm::normalize(glm::dvec3(w[0]));

    const anim::Aabb b = c.bind_bounds();
    const double body = glm::length(b.max - b.min);
    long carried = 0, untouched = 0;
    double worst_carried = 0, worst_untouched = 0, worst_reset = 0, widest = -1, angle = 0;
    for (size_t k = 0; k < baked_edit.objects.size(); ++k) {
        const auto& oe = baked_edit.objects[k];
        const auto& orr = baked_reset.objects[k];
        ASSERT_EQ(oe.vertices.size(), orr.vertices.size());
        const anim::Primitive* prim = nullptr;
        for (const auto& sm : c.skinned_meshes())
            if (sm.node == oe.node)
                prim = &c.asset()
                            .meshes[static_cast<size_t>(sm.mesh)]
                            .primitives[static_cast<size_t>(oe.primitive)];
        if (!prim) continue;
        ASSERT_EQ(prim->positions.size(), oe.vertices.size());
        for (size_t v = 0; v < oe.vertices.size(); ++v) {
            int in = 0, out = 0;
            for (int i = 0; i < 8; ++i)
                if (prim->weights[v][static_cast<size_t>(i)] > 0.0f)
                    (below.count(prim->joints[v][static_cast<size_t>(i)]) ? in : out)++;
            const glm::dvec3 animated = orr.vertices[v], moved = oe.vertices[v];
            if (in > 0 && out == 0) {
                ++carried;
                const glm::dvec3 want(turn * glm::dvec4(animated, 1.0));
                worst_carried = std::max(worst_carried, glm::distance(moved, want));
                // The angle the farthest carried vertex turned about the forearm's X, seen along it.
                const glm::dvec3 a0 = animated - pivot - axis * glm::dot(animated - pivot, axis),
                                 a1 = moved - pivot - axis * glm::dot(moved - pivot, axis);
                if (glm::length(a0) > widest) {
                    widest = glm::length(a0);
                    angle = glm::degrees(std::atan2(glm::dot(glm::cross(a0, a1), axis), glm::dot(a0, a1)));
                }
            } else if (in == 0) {
                ++untouched;
                worst_untouched = std::max(worst_untouched, glm::distance(moved, animated));
            }
        }
    }
    std::printf(
        "[ measure ] %ld vertices carried by the forearm: worst %.3g of the body from Rx(30) about it, the "
        "farthest turned %.4f degrees; %ld others moved at most %.3g\n",
        carried, worst_carried / body, angle, untouched, worst_untouched / body);
    EXPECT_GT(carried, 50);
    EXPECT_GT(untouched, 300);  // 416 measured (the rest of the body)
    EXPECT_LT(worst_carried, 1e-5 * body);
    EXPECT_NEAR(angle, 30.0, 0.01);
    EXPECT_LT(worst_untouched, 1e-6 * body);

    // Reset: the reset file bakes the pose of the edited file without its edit, vertex for vertex.
    const std::string stripped = path("_stripped.json");
    ASSERT_TRUE(ui::save_settings_file(stripped, e_without));
    const test::ObjFile baked_stripped = bake(stripped, path("_stripped.obj"));
    ASSERT_TRUE(baked_stripped.ok()) << baked_stripped.error;
    for (size_t k = 0; k < baked_reset.objects.size(); ++k)
        for (size_t v = 0; v < baked_reset.objects[k].vertices.size(); ++v)
            worst_reset = std::max(worst_reset, glm::distance(baked_reset.objects[k].vertices[v],
                                                              baked_stripped.objects[k].vertices[v]));
    EXPECT_EQ(worst_reset, 0.0);
}

}  // namespace

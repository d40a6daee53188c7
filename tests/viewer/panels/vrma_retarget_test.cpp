// A VRM Animation (.vrma) as a retarget source: the project's .vrma (the built-in humanoid's walk
// and a "limbs" clip on a skeleton of nodes named VRMA_*, which no name table knows) written to
// disk, read back as the viewer reads a retarget source, and played on both VRM avatars and the
// Mixamo rig. Measured as vrm_retarget_test measures a VRM clip: each upper arm's and thigh's
// angle to the spine on the source and on the target at eight times; within 5 degrees. Negative
// control: the same file with left and right swapped in its humanoid map is more than 5 off.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/avatar/humanoid_map.h"
#include "anim/avatar/vrm_facing.h"
#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "anim/graph/humanoid_names.h"
#include "anim/graph/retarget_rest.h"
#include "limb_spine_angle.h"
#include "retarget_source.h"
#include "scene_session.h"
#include "test_paths.h"
#include "ui/graph_panel.h"
#include "ui/viewer_model.h"

namespace {

using namespace sv;

anim::Asset load(const std::string& path) {
    auto a = anim::load_gltf(path);
    EXPECT_TRUE(a) << path << ": " << (a ? "" : a.error().message);
    if (!a) return anim::Asset();
    anim::apply_vrm_facing(*a);
    return std::move(*a);
}

std::string avatar(const char* name) { return (test::source_dir() / "assets" / name).string(); }

// The .vrma on disk, under a name of this test's own (tests run in parallel).
std::string write_vrma(const anim::VrmAnimationOptions& options, const std::string& tag) {
    const auto path = test::output_dir() / (test::current_test_stem() + tag + ".vrma");
    std::filesystem::create_directories(path.parent_path());
    const Status st = anim::write_gltf_file(anim::build_vrm_animation(options), path.string());
    EXPECT_TRUE(st) << (st ? "" : st.error().message);
    return path.string();
}

std::vector<std::string> bones_of(const anim::Character& c) {
    return anim::joint_humanoid_bones(c.skins()[0].skeleton.names(), anim::skin_humanoid_bones(c.asset(), 0));
}

std::array<double, 4> limb_spine_degrees(const anim::Character& c) {
    return test::segment_spine_degrees(c.skins()[0].skeleton, bones_of(c), test::kUpperLimbs);
}

struct Measured {
    double worst = 0.0;
    double source_range[4] = {0, 0, 0, 0};
    int matched = 0;
};

// Which source joint is which bone in truth: the builder's own map (the unswapped file's; a
// swapped file has the same nodes and skin). Measuring the source through the file's map under
// test would swap the source's sides along with the target's and hide the error.
std::vector<std::string> true_source_bones() {
    auto c = anim::Character::create(load(write_vrma({}, "_truth")));
    EXPECT_TRUE(c && !c->skins().empty()) << "the .vrma's skin (made by the reader)";
    return c && !c->skins().empty() ? bones_of(*c) : std::vector<std::string>();
}

// Through the Graph panel, as the viewer's Load does (viewer/session/retarget_source.h), then the panel's
// rest-aligned retarget at eight times over `clip`.
Measured retarget_limbs(const std::string& vrma, int clip, anim::Character& target) {
    const std::vector<std::string> truth = true_source_bones();
    Measured m;
    ui::GraphPanel g;
    const Status st = viewer::load_retarget_source(g, vrma, target, 0);
    EXPECT_TRUE(st) << (st ? "" : st.error().message);
    if (!st) return m;
    anim::Character& source = *g.source;
    for (int t : g.map.target_of_source) m.matched += t >= 0;
    const double length = source.asset().clips[static_cast<size_t>(clip)].duration;
    double lo[4] = {180, 180, 180, 180}, hi[4] = {0, 0, 0, 0};
    for (int k = 0; k < 8; ++k) {
        const float t = static_cast<float>(length * (k + 0.5) / 8.0);
        source.pose_at(clip, t, true);
        target.pose_at(-1, 0.0f, true);
        anim::retarget_rest_relative(g.rest, source.skins()[0].skeleton.world(), target.skins()[0].skeleton,
                                     target.skins()[0].pose);
        target.apply_poses();
        const auto s = test::segment_spine_degrees(source.skins()[0].skeleton, truth, test::kUpperLimbs);
        const auto r = limb_spine_degrees(target);
        for (size_t i = 0; i < 4; ++i) {
            m.worst = std::max(m.worst, std::abs(s[i] - r[i]));
            lo[i] = std::min(lo[i], s[i]);
            hi[i] = std::max(hi[i], s[i]);
        }
    }
    for (size_t i = 0; i < 4; ++i) m.source_range[i] = hi[i] - lo[i];
    return m;
}

const char* const kTargets[] = {"avatar_vrm0.glb", "avatar_vrm1.glb", "humanoid_mixamo.glb"};

TEST(VrmaRetarget, NoNameTableKnowsTheVrmasJoints) {
    auto source = anim::Character::create(load(write_vrma({}, "")));
    ASSERT_TRUE(source);
    ASSERT_EQ(source->skins().size(), 1u);
    const auto& names = source->skins()[0].skeleton.names();
    int by_name = 0, by_map = 0;
    for (const auto& b : anim::joint_humanoid_bones(names, {})) by_name += !b.empty();
    for (const auto& b : anim::skin_humanoid_bones(source->asset(), 0)) by_map += !b.empty();
    EXPECT_EQ(by_name, 0) << "the map, not the names, must be what matches";
    EXPECT_GE(by_map, 17);
}

TEST(VrmaRetarget, TheVrmaPlaysOnBothVrmAvatarsAndTheMixamoRig) {
    const std::string vrma = write_vrma({}, "");
    for (const char* file : kTargets)
        for (int clip : {0, 1}) {
            SCOPED_TRACE(std::string(file) + (clip ? " limbs" : " walk"));
            auto target = anim::Character::create(load(avatar(file)));
            ASSERT_TRUE(target);
            const Measured m = retarget_limbs(vrma, clip, *target);
            std::printf(
                "[ measure ] .vrma '%s' on %s: %d joints matched, limb-spine angle %.2f deg off "
                "(source's arms moved %.1f/%.1f deg, thighs %.1f/%.1f)\n",
                clip ? "limbs" : "walk", file, m.matched, m.worst, m.source_range[0], m.source_range[1],
                m.source_range[2], m.source_range[3]);
            EXPECT_GE(m.matched, 17);
            EXPECT_LT(m.worst, 5.0);
            // The clip must move what is measured, or agreement would prove nothing (the walk's
            // arm and thigh move least: 9.2 and 13.4 degrees on the rig it was made for).
            EXPECT_GT(m.source_range[0], 5.0);
            EXPECT_GT(m.source_range[2], 5.0);
        }
}

// Negative control: the same clip with the map's sides swapped moves the target's left arm as the
// source's right one, which "limbs" sends the other way; the source is measured by its true sides.
TEST(VrmaRetarget, WithTheSidesSwappedInTheMapItFailsTheBound) {
    const std::string vrma = write_vrma({true}, "_swapped");
    for (const char* file : kTargets) {
        SCOPED_TRACE(file);
        auto target = anim::Character::create(load(avatar(file)));
        ASSERT_TRUE(target);
        const Measured m = retarget_limbs(vrma, 1, *target);
        std::printf("[ measure ] swapped .vrma 'limbs' on %s: %d matched, limb-spine angle %.2f deg off\n",
                    file, m.matched, m.worst);
        EXPECT_GT(m.worst, 5.0);
    }
}

// The Graph tab playing the .vrma on an avatar: its "blink" track (sin(pi t / 2) over the 2 s walk,
// the builder's) moves the Expressions slider and so the avatar's blink morph target; a model
// without the .vrma leaves it at 0 (the control).
TEST(VrmaRetarget, TheGraphTabPlaysTheExpressionTrackOnTheAvatar) {
    const std::string vrma = write_vrma({}, "");
    for (const char* file : {"avatar_vrm1.glb", "avatar_vrm0.glb"}) {
        SCOPED_TRACE(file);
        auto target = anim::Character::create(load(avatar(file)));
        ASSERT_TRUE(target);
        ui::ViewerModel m;
        m.attach(*target);
        const auto blink_slider = [&]() -> double {
            for (size_t i = 0; i < m.expressions.names.size(); ++i)
                if (m.expressions.names[i] == "blink") return m.expressions.values[i];
            ADD_FAILURE() << "no blink slider";
            return -1.0;
        };
        m.animation.time = 1.0;
        m.pose(*target);
        EXPECT_EQ(blink_slider(), 0.0) << "the avatar's own clip carries no blink";
        const Status st = viewer::load_retarget_source(m.graph, vrma, *target, 0);
        ASSERT_TRUE(st) << st.error().message;
        m.graph.mode = ui::GraphMode::Retarget;
        for (const double t : {0.5, 1.0}) {
            m.animation.time = t;
            m.pose(*target);
            EXPECT_NEAR(blink_slider(), std::sin(3.14159265358979 * t / 2.0), 1e-6) << t;
        }
        // blink is binary: at 1 s (weight 1) its morph target (the builder's node 1, target 1) is on.
        EXPECT_EQ(target->morph_weights(1).at(1), 1.0f);
    }
}

// What the viewer (and render, bake) says when a .vrma is opened as the main file: it has nothing
// to draw, and where it belongs instead. Refused before any GL is touched.
TEST(VrmaRetarget, OpenedAsTheMainFileItIsRefusedPlainly) {
    const std::string vrma = write_vrma({}, "");
    auto s = viewer::SceneSession::open(vrma, render::Api::GL, true);
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().message,
              vrma +
                  ": a VRM Animation (VRMC_vrm_animation) has no mesh to draw; open a character and load "
                  "this file as its retarget source (the Graph tab's Load, --retarget, the settings' "
                  "retarget_source)");
}

}  // namespace

// Issue 35's smaller reports, held at the panels: a spring Kick while the clip is paused swings the
// tail; the state machine's "time in state" starts at 0 when it is chosen, not at the time the
// file has been open; the error heat map says "all within tolerance" when every vertex passes,
// instead of one flat blue that reads as broken.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "anim/gltf/gltf_import.h"
#include "test_paths.h"
#include "ui/heat_legend.h"
#include "ui/viewer_model.h"

namespace small_reports {

using namespace sv;

anim::Character load(const char* name) {
    auto asset = anim::load_gltf((test::source_dir() / "assets" / name).string());
    EXPECT_TRUE(asset) << (asset ? "" : asset.error().message);
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c);
    return std::move(*c);
}

// Each spring joint's local rotation in skin 0's pose.
std::vector<glm::dquat> spring_rotations(const ui::ViewerModel& m, const anim::Character& c) {
    std::vector<glm::dquat> r;
    const auto& q = c.skins()[0].pose.rotation;
    for (const auto& l : m.graph.spring.chain.links) {
        const size_t o = static_cast<size_t>(l.joint) * 4;
        r.emplace_back(q[o + 3], q[o], q[o + 1], q[o + 2]);  // glm: w, x, y, z
    }
    return r;
}

TEST(SpringKick, SwingsTheTailWhileTheClipIsPaused) {
    anim::Character c = load("humanoid_mixamo.glb");
    ui::ViewerModel m;
    m.attach(c);
    auto& s = m.graph.spring;
    if (s.first_joint < 0) s.first_joint = 1;  // a chain from the spine when the rig has no tail
    s.enabled = true;
    s.rebuild(c.skins()[0].skeleton);
    ASSERT_FALSE(s.chain.links.empty()) << s.error;
    m.animation.playing = false;
    for (int i = 0; i < 30; ++i) m.advance_and_pose(c, 1.0 / 30.0);  // a second paused, settled
    const auto before = spring_rotations(m, c);
    s.kick();
    m.advance_and_pose(c, 1.0 / 30.0);
    m.advance_and_pose(c, 1.0 / 30.0);
    const auto after = spring_rotations(m, c);
    double moved = 0.0;
    for (size_t i = 0; i < before.size(); ++i)
        moved = std::max(
            moved, glm::degrees(2.0 * std::acos(std::min(1.0, std::abs(glm::dot(before[i], after[i]))))));
    std::printf("[ measure ] paused kick: the chain turned up to %.3g degrees in 2 frames\n", moved);
    EXPECT_GT(moved, 1.0) << "a Kick while paused should swing the chain";
    EXPECT_EQ(m.animation.time, 0.0) << "the clip stays paused";
}

TEST(StateMachine, TimeInStateStartsAtZeroWhenChosen) {
    anim::Character c = load("humanoid_mixamo.glb");
    ui::ViewerModel m;
    m.attach(c);
    m.animation.playing = true;
    for (int i = 0; i < 120; ++i) m.advance_and_pose(c, 1.0 / 30.0);  // 4 s in Clip mode
    ASSERT_GT(m.graph.clock, 3.9);
    ASSERT_TRUE(m.graph.machine) << m.graph.machine_error;
    // The control: the machine built at load has counted the clip mode's time.
    EXPECT_GT(m.graph.machine->time_in_state(m.graph.clock), 3.9);
    m.graph.set_mode(ui::GraphMode::StateMachine, c, 0);
    ASSERT_TRUE(m.graph.machine) << m.graph.machine_error;
    EXPECT_EQ(m.graph.machine->time_in_state(m.graph.clock), 0.0);
    m.advance_and_pose(c, 0.5);
    EXPECT_NEAR(m.graph.machine->time_in_state(m.graph.clock), 0.5 * m.animation.speed, 1e-9);
}

TEST(HeatLegend, SaysAllWithinToleranceWhenEveryVertexPasses) {
    ui::DiagnosePanel d;
    render::DiagnoseFigures r;
    r.body_size = 2.0;     // tolerance 2e-4 m
    r.worst_error = 3e-7;  // float noise
    d.set_result(r, {});
    EXPECT_EQ(ui::error_legend(d, false).note, "all within tolerance (worst 3.00e-07 m)");
    // The control: an error over the tolerance says nothing of the kind, and stale stays stale.
    r.worst_error = 1.5;
    d.set_result(r, {});
    EXPECT_EQ(ui::error_legend(d, false).note, "");
    EXPECT_EQ(ui::error_legend(d, true).note, "stale: measured in another state");
}

}  // namespace small_reports

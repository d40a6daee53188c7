// The copies between the panels' plain values and the renderer's options (viewer/app/ui_bridge.h):
// what the panels edit must reach the renderer unchanged. (The view is the renderer's own value in
// the panels, tests/viewer/panels/debug_view_words_test.cpp.)
#include "ui_bridge.h"

#include <gtest/gtest.h>

namespace sv {
namespace {

TEST(UiBridge, WhatThePanelsEditReachesTheDrawOptions) {
    render::DrawOptions draw;
    draw.heat_scale = 0.25f;  // not the panels': must survive the round trip untouched
    draw.draw_skeleton = true;
    ui::DrawControls c = viewer::to_controls(draw);
    EXPECT_EQ(c.view, render::DebugView::Lit);
    c.auto_rung = false;
    c.rung = anim::SkinningRung::LinearBlend;
    c.view = render::DebugView::Normals;
    c.selected_skin = 1;
    c.selected_joint = 7;
    c.draw_grid = !draw.draw_grid;
    c.draw_joint_axes = !draw.draw_joint_axes;
    c.lighting.exposure = 2.5f;
    c.lighting.key_light = false;
    c.lighting.environment_intensity = 0.5f;
    viewer::apply_controls(c, draw);
    EXPECT_FALSE(draw.auto_rung);
    EXPECT_EQ(draw.rung, anim::SkinningRung::LinearBlend);
    EXPECT_EQ(draw.debug_view, render::DebugView::Normals);
    EXPECT_EQ(draw.selected_skin, 1);
    EXPECT_EQ(draw.selected_joint, 7);
    EXPECT_EQ(draw.draw_grid, c.draw_grid);
    EXPECT_EQ(draw.draw_joint_axes, c.draw_joint_axes);
    EXPECT_FLOAT_EQ(draw.lighting.exposure, 2.5f);
    EXPECT_FALSE(draw.lighting.key_light);
    EXPECT_FLOAT_EQ(draw.lighting.environment_intensity, 0.5f);
    EXPECT_FLOAT_EQ(draw.heat_scale, 0.25f);
    EXPECT_TRUE(draw.draw_skeleton);
    // The key direction has no control but must not be reset to the ui's default by the copy.
    EXPECT_EQ(draw.lighting.key_direction, render::DrawOptions{}.lighting.key_direction);
}

}  // namespace
}  // namespace sv

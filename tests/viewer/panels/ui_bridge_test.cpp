// The copies between the panels' plain values and the renderer's options (viewer/app/ui_bridge.h):
// what the panels edit must reach the renderer unchanged, and each view keep its meaning.
#include "ui_bridge.h"

#include <gtest/gtest.h>

namespace sv {
namespace {

TEST(UiBridge, EveryViewKeepsItsMeaningBothWays) {
    const render::DebugView all[] = {render::DebugView::Lit,          render::DebugView::Weights,
                                     render::DebugView::ErrorHeatMap, render::DebugView::BaseColor,
                                     render::DebugView::Normals,      render::DebugView::RoughnessMetal};
    for (render::DebugView v : all) EXPECT_EQ(viewer::to_render(viewer::to_ui(v)), v) << static_cast<int>(v);
    EXPECT_EQ(viewer::to_ui(render::DebugView::Weights), ui::MaterialView::Weights);
    EXPECT_EQ(viewer::to_ui(render::DebugView::ErrorHeatMap), ui::MaterialView::ErrorHeatMap);
    EXPECT_EQ(viewer::to_ui(render::DebugView::RoughnessMetal), ui::MaterialView::RoughnessMetal);
}

TEST(UiBridge, WhatThePanelsEditReachesTheDrawOptions) {
    render::DrawOptions draw;
    draw.heat_scale = 0.25f;  // not the panels': must survive the round trip untouched
    draw.draw_skeleton = true;
    ui::DrawControls c = viewer::to_controls(draw);
    EXPECT_EQ(c.view, ui::MaterialView::Lit);
    c.auto_rung = false;
    c.rung = anim::SkinningRung::LinearBlend;
    c.view = ui::MaterialView::Normals;
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

TEST(UiBridge, ADiagnoseErrorStaysAnError) {
    const Expected<render::DiagnoseResult> failed = Error{"diagnose: no skinned mesh"};
    const Expected<ui::DiagnoseSummary> s = viewer::summarize(failed);
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().message, "diagnose: no skinned mesh");
    render::DiagnoseResult r;
    r.worst_error = 1e-6;
    r.body_size = 1.8;
    r.vertices = 42;
    const ui::DiagnoseSummary ok = viewer::summarize(r);
    EXPECT_EQ(ok.vertices, 42);
    EXPECT_DOUBLE_EQ(ok.worst_error, 1e-6);
    EXPECT_DOUBLE_EQ(ok.body_size, 1.8);
}

}  // namespace
}  // namespace sv

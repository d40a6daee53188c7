// The panel models the viewer draws with thousands of joints: the joints plot's columns (one bar a
// pixel holding the worst of its joints) and the scene tree's shown rows (what the clipper pages
// through), on the generated 4096-joint sunflower (anim/asset_tools/many_joint_builder.h).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "anim/asset_tools/many_joint_builder.h"
#include "ui/joints_panel.h"
#include "ui/scene_panel.h"

namespace {

using namespace sv;

ui::JointsPanel panel_of(int n) {
    ui::JointsPanel p;
    for (int j = 0; j < n; ++j) p.rows.push_back({j, "j" + std::to_string(j), j - 1, 1e-7, 1e-7});
    return p;
}

TEST(JointsPlotColumns, OneBarARowWhileTheyFit) {
    ui::JointsPanel p = panel_of(10);
    p.rows[7].defect_corrected = 0.5;
    const auto shown = p.visible(true);
    const auto cols = p.plot_columns(shown, 300, true, 3);
    ASSERT_EQ(cols.size(), 10u);
    for (size_t k = 0; k < cols.size(); ++k) EXPECT_EQ(cols[k].row, static_cast<int>(k));
    EXPECT_TRUE(cols[7].above);
    EXPECT_FALSE(cols[6].above);
    EXPECT_TRUE(cols[3].selected);
    EXPECT_FALSE(cols[4].selected);
}

TEST(JointsPlotColumns, ThousandsOfJointsInAFewHundredPixelsKeepTheWorst) {
    ui::JointsPanel p = panel_of(4096);
    p.rows[3001].defect_corrected = 0.25;  // over tolerance, among thousands of clean joints
    p.rows[100].defect_corrected = std::numeric_limits<double>::quiet_NaN();
    p.rows[101].defect_corrected = 1.0;  // NaN beside it still wins its column
    const auto shown = p.visible(true);
    const auto cols = p.plot_columns(shown, 300, true, 4095);
    ASSERT_EQ(cols.size(), 300u);
    int above = 0;
    for (const auto& c : cols) {
        ASSERT_GE(c.row, 0);
        above += c.above ? 1 : 0;
    }
    EXPECT_EQ(above, 2) << "the 0.25 joint's column and the NaN/1.0 one";
    const auto& hot = cols[3001u * 300u / 4096u];
    EXPECT_EQ(hot.row, 3001);
    EXPECT_EQ(hot.defect, 0.25);
    const auto& nan = cols[100u * 300u / 4096u];
    EXPECT_EQ(nan.row, 100);
    EXPECT_TRUE(std::isnan(nan.defect));
    EXPECT_TRUE(cols.back().selected);
    // Sorted by defect descending, the worst comes first in the plot too.
    p.sort = ui::JointSort::Corrected;
    p.descending = true;
    const auto sorted = p.plot_columns(p.visible(true), 300, true, -1);
    EXPECT_EQ(sorted[0].row, 101) << "1.0, then 0.25 (joint 3001) in the same first bar";
    EXPECT_EQ(sorted[0].defect, 1.0);
    EXPECT_TRUE(std::isnan(sorted.back().defect)) << "NaN sorts last";
}

TEST(SceneTreeRows, AllOpenShowsEveryRowAndAClosedNodeHidesItsSubtree) {
    auto c = anim::Character::create(anim::build_many_joint_asset(4096));
    ASSERT_TRUE(c.ok()) << c.error().message;
    ui::ScenePanel p;
    p.rebuild(*c);
    ASSERT_EQ(p.rows.size(), 4097u);  // the mesh node, the root, 4095 petals
    const auto all = p.shown_rows([](int) { return true; });
    ASSERT_EQ(all.size(), p.rows.size());
    for (size_t k = 0; k < all.size(); ++k) EXPECT_EQ(all[k], static_cast<int>(k));
    int root = -1;
    for (size_t i = 0; i < p.rows.size(); ++i)
        if (p.rows[i].name == "Root") root = static_cast<int>(i);
    ASSERT_GE(root, 0);
    EXPECT_EQ(p.rows[static_cast<size_t>(root)].children, 4095);
    const auto closed = p.shown_rows([&](int r) { return r != root; });
    // Every row but the root's 4095 children.
    EXPECT_EQ(closed.size(), p.rows.size() - 4095);
    for (int r : closed) EXPECT_NE(p.rows[static_cast<size_t>(r)].parent_row, root);
}

TEST(SceneTreeRows, AClosedNodeHidesOnlyItsOwnDescendants) {
    // Two roots A (child A1, grandchild A2) and B: closing A hides A1 and A2 and shows B.
    ui::ScenePanel p;
    p.rows = {{0, 0, "A", -1, -1, -1, -1, -1, 1},
              {1, 1, "A1", -1, -1, -1, -1, 0, 1},
              {2, 2, "A2", -1, -1, -1, -1, 1, 0},
              {3, 0, "B", -1, -1, -1, -1, -1, 0}};
    EXPECT_EQ(p.shown_rows([](int r) { return r != 0; }), (std::vector<int>{0, 3}));
    EXPECT_EQ(p.shown_rows([](int r) { return r != 1; }), (std::vector<int>{0, 1, 3}));
    EXPECT_EQ(p.shown_rows([](int) { return true; }), (std::vector<int>{0, 1, 2, 3}));
}

}  // namespace

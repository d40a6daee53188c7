// The inspector at 1600 px on a VRM avatar (a user's report: tabs overflowing behind scroll arrows,
// "Expressions" cut, the humanoid table cutting the finger bones' names, the expressions' legend
// making the tab scroll sideways): every tab of both project avatars, each drawn in the real window,
// and the ui log read for what the layout says of itself. The tab strip logs where each tab is
// ("inspector tab: LABEL at X Y") and any tab it had to cut; a body wider than the inspector logs
// "Inspector scrolls sideways"; the humanoid table logs a bone name its column cuts.
// Controls: at 800 px the same strip wraps onto more rows and still cuts nothing, and the Frame
// tab's fixed-width rows do scroll sideways, so the sideways detector is seen to fire.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_paths.h"
#include "ui/viewport.h"
#include "viewer_run.h"

// Named, not anonymous: the folder compiles as unity batches.
namespace layout_smoke_test {

using sv::test::ViewerRun;

const std::vector<std::string> kTabs = {"frame",    "joints", "scale", "ik",       "palette",
                                        "diagnose", "graph",  "notes", "humanoid", "expressions"};
const std::vector<std::string> kLabels = {"Frame",    "Joints", "Scale", "IK",       "Palette",
                                          "Diagnose", "Graph",  "Notes", "Humanoid", "Expressions"};

class LayoutSmoke : public ::testing::Test {
protected:
    void SetUp() override { SKINVIEW_SKIP_WITHOUT_DISPLAY(); }

    static ViewerRun run(const std::string& avatar, const std::string& tab, int width) {
        const std::string stem = (sv::test::output_dir() / (sv::test::current_test_stem() + "_" + avatar +
                                                            "_" + tab + "_" + std::to_string(width)))
                                     .string();
        const std::string file = (sv::test::source_dir() / "assets" / (avatar + ".glb")).string();
        ViewerRun r =
            sv::test::run_viewer({file, 4, "1 move viewport 0.5 0.5\n", stem + ".txt", stem + ".png",
                                  "--tab " + tab + " --window " + std::to_string(width)});
        EXPECT_EQ(r.rc, 0) << r.log;
        return r;
    }

    // The rows the tab strip used (distinct y of the logged tab centres), every label required to
    // be logged inside the inspector column.
    static std::set<int> tab_rows(const ViewerRun& r, int width, const std::string& what) {
        const sv::ui::Rect right = sv::ui::compute_layout(float(width), float(width * 9 / 16)).right;
        std::set<int> rows;
        for (const std::string& label : kLabels) {
            float x = 0, y = 0;
            if (!sv::test::item_centre(r.log, "inspector tab", label, x, y)) {
                ADD_FAILURE() << what << ": tab '" << label << "' was not drawn (no position in the log)";
                continue;
            }
            EXPECT_GT(x, right.x) << what << ": " << label;
            EXPECT_LT(x, right.x + right.w) << what << ": " << label;
            rows.insert(int(y));
        }
        return rows;
    }
};

TEST_F(LayoutSmoke, AtSixteenHundredPixelsEveryVrmTabFitsTheInspector) {
    for (const std::string avatar : {"avatar_vrm0", "avatar_vrm1"}) {
        for (const std::string& tab : kTabs) {
            const std::string what = avatar + " --tab " + tab;
            const ViewerRun r = run(avatar, tab, 1600);
            EXPECT_EQ(r.log.find("scrolls sideways"), std::string::npos) << what << "\n" << r.log;
            EXPECT_EQ(r.log.find("inspector tab cut"), std::string::npos) << what << "\n" << r.log;
            EXPECT_EQ(r.log.find("column cuts"), std::string::npos) << what << "\n" << r.log;
            const std::set<int> rows = tab_rows(r, 1600, what);
            EXPECT_LE(rows.size(), 2u) << what << ": the ten tabs took " << rows.size() << " rows";
        }
    }
}

TEST_F(LayoutSmoke, AtEightHundredPixelsTheTabsWrapAndTheFixedRowsScroll) {
    const ViewerRun r = run("avatar_vrm1", "frame", 800);
    const std::set<int> rows = tab_rows(r, 800, "800 px");
    std::printf("[ measure ] 800 px: the ten tabs on %zu rows\n", rows.size());
    EXPECT_GE(rows.size(), 3u) << r.log;
    EXPECT_EQ(r.log.find("inspector tab cut"), std::string::npos) << r.log;
    // The detector's control: the Frame tab's value rows do not wrap, so here they scroll.
    EXPECT_NE(r.log.find("Inspector scrolls sideways"), std::string::npos) << r.log;
}

}  // namespace layout_smoke_test

// The inspector fits: at the default 1280x720 window and at 1600 px (a user's reports: tabs behind
// scroll arrows, Xbot's Frame verdict, the Joints tab's header and the Scale tab's "needs" column cut
// behind a horizontal scrollbar at 1280, the humanoid table cutting finger bones, Lighting's two
// sliders both reading "environment"), on the project's characters and every skinned file of
// ../shared (assets and khronos), every tab. One viewer run per file and size: its input script
// presses each tab in turn (`press inspector tab: LABEL`, where the ui log placed the button), the
// Frame tab with the correction on and off, then opens Lighting; the ui log says what the layout
// found: "Inspector scrolls sideways: TAB", "inspector tab cut", "Scale table cuts", "Joints table
// cuts", "column cuts" (humanoid), "label cut: LABEL".
// The overlays (the weights legend, the selected joint's name) stay inside the 3D view, clear of the
// inspector, and the legend off the joint whose weights it shows (it sat on Xbot's forearm).
// Controls: at 800 px the tab strip wraps onto more rows and cuts nothing, the Frame tab's matrix
// rows do scroll sideways and Lighting's labels are cut, so each detector is seen to fire.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_paths.h"
#include "ui/overlay_place.h"
#include "ui/viewport.h"
#include "viewer_run.h"

// Named, not anonymous: the folder compiles as unity batches.
namespace layout_smoke_test {

namespace fs = std::filesystem;
using sv::test::ViewerRun;

const std::vector<std::string> kLabels = {"Frame",    "Joints", "Scale", "IK",       "Palette",
                                          "Diagnose", "Graph",  "Notes", "Humanoid", "Expressions"};
constexpr size_t kPlainTabs = 8;  // a file without VRM lists the first eight

// The glTF JSON of a .gltf, or a .glb's JSON chunk (the first, by the binary header's length).
std::string gltf_json(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (fs::path(path).extension() != ".glb") return bytes;
    if (bytes.size() < 20) return "";
    uint32_t length = 0;
    for (int i = 3; i >= 0; --i) length = length * 256 + static_cast<unsigned char>(bytes[12 + size_t(i)]);
    return bytes.substr(20, length);
}

struct LayoutFile {
    std::string path;
    std::string name;  // for messages and scratch files
    bool vrm = false;
};
// gtest prints a parameter in failure messages: the path, not its bytes.
void PrintTo(const LayoutFile& f, std::ostream* os) { *os << f.path; }

// The project's characters (assets/*.glb), and every file of ../shared/assets and of each
// ../shared/khronos model whose own JSON has a "skins" array, one variant a model (glTF-Binary,
// else glTF: the variants hold the same skin, and the panels print the same of it).
std::vector<LayoutFile> layout_files() {
    std::vector<LayoutFile> files;
    const auto add = [&](const fs::path& p) {
        const std::string json = gltf_json(p.string());
        if (json.find("\"skins\"") == std::string::npos) return;
        files.push_back(
            {p.string(), p.stem().string(),
             json.find("\"VRM\"") != std::string::npos || json.find("\"VRMC_vrm\"") != std::string::npos});
    };
    std::error_code ec;
    std::set<fs::path> sorted;
    for (const fs::path& dir : {sv::test::source_dir() / "assets", sv::test::shared_assets()})
        for (const auto& e : fs::directory_iterator(dir, ec))
            if (e.path().extension() == ".glb") sorted.insert(e.path());
    const fs::path khronos = sv::test::shared_assets().parent_path() / "khronos";
    for (const auto& model : fs::directory_iterator(khronos, ec)) {
        const std::string n = model.path().filename().string();
        for (const fs::path& p :
             {model.path() / "glTF-Binary" / (n + ".glb"), model.path() / "glTF" / (n + ".gltf")})
            if (fs::exists(p)) {
                sorted.insert(p);
                break;
            }
    }
    for (const fs::path& p : sorted) add(p);
    return files;
}

// Every "skinview: frame N: PREFIX..." line's text after the prefix, in order.
std::vector<std::string> all_after(const std::string& log, const std::string& prefix) {
    std::vector<std::string> out;
    for (size_t at = log.find(prefix); at != std::string::npos; at = log.find(prefix, at + 1)) {
        const size_t from = at + prefix.size();
        out.push_back(log.substr(from, log.find('\n', from) - from));
    }
    return out;
}

// Four numbers after "PREFIX" on its last line, as a rectangle; false when there is none.
bool logged_rect(const std::string& log, const std::string& prefix, sv::ui::Rect& r) {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    const std::string s = sv::test::last_after(log, prefix);
    if (s.empty() || std::sscanf(s.c_str(), "%f %f %f %f", &x0, &y0, &x1, &y1) != 4) return false;
    r = {x0, y0, x1 - x0, y1 - y0};
    return true;
}

bool inside(const sv::ui::Rect& inner, const sv::ui::Rect& outer) {
    return inner.x >= outer.x - 0.5f && inner.y >= outer.y - 0.5f &&
           inner.x + inner.w <= outer.x + outer.w + 0.5f && inner.y + inner.h <= outer.y + outer.h + 0.5f;
}

// The script: each tab pressed in turn two frames apart (the press; the release, which switches
// the tab in the frame it draws; then the next press, in a frame that still draws that tab and
// logs the sideways scrollbar its content asked for, which ImGui adds a frame late); C pressed
// twice on the Frame tab, so it draws with the correction off and on; then the Scene panel's
// Lighting header.
std::string tour_script(int& frames) {
    std::ostringstream s;
    s << "1 move viewport 0.5 0.5\n";
    s << "2 key c\n";
    s << "5 key c\n";
    int f = 8;
    for (const std::string& label : kLabels) {
        s << f << " press inspector tab: " << label << "\n";
        f += 2;
    }
    s << f << " press scene: Lighting\n";
    frames = f + 3;
    return s.str();
}

ViewerRun tour(const LayoutFile& file, int width) {
    const std::string stem =
        (sv::test::output_dir() / ("layout_" + file.name + "_" + std::to_string(width))).string();
    int frames = 0;
    const std::string script = tour_script(frames);
    return sv::test::run_viewer(
        {file.path, frames, script, stem + ".txt", stem + ".png", "--window " + std::to_string(width)});
}

// What the ui log says of one run, each finding named with the file and the size.
void expect_fits(const ViewerRun& r, const LayoutFile& file, int width) {
    const std::string what = file.name + " at " + std::to_string(width) + " px";
    ASSERT_EQ(r.rc, 0) << what << "\n" << r.log;
    ASSERT_NE(r.log.find("opened " + file.path), std::string::npos) << what << "\n" << r.log;
    // Every tab the file lists was drawn (so a detector below cannot pass for a tab never shown).
    const size_t tabs = file.vrm ? kLabels.size() : kPlainTabs;
    const std::vector<std::string> bodies = all_after(r.log, "inspector body: ");
    const std::set<std::string> drawn(bodies.begin(), bodies.end());
    for (size_t i = 0; i < tabs; ++i)
        EXPECT_EQ(drawn.count(kLabels[i]), 1u) << what << ": tab " << kLabels[i];
    // The Frame tab (the only one drawn until the first press) with the correction both ways: the
    // status line's message starts with the switch's state.
    bool saw_off = false, saw_on = false;
    for (const auto& s : all_after(r.log, "status: ")) {
        saw_off = saw_off || s.rfind("correction off", 0) == 0;
        saw_on = saw_on || s.rfind("correction on", 0) == 0;
    }
    EXPECT_TRUE(saw_off && saw_on) << what << ": the Frame tab in one correction state only\n" << r.log;
    for (const std::string& tab : all_after(r.log, "Inspector scrolls sideways: "))
        ADD_FAILURE() << what << ": the " << tab << " tab scrolls sideways";
    EXPECT_EQ(r.log.find("inspector tab cut"), std::string::npos) << what << "\n" << r.log;
    EXPECT_EQ(r.log.find("column cuts"), std::string::npos) << what << "\n" << r.log;
    // Tables log a cut in their first frame (no widths yet): what they settled on is the last line.
    const std::string scale = sv::test::last_after(r.log, "Scale table");
    EXPECT_TRUE(scale.empty() || scale == ": every column shows its header and values")
        << what << ": Scale table" << scale;
    const std::string joints = sv::test::last_after(r.log, "Joints table");
    EXPECT_TRUE(joints.empty() || joints == ": every name shows") << what << ": Joints table" << joints;
    // Lighting opened, each label whole and none twice.
    const std::vector<std::string> lighting = all_after(r.log, "lighting control: ");
    EXPECT_GE(lighting.size(), 6u) << what << ": Lighting was not opened\n" << r.log;
    std::map<std::string, int> seen;
    for (const auto& l : lighting) ++seen[l];
    for (const auto& [label, n] : seen)
        EXPECT_EQ(n, 1) << what << ": '" << label << "' labels " << n << " controls";
    for (const std::string& cut : all_after(r.log, "label cut: "))
        ADD_FAILURE() << what << ": a label is cut: " << cut;
}

class LayoutSmoke : public ::testing::TestWithParam<LayoutFile> {
protected:
    void SetUp() override { SKINVIEW_SKIP_WITHOUT_DISPLAY(); }
};

TEST_P(LayoutSmoke, EveryTabFitsTheInspectorAt1280And1600) {
    for (int width : {1280, 1600}) {
        SCOPED_TRACE(width);
        expect_fits(tour(GetParam(), width), GetParam(), width);
    }
}

INSTANTIATE_TEST_SUITE_P(Characters, LayoutSmoke, ::testing::ValuesIn(layout_files()),
                         [](const ::testing::TestParamInfo<LayoutFile>& i) {
                             std::string s = i.param.name;
                             for (char& c : s)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return s;
                         });

// The list is not empty for want of files: the project's six characters are always there, and CI
// always has ../shared's.
TEST(LayoutFiles, CoverTheProjectsCharactersAndTheSharedSkinnedFiles) {
    const std::vector<LayoutFile> files = layout_files();
    std::set<std::string> names;
    for (const auto& f : files) names.insert(f.name);
    for (const char* n : {"humanoid", "humanoid_mixamo", "avatar_vrm0", "avatar_vrm1", "arm"})
        EXPECT_EQ(names.count(n), 1u) << n;
    if (sv::test::in_ci() || !sv::test::shared_asset("Xbot.glb").empty()) {
        for (const char* n : {"Xbot", "Fox", "CesiumMan", "RiggedSimple"}) EXPECT_EQ(names.count(n), 1u) << n;
        // The negative control of the skin filter: an unskinned model of the same folders is left out.
        EXPECT_EQ(names.count("Duck"), 0u);
    }
    for (const auto& f : files) {
        if (f.name.rfind("avatar_vrm", 0) == 0) {
            EXPECT_TRUE(f.vrm) << f.name;
        } else {
            EXPECT_FALSE(f.vrm) << f.name;
        }
    }
}

// The weights legend and the selected joint's name, on Xbot's left forearm (a long Mixamo name,
// and a joint on the side of the view where the legend stood): both inside the 3D view (so never
// under the inspector) and the legend clear of the joint.
TEST(LayoutOverlays, TheLegendAndTheJointLabelStayInTheViewAndOffTheJoint) {
    SKINVIEW_SKIP_WITHOUT_DISPLAY();
    SKINVIEW_SHARED_ASSET_OR_SKIP(xbot, "Xbot.glb");
    const std::string settings = (sv::test::output_dir() / "layout_overlays_settings.json").string();
    std::ofstream(settings) << R"({"heatmap": "weights", "joint": "mixamorig:LeftForeArm"})";
    for (int width : {1280, 1600}) {
        SCOPED_TRACE(width);
        const std::string stem =
            (sv::test::output_dir() / ("layout_overlays_" + std::to_string(width))).string();
        const ViewerRun r =
            sv::test::run_viewer({xbot, 4, "1 move viewport 0.5 0.5\n", stem + ".txt", stem + ".png",
                                  "--window " + std::to_string(width) + " --settings " + settings});
        ASSERT_EQ(r.rc, 0) << r.log;
        const sv::ui::Layout l = sv::ui::compute_layout(float(width), float(width * 9 / 16));
        sv::ui::Rect inspector, legend, label;
        ASSERT_TRUE(logged_rect(r.log, "inspector rect: ", inspector)) << r.log;
        ASSERT_TRUE(logged_rect(r.log, "overlay rect: heat legend: ", legend)) << r.log;
        ASSERT_TRUE(logged_rect(r.log, "overlay rect: joint label: ", label)) << r.log;
        float jx = 0, jy = 0;
        const std::string joint =
            sv::test::last_after(r.log, "described joint: mixamorig:LeftForeArm on screen ");
        ASSERT_EQ(std::sscanf(joint.c_str(), "%f %f", &jx, &jy), 2) << r.log;
        std::printf("[ measure ] %d px: legend %.0f %.0f %.0fx%.0f, forearm at %.0f %.0f, label %.0f %.0f\n",
                    width, double(legend.x), double(legend.y), double(legend.w), double(legend.h), double(jx),
                    double(jy), double(label.x), double(label.y));
        EXPECT_TRUE(inside(legend, l.viewport)) << "the legend leaves the 3D view";
        EXPECT_TRUE(inside(label, l.viewport)) << "the joint's name leaves the 3D view";
        EXPECT_FALSE(sv::ui::overlaps(legend, inspector));
        EXPECT_FALSE(sv::ui::overlaps(label, inspector));
        // 24 px round the joint: the marker's ring (6 px) and the limb at it.
        const sv::ui::Rect around{jx - 24.0f, jy - 24.0f, 48.0f, 48.0f};
        EXPECT_FALSE(sv::ui::overlaps(legend, around)) << "the legend sits on the joint it describes";
    }
}

TEST(LayoutControls, AtEightHundredPixelsTheTabsWrapAndTheFixedRowsScrollAndLabelsCut) {
    SKINVIEW_SKIP_WITHOUT_DISPLAY();
    const LayoutFile vrm{(sv::test::source_dir() / "assets" / "avatar_vrm1.glb").string(), "avatar_vrm1",
                         true};
    const ViewerRun r = tour(vrm, 800);
    ASSERT_EQ(r.rc, 0) << r.log;
    const sv::ui::Rect right = sv::ui::compute_layout(800.0f, 450.0f).right;
    std::set<int> rows;
    for (const std::string& label : kLabels) {
        float x = 0, y = 0;
        ASSERT_TRUE(sv::test::item_centre(r.log, "inspector tab", label, x, y)) << label;
        EXPECT_GT(x, right.x) << label;
        EXPECT_LT(x, right.x + right.w) << label;
        rows.insert(int(y));
    }
    std::printf("[ measure ] 800 px: the ten tabs on %zu rows\n", rows.size());
    EXPECT_GE(rows.size(), 3u) << r.log;
    EXPECT_EQ(r.log.find("inspector tab cut"), std::string::npos) << r.log;
    // The detectors' controls: the Frame tab's matrix rows do not wrap, so here they scroll, and
    // the Scene panel is too narrow for Lighting's labels beside a usable slider.
    EXPECT_NE(r.log.find("Inspector scrolls sideways: Frame"), std::string::npos) << r.log;
    EXPECT_NE(r.log.find("label cut: "), std::string::npos) << r.log;
}

}  // namespace layout_smoke_test

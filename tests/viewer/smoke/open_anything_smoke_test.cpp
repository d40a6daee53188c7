// Issue 35, item 1: opening what is not a character never ends the viewer. A folder typed in the
// Open field and Enter, reached by Tab completion, dropped on the window, or loaded as the Graph
// tab's retarget source: each gets a message naming the path and the reason, and the character on
// screen stays. Before, each ended the process (exit 1, "unexpected error:
// basic_filebuf::underflow ... Is a directory"): load_gltf read the folder through a stream, whose
// buffer throws when read(2) fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "render/image.h"
#include "test_paths.h"
#include "ui/viewport.h"
#include "viewer_run.h"

namespace open_anything {

namespace fs = std::filesystem;
using sv::test::ViewerRun;

// The lit character's pixels in the 3D view (every channel above 120: the background, the grid and
// the red error window stay under it).
long character_pixels(const sv::render::RgbaImage& img) {
    const sv::ui::Layout l = sv::ui::compute_layout(float(img.width), float(img.height));
    long n = 0;
    for (int y = int(l.viewport.y); y < int(l.viewport.y + l.viewport.h); ++y)
        for (int x = int(l.viewport.x); x < int(l.viewport.x + l.viewport.w); ++x) {
            const auto* p = img.at(x, y);
            n += p[0] > 120 && p[1] > 120 && p[2] > 120;
        }
    return n;
}

// Click the Open field, select what it holds, type `text` (frames 2..9); `then` follows.
std::string type_in_open_field(const std::string& text, const std::string& then) {
    return "2 move left 60px 36px\n3 click left\n5 keydown ctrl\n6 key a\n8 keyup ctrl\n9 type " + text +
           "\n" + then;
}

class OpenAnything : public ::testing::Test {
protected:
    void SetUp() override {
        SKINVIEW_SKIP_WITHOUT_DISPLAY();
        base_ = sv::test::output_dir() / ("open_anything_" + sv::test::current_test_stem());
        fs::remove_all(base_);
        fs::create_directories(base_ / "holds_a_sample_folder" / "Sample");
        std::ofstream(base_ / "holds_a_sample_folder" / "Sample" / "inside.gltf") << "{}";
    }
    ViewerRun run(const std::string& name, const std::string& script, int frames,
                  const std::string& extra = "") {
        return sv::test::run_viewer({sv::test::built_in_character(), frames, script,
                                     (base_ / (name + ".txt")).string(), (base_ / (name + ".png")).string(),
                                     extra});
    }
    // The run stayed up to its last frame, said why the folder cannot be opened, and kept the
    // character on screen.
    static void expect_refused_and_kept(const ViewerRun& r, const std::string& shown_path) {
        EXPECT_EQ(r.rc, 0) << r.log;
        EXPECT_EQ(r.log.find("unexpected error"), std::string::npos) << r.log;
        EXPECT_NE(r.log.find("skinview: could not open " + shown_path +
                             ": glTF: cannot open the file: it is a folder, not a file"),
                  std::string::npos)
            << r.log;
        EXPECT_NE(
            r.log.find("error window: Could not open the file: " + shown_path +
                       ": glTF: cannot open the file: it is a folder, not a file (open a .glb, .gltf or "
                       ".vrm inside it) | The previous file stays open."),
            std::string::npos)
            << r.log;
        ASSERT_GT(r.image.width, 0) << "no last frame: the viewer ended early\n" << r.log;
        const long px = character_pixels(r.image);
        std::printf("[ measure ] %ld character pixels on the last frame\n", px);
        EXPECT_GT(px, 1000) << "the previous character should stay on screen";
    }
    fs::path base_;
};

TEST_F(OpenAnything, AFolderTypedInTheOpenFieldIsRefusedByNameAndTheCharacterStays) {
    const std::string folder = (base_ / "holds_a_sample_folder" / "Sample").string();
    const ViewerRun r = run("typed", type_in_open_field(folder, "11 key enter\n"), 18);
    expect_refused_and_kept(r, folder);
}

// Tab completes ".../Sampl" to the folder ".../Sample/" (a folder completes with its slash), and
// Enter opens what the field holds.
TEST_F(OpenAnything, TabCompletionToAFolderThenEnterIsRefusedByName) {
    const std::string prefix = (base_ / "holds_a_sample_folder" / "Sampl").string();
    const std::string folder = (base_ / "holds_a_sample_folder" / "Sample/").string();
    const ViewerRun r = run("tab", type_in_open_field(prefix, "11 key tab\n13 key enter\n"), 20);
    EXPECT_NE(r.log.find("frame 11: open field: " + folder + "\n"), std::string::npos) << r.log;
    expect_refused_and_kept(r, folder);
}

TEST_F(OpenAnything, AFolderDroppedOnTheWindowIsRefusedByName) {
    const std::string folder = (base_ / "holds_a_sample_folder").string();
    const ViewerRun r = run("dropped", "3 drop " + folder + "\n", 10);
    expect_refused_and_kept(r, folder);
    // The control: a file dropped the same way opens (the drop reaches the loader at all).
    const std::string arm = (sv::test::source_dir() / "assets" / "arm.glb").string();
    const ViewerRun ok = run("dropped_file", "3 drop " + arm + "\n", 10);
    EXPECT_EQ(ok.rc, 0) << ok.log;
    EXPECT_NE(ok.log.find("skinview: opened " + arm), std::string::npos) << ok.log;
}

// The Graph tab's Retarget section: opened, the folder typed in its field and Load pressed. Its
// items are found from the ui log of earlier runs ("graph: Load at X Y"), so the clicks go
// through ImGui's own hit test.
TEST_F(OpenAnything, AFolderAsTheRetargetSourceIsRefusedByNameInTheGraphTab) {
    const std::string folder = (base_ / "holds_a_sample_folder").string();
    float hx = 0, hy = 0, fx = 0, fy = 0, lx = 0, ly = 0;
    const ViewerRun header = run("graph_header", "1 move viewport 0.5 0.5\n", 4, "--tab graph");
    ASSERT_TRUE(sv::test::item_centre(header.log, "graph", "Retarget", hx, hy)) << header.log;
    std::ostringstream open_it;
    open_it << "2 move " << hx << "px " << hy << "px\n3 click left\n";
    const ViewerRun opened = run("graph_open", open_it.str(), 8, "--tab graph");
    ASSERT_TRUE(sv::test::item_centre(opened.log, "graph", "retarget source", fx, fy)) << opened.log;
    ASSERT_TRUE(sv::test::item_centre(opened.log, "graph", "Load", lx, ly)) << opened.log;
    std::ostringstream load;
    load << open_it.str() << "6 move " << fx << "px " << fy << "px\n7 click left\n9 type " << folder
         << "\n11 move " << lx << "px " << ly << "px\n12 click left\n";
    const ViewerRun r = run("graph_load", load.str(), 18, "--tab graph");
    EXPECT_EQ(r.rc, 0) << r.log;
    EXPECT_NE(
        r.log.find("retarget error: " + folder +
                   ": glTF: cannot open the file: it is a folder, not a file (open a .glb, .gltf or .vrm "
                   "inside it)"),
        std::string::npos)
        << r.log;
    ASSERT_GT(r.image.width, 0) << r.log;
    EXPECT_GT(character_pixels(r.image), 1000);
}

}  // namespace open_anything

// Issue 35: every file of the shared test material (../shared: assets, khronos, reference, bench,
// glTF or not: .bin, .png, .md, scripts) opened in one window as a user would, four ways: typed in
// the Open field with Enter, dropped on the window, and loaded as the Graph tab's retarget source;
// and every folder dropped. The viewer stays up to its last frame, and for each path its log says
// either that it opened or why not, naming the path and a reason. One viewer process a way, the
// paths in sequence through an input script.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "test_paths.h"
#include "viewer_run.h"

namespace open_corpus {

namespace fs = std::filesystem;
using sv::test::ViewerRun;

// The folders of test material the shared README describes (not anything else that may live there).
const char* const kMaterial[] = {"assets", "khronos", "reference", "bench"};

struct Corpus {
    std::vector<std::string> files, folders;
};

Corpus corpus() {
    Corpus c;
    const fs::path root = sv::test::shared_assets().parent_path();
    for (const char* top : kMaterial) {
        std::error_code ec;
        if (!fs::is_directory(root / top, ec)) continue;
        c.folders.push_back((root / top).string());
        for (fs::recursive_directory_iterator it(root / top, ec), end; !ec && it != end; it.increment(ec)) {
            if (it->is_directory()) c.folders.push_back(it->path().string());
            if (it->is_regular_file()) c.files.push_back(it->path().string());
        }
    }
    std::sort(c.files.begin(), c.files.end());
    std::sort(c.folders.begin(), c.folders.end());
    return c;
}

// What the log says of `path` after `prefix` (e.g. "skinview: could not open "): the rest of that
// line, or "" when it says nothing.
std::string said(const std::string& log, const std::string& prefix, const std::string& path) {
    const std::string key = prefix + path + ": ";
    const size_t at = log.find(key);
    if (at == std::string::npos) return "";
    const size_t from = at + key.size();
    return log.substr(from, log.find('\n', from) - from);
}

class OpenCorpus : public ::testing::Test {
protected:
    void SetUp() override {
        SKINVIEW_SKIP_WITHOUT_DISPLAY();
        c_ = corpus();
        if (c_.files.empty()) {
            if (sv::test::in_ci()) FAIL() << sv::test::shared_missing_message("khronos/");
            GTEST_SKIP() << sv::test::shared_missing_message("khronos/");
        }
    }
    ViewerRun run(const std::string& name, const std::string& script, int frames,
                  const std::string& extra = "") {
        const fs::path dir = sv::test::output_dir();
        // A small window: the frames are many and their pixels are not what is tested.
        return sv::test::run_viewer({sv::test::built_in_character(), frames, script,
                                     (dir / ("open_corpus_" + name + ".txt")).string(),
                                     (dir / ("open_corpus_" + name + ".png")).string(),
                                     "--window 640 " + extra});
    }
    // Each path opened ("skinview: opened PATH") or refused with a reason ("skinview: could not
    // open PATH: REASON"); the run reached its last frame.
    static void expect_each_accounted(const ViewerRun& r, const std::vector<std::string>& paths,
                                      const char* way) {
        EXPECT_EQ(r.rc, 0) << r.log.substr(0, 4000);
        EXPECT_GT(r.image.width, 0) << way << ": the viewer did not reach its last frame";
        int opened = 0, refused = 0;
        for (const auto& p : paths) {
            const bool ok = r.log.find("skinview: opened " + p + "\n") != std::string::npos;
            const std::string why = said(r.log, "skinview: could not open ", p);
            if (ok) ++opened;
            if (!why.empty()) ++refused;
            EXPECT_TRUE(ok || !why.empty()) << way << ": nothing said of " << p;
            EXPECT_EQ(why.find("threw"), std::string::npos) << p << ": " << why;
        }
        std::printf("[ measure ] %s: %zu paths, %d opened, %d refused with a reason\n", way, paths.size(),
                    opened, refused);
        EXPECT_EQ(r.log.find("unexpected error"), std::string::npos);
        EXPECT_EQ(r.log.find("recovered from an exception"), std::string::npos)
            << "an exception reached the frame";
    }
    Corpus c_;
};

TEST_F(OpenCorpus, EveryFileTypedInTheOpenField) {
    std::ostringstream s;
    int f = 2;
    // Near the field's left end: at 640 px the field is 60 px wide, less when a long tree brings the
    // column's scrollbar.
    s << "1 move left 20px 36px\n";
    for (const auto& p : c_.files) {
        s << f << " click left\n"
          << f + 2 << " keydown ctrl\n"
          << f + 3 << " key a\n"
          << f + 5 << " keyup ctrl\n"
          << f + 6 << " type " << p << "\n"
          << f + 7 << " key enter\n";
        f += 10;
    }
    const ViewerRun r = run("typed", s.str(), f + 4);
    expect_each_accounted(r, c_.files, "typed in the Open field");
}

TEST_F(OpenCorpus, EveryFileAndEveryFolderDropped) {
    std::ostringstream s;
    int f = 2;
    for (const auto& p : c_.files) s << (f += 2) << " drop " << p << "\n";
    for (const auto& p : c_.folders) s << (f += 2) << " drop " << p << "\n";
    const ViewerRun r = run("dropped", s.str(), f + 4);
    expect_each_accounted(r, c_.files, "dropped files");
    expect_each_accounted(r, c_.folders, "dropped folders");
    for (const auto& p : c_.folders)
        EXPECT_NE(said(r.log, "skinview: could not open ", p).find("it is a folder, not a file"),
                  std::string::npos)
            << p;
}

TEST_F(OpenCorpus, EveryFileAsTheRetargetSource) {
    float hx = 0, hy = 0, fx = 0, fy = 0, lx = 0, ly = 0;
    const ViewerRun header = run("graph_header", "1 move viewport 0.5 0.5\n", 4, "--tab graph");
    ASSERT_TRUE(sv::test::item_centre(header.log, "graph", "Retarget", hx, hy)) << header.log;
    std::ostringstream open_it;
    open_it << "2 move " << hx << "px " << hy << "px\n3 click left\n";
    const ViewerRun opened = run("graph_open", open_it.str(), 8, "--tab graph");
    ASSERT_TRUE(sv::test::item_centre(opened.log, "graph", "retarget source", fx, fy)) << opened.log;
    ASSERT_TRUE(sv::test::item_centre(opened.log, "graph", "Load", lx, ly)) << opened.log;
    std::ostringstream s;
    s << open_it.str();
    int f = 6;
    for (const auto& p : c_.files) {
        s << f << " move " << fx << "px " << fy << "px\n"
          << f << " click left\n"
          << f + 2 << " keydown ctrl\n"
          << f + 3 << " key a\n"
          << f + 5 << " keyup ctrl\n"
          << f + 6 << " type " << p << "\n"
          << f + 8 << " move " << lx << "px " << ly << "px\n"
          << f + 8 << " click left\n";
        f += 12;
    }
    const ViewerRun r = run("retarget", s.str(), f + 4, "--tab graph");
    EXPECT_EQ(r.rc, 0) << r.log.substr(0, 4000);
    EXPECT_GT(r.image.width, 0) << "the viewer did not reach its last frame";
    int loaded = 0, refused = 0;
    for (const auto& p : c_.files) {
        const bool ok = r.log.find("retarget source: " + p + "\n") != std::string::npos;
        const std::string why = said(r.log, "retarget error: ", p);
        loaded += ok, refused += !why.empty();
        EXPECT_TRUE(ok || !why.empty()) << "nothing said of " << p;
    }
    std::printf("[ measure ] retarget source: %zu files, %d loaded, %d refused with a reason\n",
                c_.files.size(), loaded, refused);
    EXPECT_EQ(r.log.find("recovered from an exception"), std::string::npos);
}

}  // namespace open_corpus

// The view is one value (issue 45): seeded random views (tests/support/random_views.h, every key a
// picture can show varied) drawn through each headless path give one picture, 0 differing pixels:
// `render --settings`, `render --ref` of a golden written with `--sidecar` (the sidecar's view alone,
// no settings named), and a suite entry of the settings file (all views in one suite, one process,
// so an entry's view leaking into the next shows too). 100 views in CI; SKINVIEW_VIEW_COUNT=N and
// SKINVIEW_VIEW_SEED=S for any number and another seed; a failure names the seed and the view.
// The window's path is tests/viewer/viewport/random_views_window_test.cpp.
#include "random_views.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_scratch.h"
#include "run_command.h"

namespace {

namespace fs = std::filesystem;
using sv::test::quoted;
const std::string kExe = SKINVIEW_EXE;
constexpr const char* kSize = "200x150";

TEST(RandomViews, RenderReferenceAndSuiteDrawEachViewAlike) {
    const std::uint64_t seed = sv::test::view_seed(20261207);
    const int count = sv::test::view_count(100);
    std::printf("[ measure ] random views: seed %llu, %d views (SKINVIEW_VIEW_SEED, SKINVIEW_VIEW_COUNT)\n",
                static_cast<unsigned long long>(seed), count);
    const fs::path d = sv::test::scratch_dir("random_views", "headless");
    const auto views = sv::test::random_views(seed, count);
    std::string entries;
    for (const auto& v : views) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", " + v.name + " on " + v.file + ": " + v.json);
        const std::string json = sv::test::write_text(d / (v.name + ".json"), v.json);
        const std::string golden = (d / (v.name + ".golden.png")).string(),
                          ref = (d / (v.name + ".ref.png")).string();
        auto r = sv::test::run_command(quoted(kExe) + " render " + quoted(v.file) + " --settings " +
                                       quoted(json) + " --size " + kSize + " --sidecar -o " + quoted(golden));
        ASSERT_EQ(r.status, 0) << r.out << r.err;
        // The golden's view from its sidecar alone: no --settings, no --size.
        r = sv::test::run_command(quoted(kExe) + " render " + quoted(v.file) + " -o " + quoted(ref) +
                                  " --ref " + quoted(golden));
        EXPECT_EQ(r.status, 0) << r.out << r.err;
        EXPECT_EQ(sv::test::differing_png_pixels(golden, ref), 0) << "render --ref of the golden's sidecar";
        entries += std::string(entries.empty() ? "" : ",\n") + "{\"name\": \"" + v.name + "\", \"file\": \"" +
                   v.file + "\", \"settings\": \"" + json + "\", \"size\": \"" + kSize +
                   "\", \"golden\": \"" + golden + "\"}";
    }
    const std::string suite =
        sv::test::write_text(d / "views.suite.json", "{\"entries\": [\n" + entries + "\n]}");
    const fs::path out = d / "suite";
    const auto s =
        sv::test::run_command(quoted(kExe) + " suite " + quoted(suite) + " --out " + quoted(out.string()));
    EXPECT_EQ(s.status, 0) << s.out << s.err;
    for (const auto& v : views) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", " + v.name + " on " + v.file + ": " + v.json);
        EXPECT_EQ(sv::test::differing_png_pixels((d / (v.name + ".golden.png")).string(),
                                                 (out / (v.name + ".actual.png")).string()),
                  0)
            << "the suite entry of the same settings file";
    }
}

// The control: a golden's --ref fails when the view it is checked with is another (a later time
// named on the command line wins over the sidecar's), so "0 pixels" above is not a blind compare.
TEST(RandomViews, AnotherViewFailsTheGolden) {
    const fs::path d = sv::test::scratch_dir("random_views", "control");
    const std::string file = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const std::string golden = (d / "golden.png").string();
    ASSERT_EQ(
        sv::test::run_command(quoted(kExe) + " render " + quoted(file) + " --clip walk --time 0.4 --size " +
                              kSize + " --sidecar -o " + quoted(golden))
            .status,
        0);
    const auto r = sv::test::run_command(quoted(kExe) + " render " + quoted(file) + " --time 0.7 -o " +
                                         quoted((d / "later.png").string()) + " --ref " + quoted(golden));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_GT(sv::test::differing_png_pixels(golden, (d / "later.png").string()), 100);
}

}  // namespace

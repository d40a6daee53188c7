// The suite's HTML report as a person meets it: opened from disk in headless Chromium (Debian
// `chromium`, installed by scripts/setup.sh), the failing entries first and every image loaded.
// The page records how many of its images loaded (data-images-loaded); the DOM Chromium dumps
// after loading is what is checked, and a screenshot is left in test-output/suite/browser/ to look at.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "run_command.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

std::string chromium() {
    for (const char* c : {"chromium", "chromium-browser", "google-chrome"})
        if (run_command(std::string("command -v ") + c + " >/dev/null").status == 0) return c;
    return "";
}

// Root in a container has no user namespace for Chromium's sandbox; the page is our own file.
std::string headless(const std::string& browser) {
    return browser +
           " --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files";
}

TEST(ReportInBrowser, FailuresFirstAndImagesLoad) {
    const std::string browser = chromium();
    if (browser.empty()) {
        if (in_ci()) FAIL() << "chromium is not installed (scripts/setup.sh installs it)";
        GTEST_SKIP()
            << "chromium is not installed (apt-get install chromium, or scripts/setup.sh); the report "
               "was not opened";
    }
    const fs::path d = output_dir() / "suite" / "browser";
    fs::remove_all(d);
    fs::create_directories(d);
    const std::string assets = " --path assets=" + quoted((source_dir() / "assets").string());
    const std::string suite = (d / "arm.suite.json").string();
    std::ofstream(suite) << R"({"defaults": {"file": "$assets/arm.glb", "size": "160x120"}, "entries": [
      {"name": "rest", "bind": true, "golden": "g/rest.png"},
      {"name": "mid", "clip": 0, "time": 0.4, "golden": "g/mid.png"},
      {"name": "late", "clip": 0, "time": 0.8, "golden": "g/late.png"}]})";
    ASSERT_EQ(run_command(quoted(kExe) + " suite " + quoted(suite) + assets + " --bless --out " +
                          quoted((d / "o").string()))
                  .status,
              0);
    fs::copy_file(d / "g" / "rest.png", d / "g" / "late.png", fs::copy_options::overwrite_existing);
    fs::copy_file(d / "g" / "rest.joints.json", d / "g" / "late.joints.json",
                  fs::copy_options::overwrite_existing);
    const fs::path report = d / "report" / "index.html";
    auto r = run_command(quoted(kExe) + " suite " + quoted(suite) + assets + " --report " +
                         quoted(report.string()));
    ASSERT_EQ(r.status, 1) << r.out << r.err;  // "late" meets the rest golden

    const std::string url = "file://" + fs::absolute(report).string();
    r = run_command(headless(browser) + " --virtual-time-budget=5000 --dump-dom " + quoted(url));
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string& dom = r.out;
    // late: golden, actual and diff; rest and mid likewise: nine images, all decoded.
    EXPECT_NE(dom.find("data-images-loaded=\"9/9\""), std::string::npos) << dom.substr(0, 2000);
    const std::regex outcome("data-outcome=\"(\\w+)\"");
    std::vector<std::string> order;
    for (auto it = std::sregex_iterator(dom.begin(), dom.end(), outcome); it != std::sregex_iterator(); ++it)
        order.push_back((*it)[1]);
    ASSERT_EQ(order.size(), 3u) << dom.substr(0, 2000);
    EXPECT_EQ(order[0], "fail");
    EXPECT_EQ(order[1], "pass");
    EXPECT_EQ(order[2], "pass");
    const fs::path shot = d / "report_screenshot.png";
    r = run_command(headless(browser) + " --window-size=1300,1400 --virtual-time-budget=5000 --screenshot=" +
                    quoted(shot.string()) + " " + quoted(url));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(fs::exists(shot)) << r.err;
    std::printf("[ figures ] report screenshot: %s\n", shot.c_str());
}

// The negative control of the check above: a report whose images were removed reports fewer
// loaded than it has, so the 9/9 above cannot pass by accident.
TEST(ReportInBrowser, MissingImagesAreCounted) {
    const std::string browser = chromium();
    if (browser.empty()) GTEST_SKIP() << "chromium is not installed";
    const fs::path d = output_dir() / "suite" / "browser_missing";
    fs::remove_all(d);
    fs::create_directories(d);
    const std::string assets = " --path assets=" + quoted((source_dir() / "assets").string());
    const std::string suite = (d / "s.suite.json").string();
    std::ofstream(suite)
        << R"({"entries": [{"name": "rest", "file": "$assets/arm.glb", "size": "96x72", "bind": true, "golden": "g/rest.png"}]})";
    ASSERT_EQ(run_command(quoted(kExe) + " suite " + quoted(suite) + assets + " --bless --out " +
                          quoted((d / "o").string()))
                  .status,
              0);
    const fs::path report = d / "report" / "index.html";
    ASSERT_EQ(run_command(quoted(kExe) + " suite " + quoted(suite) + assets + " --report " +
                          quoted(report.string()))
                  .status,
              0);
    fs::remove(d / "report" / "rest.diff.png");
    const auto r = run_command(headless(browser) + " --virtual-time-budget=5000 --dump-dom " +
                               quoted("file://" + fs::absolute(report).string()));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("data-images-loaded=\"2/3\""), std::string::npos) << r.out.substr(0, 2000);
}

}  // namespace
}  // namespace sv::test

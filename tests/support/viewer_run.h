// Runs the real viewer (SKINVIEW_EXE, a compile definition of the viewer tier) as a child process
// in a window, for the smoke tests: the display check, the script file an --input run replays, and
// the exit status, log and last-frame screenshot it leaves. The viewer's stdout and stderr are read
// as one stream, because a test reads the ui log's lines in the order they happened.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "render/image.h"
#include "test_paths.h"

namespace sv::test {

inline bool have_display() { return std::getenv("DISPLAY") || std::getenv("WAYLAND_DISPLAY"); }

struct ViewerRun {
    int rc = -1;                  // the exit status; -1 when it did not exit normally
    std::string log;              // stdout and stderr together
    sv::render::RgbaImage image;  // the --screenshot, when one was asked for and written
};

// Runs `SKINVIEW_EXE FILE --frames N [--input SCRIPT] [--screenshot PNG] EXTRA`. The script is written
// to `script_path` first when `script` is not empty; the screenshot is removed first, so a stale
// image from an earlier run cannot pass for this one.
struct ViewerCall {
    std::string file;
    int frames = 1;
    std::string script;       // the input script's text; none when empty
    std::string script_path;  // where to write it
    std::string png;          // the screenshot to keep; none when empty
    std::string extra;        // more arguments, as typed
};

inline ViewerRun run_viewer(const ViewerCall& c) {
    std::string cmd = std::string(SKINVIEW_EXE) + " \"" + c.file + "\" --frames " + std::to_string(c.frames);
    if (!c.script.empty()) {
        std::ofstream(c.script_path) << c.script;
        cmd += " --input \"" + c.script_path + "\"";
    }
    if (!c.png.empty()) {
        std::filesystem::remove(c.png);
        cmd += " --screenshot \"" + c.png + "\"";
    }
    cmd += " " + c.extra + " 2>&1";
    ViewerRun r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 512> buf{};
    while (fgets(buf.data(), buf.size(), p)) r.log += buf.data();
    const int status = pclose(p);
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (!c.png.empty()) {
        auto img = sv::render::read_png(c.png);
        EXPECT_TRUE(img) << c.png << ": " << r.log;
        if (img) r.image = std::move(*img);
    }
    return r;
}

// The text after the last "PREFIX" in a ui log, to the end of its line; empty when none.
inline std::string last_after(const std::string& log, const std::string& prefix) {
    const size_t at = log.rfind(prefix);
    if (at == std::string::npos) return "";
    const size_t from = at + prefix.size();
    return log.substr(from, log.find('\n', from) - from);
}

// Where the ui log last put an item ("WHAT: LABEL at X Y", ui::log_item_centre), so a script
// clicks it through ImGui's own hit test. False when the log has no such line.
inline bool item_centre(const std::string& log, const std::string& what, const std::string& label, float& x,
                        float& y) {
    const std::string at = last_after(log, what + ": " + label + " at ");
    return !at.empty() && std::sscanf(at.c_str(), "%f %f", &x, &y) == 2;
}

inline std::string built_in_character() { return (source_dir() / "assets" / "humanoid.glb").string(); }

}  // namespace sv::test

// A window needs a display: without one the viewer tier skips (scripts/test.sh runs it under xvfb-run).
#define SKINVIEW_SKIP_WITHOUT_DISPLAY()                                              \
    do {                                                                             \
        if (!::sv::test::have_display())                                             \
            GTEST_SKIP() << "no display: run under xvfb-run (scripts/test.sh does)"; \
    } while (0)

// Renders per second of `skinview suite` (50 entries, one process, one context) against 50
// separate `skinview render` processes of the same entries, same machine, same run; the time to the
// first frame of one `render` process; and F3D's time for the same file and size where `f3d` is on
// the PATH. Prints figures; not a test.
//
//   build/tests/bench/suite_bench [--skinview PATH] [--file FILE] [--entries 50] [--size 640x480]
//
// Both sides write a PNG per entry and compare nothing (the suite blesses into a scratch folder),
// so the ratio is the process start, the context, the file load and the framing that the suite
// pays once. Default file: Xbot from ../shared/assets (the project's built-in character when absent).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "process_bench.h"

namespace fs = std::filesystem;
using sv::bench::quote;

namespace {

// A failed command stops the benchmark (main checks every figure): a failure timed as a fast run
// would make the suite look slow or fast for nothing.
double seconds_of(const std::string& command) { return sv::bench::seconds_of(command, "suite_bench"); }

}  // namespace

int main(int argc, char** argv) {
    fs::path exe = fs::absolute(argv[0]).parent_path().parent_path().parent_path() / "viewer" / "skinview";
    std::string file = std::string(SKINVIEW_BENCH_SHARED_ASSETS) + "/Xbot.glb";
    std::string exe_arg = exe.string(), entries_arg = "50", size = "640x480";
    if (!sv::bench::parse_options(
            argc, argv, "suite_bench",
            {{"--skinview", &exe_arg}, {"--file", &file}, {"--entries", &entries_arg}, {"--size", &size}}))
        return 2;
    exe = exe_arg;
    const int entries = std::atoi(entries_arg.c_str());
    if (!fs::exists(file))
        file = (exe.parent_path().parent_path() / "share" / "skinview" / "humanoid_mixamo.glb").string();
    if (!fs::exists(exe) || !fs::exists(file) || entries < 1) {
        std::fprintf(stderr, "suite_bench: need --skinview (%s) and --file (%s)\n", exe.c_str(),
                     file.c_str());
        return 2;
    }
    const fs::path dir = fs::temp_directory_path() / ("skinview_suite_bench_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    // Entries at times across the first clip: every one a different pose, as a regression suite is.
    std::string suite =
        "{\"defaults\": {\"file\": " + quote(file) + ", \"size\": \"" + size + "\"}, \"entries\": [\n";
    for (auto& c : suite)
        if (c == '\'') c = '"';
    for (int i = 0; i < entries; ++i) {
        char e[160];
        std::snprintf(e, sizeof e, "%s {\"name\": \"e%02d\", \"time\": %.3f, \"golden\": \"g/e%02d.png\"}",
                      i ? ",\n" : "", i, 0.04 * i, i);
        suite += e;
    }
    suite += "\n]}\n";
    const fs::path suite_path = dir / "bench.suite.json";
    std::ofstream(suite_path) << suite;

    const double one = seconds_of(quote(exe.string()) + " render " + quote(file) + " --size " + size +
                                  " -o " + quote((dir / "first.png").string()));
    const double in_suite = seconds_of(quote(exe.string()) + " suite " + quote(suite_path.string()) +
                                       " --bless --out " + quote((dir / "out").string()));
    double separate = 0.0;
    bool failed = one < 0.0 || in_suite < 0.0;
    for (int i = 0; i < entries && !failed; ++i) {
        char t[32];
        std::snprintf(t, sizeof t, "%.3f", 0.04 * i);
        const double s =
            seconds_of(quote(exe.string()) + " render " + quote(file) + " --time " + t + " --size " + size +
                       " -o " + quote((dir / ("p" + std::to_string(i) + ".png")).string()));
        failed = s < 0.0;
        separate += s;
    }
    if (failed) {
        std::fprintf(stderr, "suite_bench: a command failed (above); no figures\n");
        return 1;
    }
    std::printf("file %s, %s, %d entries\n", file.c_str(), size.c_str(), entries);
    std::printf("time to first frame, one render process: %.3f s\n", one);
    std::printf("skinview suite (one process):   %.2f s, %.1f renders/s\n", in_suite, entries / in_suite);
    std::printf("%d render processes:            %.2f s, %.1f renders/s\n", entries, separate,
                entries / separate);
    std::printf("suite / processes: %.1fx (target >= 5x)\n", separate / in_suite);
    if (std::system("command -v f3d >/dev/null 2>&1") == 0) {
        const std::string w = size.substr(0, size.find('x')), h = size.substr(size.find('x') + 1);
        const double f3d = seconds_of("f3d " + quote(file) + " --resolution=" + w + "," + h +
                                      " --output=" + quote((dir / "f3d.png").string()));
        if (f3d < 0.0)
            std::printf("f3d: failed (it needs an X display even for --output: run under xvfb-run)\n");
        else
            std::printf("f3d, same file and size, one frame: %.3f s\n", f3d);
    } else {
        std::printf("f3d: not installed (Debian: apt-get install f3d), not measured\n");
    }
    fs::remove_all(dir);
    return 0;
}

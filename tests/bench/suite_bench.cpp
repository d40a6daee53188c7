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

namespace fs = std::filesystem;

namespace {

double seconds_of(const std::string& command) {
    const auto t0 = std::chrono::steady_clock::now();
    const int rc = std::system((command + " >/dev/null 2>&1").c_str());
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (rc != 0) std::fprintf(stderr, "suite_bench: '%s' exited %d\n", command.c_str(), rc);
    return s;
}

std::string q(const std::string& s) { return "'" + s + "'"; }

}  // namespace

int main(int argc, char** argv) {
    fs::path exe = fs::absolute(argv[0]).parent_path().parent_path().parent_path() / "viewer" / "skinview";
    std::string file = std::string(SKINVIEW_BENCH_SHARED_ASSETS) + "/Xbot.glb";
    int entries = 50;
    std::string size = "640x480";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--skinview")
            exe = argv[i + 1];
        else if (a == "--file")
            file = argv[i + 1];
        else if (a == "--entries")
            entries = std::atoi(argv[i + 1]);
        else if (a == "--size")
            size = argv[i + 1];
        else {
            std::fprintf(stderr, "suite_bench: unknown option %s\n", a.c_str());
            return 2;
        }
    }
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
        "{\"defaults\": {\"file\": " + q(file) + ", \"size\": \"" + size + "\"}, \"entries\": [\n";
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

    const double one = seconds_of(q(exe.string()) + " render " + q(file) + " --size " + size + " -o " +
                                  q((dir / "first.png").string()));
    const double in_suite = seconds_of(q(exe.string()) + " suite " + q(suite_path.string()) +
                                       " --bless --out " + q((dir / "out").string()));
    double separate = 0.0;
    for (int i = 0; i < entries; ++i) {
        char t[32];
        std::snprintf(t, sizeof t, "%.3f", 0.04 * i);
        separate += seconds_of(q(exe.string()) + " render " + q(file) + " --time " + t + " --size " + size +
                               " -o " + q((dir / ("p" + std::to_string(i) + ".png")).string()));
    }
    std::printf("file %s, %s, %d entries\n", file.c_str(), size.c_str(), entries);
    std::printf("time to first frame, one render process: %.3f s\n", one);
    std::printf("skinview suite (one process):   %.2f s, %.1f renders/s\n", in_suite, entries / in_suite);
    std::printf("%d render processes:            %.2f s, %.1f renders/s\n", entries, separate,
                entries / separate);
    std::printf("suite / processes: %.1fx (target >= 5x)\n", separate / in_suite);
    if (std::system("command -v f3d >/dev/null 2>&1") == 0) {
        const std::string w = size.substr(0, size.find('x')), h = size.substr(size.find('x') + 1);
        const double f3d = seconds_of("f3d " + q(file) + " --resolution=" + w + "," + h +
                                      " --output=" + q((dir / "f3d.png").string()));
        std::printf("f3d, same file and size, one frame: %.3f s\n", f3d);
    } else {
        std::printf("f3d: not installed (Debian: apt-get install f3d), not measured\n");
    }
    fs::remove_all(dir);
    return 0;
}

// How a render's cost grows with the file's textures: the whole `skinview render FILE` process
// beside `f3d FILE --output` on a light, a medium and a heavy file, wall time and peak resident
// memory each, interleaved round by round so both see the same machine; then a synthetic series of
// 1, 4 and 16 textures of 2048x2048 (written here into a temporary folder) showing how time and
// memory grow with the texture bytes; then the import alone, in this process, with the images
// decoded on one thread against two (anim::ImportOptions::decode_threads); then the decode alone
// (the bytes in memory, the importer's pool) on one thread against two, beside the machine's own
// two-thread ratio on an integer loop. Prints every round and the medians; not a test.
//
//   build/tests/bench/scale_bench [--skinview PATH] [--rounds 3] [--size 640x480] [--file EXTRA]
//   build/tests/bench/scale_bench --only import [--rounds 3]     the import and the decode alone
//   build/tests/bench/scale_bench --only series [--rounds 3]     1 to 32 textures, skinview alone
//
// Files: CesiumMan (one 1024x1024 texture), SpecGlossVsMetalRough (seven 2048x2048 textures) and
// StainedGlassLamp (19 PNGs, 12 at 2048x2048) from ../shared/khronos, and --file if given. The
// targets (issue 48): every file at most 0.5x F3D's time and at most F3D's peak memory; time
// growing no faster than the texture bytes; two threads close to half one thread's decode. F3D
// (Debian's 1.3.1, scripts/install-f3d.sh) needs an X display even for --output: run the bench
// under `xvfb-run -a -s "-screen 0 1920x1080x24 -noreset"`. Peak memory is the child's own
// ru_maxrss (wait4), so the shell and Xvfb are not counted.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "anim/gltf/gltf_import.h"
#include "gltf_image_decode.h"
#include "process_bench.h"
#include "render/image.h"
#include "synthetic_texture.h"

namespace fs = std::filesystem;
using sv::bench::quote;

namespace {

struct Run {
    double seconds = -1;  // negative: the command failed
    double mib = -1;      // peak resident memory
};

// One command through `sh -c "exec ..."`, so the process waited for is the command itself and its
// ru_maxrss is the command's peak, not the shell's.
Run run(const std::string& command) {
    Run r;
    const std::string line = "exec " + command + " >/dev/null 2>&1";
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0) return r;
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) return r;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "scale_bench: '%s' failed (status %d)\n", command.c_str(), status);
        return r;
    }
    r.seconds = s;
    r.mib = static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux: kilobytes
    return r;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// A glTF of one quad drawn `count` times, each with its own material whose base colour is its own
// 2048x2048 PNG (the same bytes under `count` names: every file is read and decoded on its own).
std::string write_synthetic(const fs::path& dir, int count, const fs::path& png) {
    const fs::path sub = dir / ("textures_" + std::to_string(count));
    fs::create_directories(sub);
    // 4 positions, 4 normals, 4 uvs (floats), 6 indices (uint16).
    const float pos[12] = {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0};
    const float nrm[12] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    const float uv[8] = {0, 1, 1, 1, 1, 0, 0, 0};
    const unsigned short idx[6] = {0, 1, 2, 0, 2, 3};
    {
        std::ofstream bin(sub / "quad.bin", std::ios::binary);
        bin.write(reinterpret_cast<const char*>(pos), sizeof pos);
        bin.write(reinterpret_cast<const char*>(nrm), sizeof nrm);
        bin.write(reinterpret_cast<const char*>(uv), sizeof uv);
        bin.write(reinterpret_cast<const char*>(idx), sizeof idx);
    }
    std::string prims, mats, texs, imgs;
    for (int i = 0; i < count; ++i) {
        const std::string n = std::to_string(i), sep = i ? "," : "";
        fs::copy_file(png, sub / ("t" + n + ".png"), fs::copy_options::overwrite_existing);
        prims += sep + R"({"attributes":{"POSITION":0,"NORMAL":1,"TEXCOORD_0":2},"indices":3,"material":)" +
                 n + "}";
        mats += sep + R"({"pbrMetallicRoughness":{"baseColorTexture":{"index":)" + n + "}}}";
        texs += sep + R"({"source":)" + n + "}";
        imgs += sep + R"({"uri":"t)" + n + R"(.png"})";
    }
    const std::string json =
        R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
        R"("meshes":[{"primitives":[)" +
        prims + R"(]}],"materials":[)" + mats + R"(],"textures":[)" + texs + R"(],"images":[)" + imgs +
        R"(],"buffers":[{"uri":"quad.bin","byteLength":140}],"bufferViews":[)"
        R"({"buffer":0,"byteOffset":0,"byteLength":48},{"buffer":0,"byteOffset":48,"byteLength":48},)"
        R"({"buffer":0,"byteOffset":96,"byteLength":32},{"buffer":0,"byteOffset":128,"byteLength":12}],)"
        R"("accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3","min":[-1,-1,0],"max":[1,1,0]},)"
        R"({"bufferView":1,"componentType":5126,"count":4,"type":"VEC3"},)"
        R"({"bufferView":2,"componentType":5126,"count":4,"type":"VEC2"},)"
        R"({"bufferView":3,"componentType":5123,"count":6,"type":"SCALAR"}]})";
    const fs::path path = sub / "quad.gltf";
    std::ofstream(path) << json;
    return path.string();
}

struct Row {
    std::string label, file;
    std::vector<Run> sv, f3d;
};

void print_rows(const std::vector<Row>& rows, bool f3d) {
    std::printf("%-28s | %9s %8s | %9s %8s | %10s %10s\n", "file (medians)", "skinview", "MiB", "f3d", "MiB",
                "time ratio", "mem ratio");
    for (const Row& r : rows) {
        std::vector<double> st, sm, ft, fm;
        for (const Run& x : r.sv) st.push_back(x.seconds), sm.push_back(x.mib);
        for (const Run& x : r.f3d) ft.push_back(x.seconds), fm.push_back(x.mib);
        if (f3d)
            std::printf("%-28s | %8.3fs %8.0f | %8.3fs %8.0f | %10.3f %10.3f\n", r.label.c_str(), median(st),
                        median(sm), median(ft), median(fm), median(st) / median(ft), median(sm) / median(fm));
        else
            std::printf("%-28s | %8.3fs %8.0f |\n", r.label.c_str(), median(st), median(sm));
    }
}

// The series alone, denser and with skinview only: 1, 2, 4, 8, 16 and 32 textures, the order
// turned each round (ascending, then descending) so a slow stretch of the machine does not land on
// the large files alone. Prints each round, then for each step the added seconds per added texture:
// the median over rounds of that round's own difference, with its smallest and largest. Time that
// grows no faster than the bytes gives equal steps. The step from 1 texture is printed but is no
// baseline: one image leaves the second decode thread idle, so the step from 1 to 2 also brings in a
// core.
void series_alone(const std::vector<int>& counts, const std::vector<std::string>& files,
                  const std::function<std::string(const std::string&)>& command, int rounds) {
    std::printf("the synthetic series alone, skinview whole process, %d rounds (seconds)\n", rounds);
    run(command(
        files.back()));  // untimed: the page cache and Mesa's shader cache, as a second run finds them
    std::vector<std::vector<double>> t(counts.size());
    for (int r = 0; r < rounds; ++r) {
        std::printf("round %d:", r + 1);
        for (size_t k = 0; k < counts.size(); ++k) {
            const size_t i = r % 2 == 0 ? k : counts.size() - 1 - k;
            const Run x = run(command(files[i]));
            t[i].push_back(x.seconds);
        }
        for (size_t i = 0; i < counts.size(); ++i) std::printf("  %d: %.3fs", counts[i], t[i].back());
        std::printf("\n");
        std::fflush(stdout);
    }
    std::printf("%-10s %10s | %-44s\n", "textures", "median", "seconds per added texture from the row above");
    for (size_t i = 0; i < counts.size(); ++i) {
        std::printf("%-10d %9.3fs", counts[i], median(t[i]));
        if (i > 0) {
            std::vector<double> step;
            for (int r = 0; r < rounds; ++r)
                step.push_back((t[i][r] - t[i - 1][r]) / (counts[i] - counts[i - 1]));
            std::printf(" | %.4f (rounds %.4f to %.4f)", median(step),
                        *std::min_element(step.begin(), step.end()),
                        *std::max_element(step.begin(), step.end()));
        }
        std::printf("\n");
    }
}

// The import alone (anim::load_gltf), in this process, the images decoded on one thread against two:
// an untimed round first, then the order turned round by round, as the decode alone below.
void import_alone(const std::vector<std::pair<std::string, std::string>>& files, int rounds) {
    std::printf(
        "\nthe import alone (anim::load_gltf, in this process), decode threads 1 against 2, %d rounds\n",
        rounds);
    const auto import_seconds = [](const std::string& file, unsigned threads) {
        sv::anim::ImportOptions o;
        o.decode_threads = threads;
        const auto t0 = std::chrono::steady_clock::now();
        const auto a = sv::anim::load_gltf(file, o);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!a) {
            std::fprintf(stderr, "scale_bench: %s\n", a.error().message.c_str());
            return -1.0;
        }
        return s;
    };
    for (const auto& [label, file] : files) {
        std::vector<double> one, two;
        for (int r = -1; r < rounds; ++r)
            for (unsigned threads : r % 2 ? std::vector<unsigned>{2u, 1u} : std::vector<unsigned>{1u, 2u}) {
                const double s = import_seconds(file, threads);
                if (r >= 0) (threads == 1 ? one : two).push_back(s);
            }
        std::printf("%-28s 1 thread %.3fs, 2 threads %.3fs, ratio %.3f (medians)\n", label.c_str(),
                    median(one), median(two), median(two) / median(one));
    }
}

// The encoded bytes of every PNG and JPEG in `folder` (the files a model's glTF names beside it).
std::vector<std::vector<std::uint8_t>> image_files(const fs::path& folder) {
    std::vector<fs::path> paths;
    for (const auto& e : fs::directory_iterator(folder)) {
        const std::string ext = e.path().extension().string();
        if (ext == ".png" || ext == ".jpg" || ext == ".jpeg") paths.push_back(e.path());
    }
    std::sort(paths.begin(), paths.end());
    std::vector<std::vector<std::uint8_t>> out;
    for (const fs::path& p : paths) {
        std::ifstream in(p, std::ios::binary);
        out.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    return out;
}

// The decode alone, the bytes already in memory: the importer's pool (anim/src/gltf/
// gltf_image_decode.h) on one thread against two, what "two cores do close to half the decode time
// of one" is about. The import's own ratio above also holds what runs before the pool on one thread
// (reading the files, the parse, copying the encoded bytes). Last, the machine's own ratio on work
// that shares nothing (an integer loop a thread): what two threads can do here at best.
void decode_alone(const std::vector<std::pair<std::string, fs::path>>& folders, int rounds) {
    using clock = std::chrono::steady_clock;
    std::printf("\nthe decode alone (bytes in memory, the importer's pool), threads 1 against 2, %d rounds\n",
                rounds);
    for (const auto& [label, folder] : folders) {
        const auto files = image_files(folder);
        std::vector<sv::anim::gltf::EncodedImage> encoded;
        size_t bytes = 0;
        for (size_t i = 0; i < files.size(); ++i) {
            encoded.push_back({files[i].data(), files[i].size(), "image " + std::to_string(i)});
            bytes += files[i].size();
        }
        std::vector<double> one, two;
        // A round untimed first, then the order turned round by round: what the first decode pays
        // for fresh memory (the heap grown, pages faulted in) would otherwise fall on one side.
        for (int r = -1; r < rounds; ++r)
            for (unsigned threads : r % 2 ? std::vector<unsigned>{2u, 1u} : std::vector<unsigned>{1u, 2u}) {
                const auto t0 = clock::now();
                const auto out = sv::anim::gltf::decode_all_rgba8(encoded, threads);
                const double s = std::chrono::duration<double>(clock::now() - t0).count();
                for (const auto& d : out)
                    if (!d.failure.empty()) std::fprintf(stderr, "scale_bench: %s\n", d.failure.c_str());
                if (r >= 0) (threads == 1 ? one : two).push_back(s);
            }
        std::printf(
            "%-28s %zu images, %.1f MiB encoded: 1 thread %.3fs, 2 threads %.3fs, ratio %.3f (medians)\n",
            label.c_str(), files.size(), static_cast<double>(bytes) / (1024.0 * 1024.0), median(one),
            median(two), median(two) / median(one));
    }
    // The control: the same integer loop twice, on one thread and on two.
    const auto spin = [] {
        volatile std::uint64_t sink = 0;
        std::uint64_t x = 88172645463325252ull;
        for (int i = 0; i < 200000000; ++i) x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        sink = x;
        (void)sink;
    };
    std::vector<double> one, two;
    for (int r = 0; r < rounds; ++r) {
        auto t0 = clock::now();
        spin();
        spin();
        one.push_back(std::chrono::duration<double>(clock::now() - t0).count());
        t0 = clock::now();
        std::thread other(spin);
        spin();
        other.join();
        two.push_back(std::chrono::duration<double>(clock::now() - t0).count());
    }
    std::printf("%-28s 1 thread %.3fs, 2 threads %.3fs, ratio %.3f (medians)\n", "control: an integer loop",
                median(one), median(two), median(two) / median(one));
}

void in_process(const std::vector<std::pair<std::string, std::string>>& import_files,
                const std::vector<std::pair<std::string, fs::path>>& decode_folders, int rounds) {
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    std::printf(
        "\nin this process (GLIBC_TUNABLES=%s; skinview itself runs with glibc.malloc.hugetlb=1 where it "
        "can, "
        "docs/command-line.md#huge-pages)\n",
        tunables ? tunables : "unset");
    import_alone(import_files, rounds);
    decode_alone(decode_folders, rounds);
}

}  // namespace

int main(int argc, char** argv) {
    fs::path exe = fs::absolute(argv[0]).parent_path().parent_path().parent_path() / "viewer" / "skinview";
    const fs::path khronos = fs::path(SKINVIEW_BENCH_SHARED_ASSETS).parent_path() / "khronos";
    std::string exe_arg = exe.string(), rounds_arg = "3", size = "640x480", extra, only;
    if (!sv::bench::parse_options(argc, argv, "scale_bench",
                                  {{"--skinview", &exe_arg},
                                   {"--rounds", &rounds_arg},
                                   {"--size", &size},
                                   {"--file", &extra},
                                   {"--only", &only}}))
        return 2;
    exe = exe_arg;
    const int rounds = std::atoi(rounds_arg.c_str());
    if (!fs::exists(exe) || rounds < 1 || size.find('x') == std::string::npos ||
        (!only.empty() && only != "import" && only != "series")) {
        std::fprintf(
            stderr,
            "scale_bench: need --skinview (%s), --rounds >= 1, --size WxH, --only import, series or none\n",
            exe.c_str());
        return 2;
    }
    std::vector<Row> files = {
        {"CesiumMan (1 x 1024^2)", (khronos / "CesiumMan/glTF-Binary/CesiumMan.glb").string(), {}, {}},
        {"SpecGlossVsMetalRough (7x2k)",
         (khronos / "SpecGlossVsMetalRough/glTF/SpecGlossVsMetalRough.gltf").string(),
         {},
         {}},
        {"StainedGlassLamp (12x2k +7)",
         (khronos / "StainedGlassLamp/glTF/StainedGlassLamp.gltf").string(),
         {},
         {}},
    };
    if (!extra.empty()) files.push_back({fs::path(extra).filename().string(), extra, {}, {}});
    for (const Row& r : files)
        if (!fs::exists(r.file)) {
            std::fprintf(stderr, "scale_bench: missing %s\n", r.file.c_str());
            return 2;
        }
    const bool have_f3d = std::system("command -v f3d >/dev/null 2>&1") == 0;
    const char* display = std::getenv("DISPLAY");
    const bool f3d = have_f3d && display && *display;
    if (!have_f3d) std::printf("f3d: not installed (scripts/install-f3d.sh); skinview alone\n");
    if (have_f3d && !f3d) std::printf("f3d: no DISPLAY (run under xvfb-run); skinview alone\n");

    const fs::path dir = fs::temp_directory_path() / ("skinview_scale_bench_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path png = dir / "texture.png";
    if (!sv::bench::write_synthetic_texture(png)) return 1;
    std::vector<Row> series;
    for (int n : {1, 4, 16})
        series.push_back({std::to_string(n) + " x 2048^2 (" + std::to_string(n * 16) + " MiB RGBA)",
                          write_synthetic(dir, n, png),
                          {},
                          {}});
    const std::vector<std::pair<std::string, fs::path>> decode_folders = {
        {series[2].label, fs::path(series[2].file).parent_path()},
        {files[2].label, fs::path(files[2].file).parent_path()}};
    const std::vector<std::pair<std::string, std::string>> import_files = {{series[2].label, series[2].file},
                                                                           {files[2].label, files[2].file}};
    if (only == "import") {
        in_process(import_files, decode_folders, rounds);
        fs::remove_all(dir);
        return 0;
    }

    const std::string w = size.substr(0, size.find('x')), h = size.substr(size.find('x') + 1);
    const auto sv_cmd = [&](const std::string& file) {
        return quote(exe.string()) + " render " + quote(file) + " --size " + size + " -o " +
               quote((dir / "sv.png").string());
    };
    if (only == "series") {
        const std::vector<int> counts = {1, 2, 4, 8, 16, 32};
        std::vector<std::string> quads;
        for (int n : counts) quads.push_back(write_synthetic(dir, n, png));
        series_alone(counts, quads, sv_cmd, rounds);
        fs::remove_all(dir);
        return 0;
    }
    const auto f3d_cmd = [&](const std::string& file) {
        return "f3d " + quote(file) + " --resolution=" + w + "," + h +
               " --output=" + quote((dir / "f3d.png").string());
    };
    // Warm-up, untimed: Mesa's shader cache and skinview's precompute cache as a user's second run finds
    // them.
    run(sv_cmd(files[0].file));
    if (f3d) run(f3d_cmd(files[0].file));

    std::printf("whole process, %s, %d rounds, F3D then skinview each round (seconds, peak MiB)\n",
                size.c_str(), rounds);
    for (int r = 1; r <= rounds; ++r)
        for (std::vector<Row>* group : {&files, &series})
            for (Row& row : *group) {
                if (f3d) row.f3d.push_back(run(f3d_cmd(row.file)));
                row.sv.push_back(run(sv_cmd(row.file)));
                std::printf("round %d %-28s skinview %7.3fs %6.0f MiB", r, row.label.c_str(),
                            row.sv.back().seconds, row.sv.back().mib);
                if (f3d) std::printf("   f3d %7.3fs %6.0f MiB", row.f3d.back().seconds, row.f3d.back().mib);
                std::printf("\n");
                std::fflush(stdout);
            }
    std::printf("\n");
    print_rows(files, f3d);
    std::printf("\nthe synthetic series (time and memory against the texture bytes)\n");
    print_rows(series, f3d);
    const auto med = [](const std::vector<Run>& v, double Run::*m) {
        std::vector<double> x;
        for (const Run& r : v) x.push_back(r.*m);
        return median(x);
    };
    const double t1 = med(series[0].sv, &Run::seconds), t4 = med(series[1].sv, &Run::seconds),
                 t16 = med(series[2].sv, &Run::seconds);
    std::printf("skinview seconds per added 16 MiB texture: 1->4 %.3f, 4->16 %.3f (linear growth: equal)\n",
                (t4 - t1) / 3, (t16 - t4) / 12);

    in_process(import_files, decode_folders, rounds);
    fs::remove_all(dir);
    return 0;
}

// Which PNG and JPEG decoder the import should use: stb_image (what it used) against the decoders
// Debian packages beside it, libspng, libpng and libjpeg-turbo's TurboJPEG, on the project's own
// texture files, one thread, each file decoded by every decoder in turn, round by round. Prints
// milliseconds per megapixel (decode of the file's bytes already in memory into RGBA8, 4 channels
// asked for, as the importer asks stb) and whether each decoder's texels are those of stb,
// byte for byte: only an exact decoder can replace stb without changing a picture. Not a test.
//
//   build/tests/bench/decode_bench [--rounds 5] [--file EXTRA.png|.jpg]
//
// Files: every PNG and JPEG of ../shared/khronos StainedGlassLamp, SpecGlossVsMetalRough and
// CesiumMan, a synthetic 2048x2048 RGBA PNG (scale_bench's picture) and a synthetic 16-bit RGB PNG
// (written here with libpng): the importer keeps a 16-bit sample's high byte, so every decoder is
// compared on that reduction. libwebp is not in the table: it decodes WebP only, which the
// importer already gives it (anim/src/gltf/gltf_webp.cpp); it is no alternative for PNG or JPEG.
// Last, what the first write to a fresh 16 MiB buffer costs with 4 KiB pages and with huge pages
// advised (the importer's texel buffers, anim/src/gltf/gltf_texel_buffer.h).
#include <png.h>
#include <spng.h>
#include <stb/stb_image.h>
#include <sys/mman.h>
#include <turbojpeg.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "gltf_png.h"
#include "process_bench.h"
#include "render/image.h"
#include "synthetic_texture.h"

namespace fs = std::filesystem;

namespace {

struct Texels {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;  // empty: the decoder refused the file
};

using Bytes = std::vector<std::uint8_t>;

// What the importer did before this bench (anim/src/gltf/gltf_image_decode.cpp): four channels of
// stb, a 16-bit file decoded at 16 bits and its high byte kept.
Texels stb(const Bytes& b) {
    Texels t;
    const int n = static_cast<int>(b.size());
    int w = 0, h = 0, c = 0;
    if (stbi_is_16_bit_from_memory(b.data(), n)) {
        stbi_us* px = stbi_load_16_from_memory(b.data(), n, &w, &h, &c, 4);
        if (!px) return t;
        t.rgba.resize(size_t(w) * h * 4);
        for (size_t i = 0; i < t.rgba.size(); ++i) t.rgba[i] = static_cast<std::uint8_t>(px[i] >> 8);
        stbi_image_free(px);
    } else {
        stbi_uc* px = stbi_load_from_memory(b.data(), n, &w, &h, &c, 4);
        if (!px) return t;
        t.rgba.assign(px, px + size_t(w) * h * 4);
        stbi_image_free(px);
    }
    t.width = w;
    t.height = h;
    return t;
}

// libspng: RGBA8 with tRNS applied (stb applies it too); no gamma, as stb ignores gAMA. A 16-bit
// file is decoded to RGBA16 and its high byte kept, the importer's rule, rather than trusting
// libspng's own 16-to-8 conversion to be the same.
Texels spng(const Bytes& b) {
    Texels t;
    spng_ctx* ctx = spng_ctx_new(0);
    if (!ctx) return t;
    spng_ihdr ihdr{};
    size_t len = 0;
    const bool wide = [&] {
        if (spng_set_png_buffer(ctx, b.data(), b.size()) || spng_get_ihdr(ctx, &ihdr)) return false;
        return ihdr.bit_depth == 16;
    }();
    const int fmt = wide ? SPNG_FMT_RGBA16 : SPNG_FMT_RGBA8;
    if (ihdr.width && !spng_decoded_image_size(ctx, fmt, &len)) {
        if (wide) {
            std::vector<std::uint16_t> px(len / 2);
            if (!spng_decode_image(ctx, px.data(), len, fmt, SPNG_DECODE_TRNS)) {
                t.rgba.resize(px.size());
                for (size_t i = 0; i < px.size(); ++i) t.rgba[i] = static_cast<std::uint8_t>(px[i] >> 8);
            }
        } else {
            t.rgba.resize(len);
            if (spng_decode_image(ctx, t.rgba.data(), len, fmt, SPNG_DECODE_TRNS)) t.rgba.clear();
        }
    }
    spng_ctx_free(ctx);
    t.width = static_cast<int>(ihdr.width);
    t.height = static_cast<int>(ihdr.height);
    return t;
}

// libpng as the importer runs it (anim/src/gltf/gltf_png.h: the classic reader with stb's rule,
// the size limit and the huge-page texel buffer), so the figure is the decoder skinview ships and not
// a copy of it that could drift. A file it refuses gives no texels (the importer then falls back to
// stb, which this bench times on its own row).
Texels libpng(const Bytes& b) {
    sv::anim::Image im;
    Texels t;
    if (!sv::anim::gltf::decode_png_rgba8(b.data(), b.size(), im)) return t;
    t.width = im.width, t.height = im.height;
    t.rgba = std::move(im.rgba);
    return t;
}

// TurboJPEG with its defaults (accurate integer IDCT, fancy upsampling), straight to RGBA.
Texels turbojpeg(const Bytes& b) {
    Texels t;
    tjhandle h = tjInitDecompress();
    if (!h) return t;
    int w = 0, hh = 0, sub = 0, cs = 0;
    auto* in = const_cast<unsigned char*>(b.data());
    const auto n = static_cast<unsigned long>(b.size());
    if (!tjDecompressHeader3(h, in, n, &w, &hh, &sub, &cs)) {
        t.rgba.resize(size_t(w) * hh * 4);
        if (tjDecompress2(h, in, n, t.rgba.data(), w, 0, hh, TJPF_RGBA, 0))
            t.rgba.clear();
        else
            t.width = w, t.height = hh;
    }
    tjDestroy(h);
    return t;
}

struct Decoder {
    const char* name;
    std::function<Texels(const Bytes&)> decode;
    bool png, jpeg;  // which files it takes
};

struct Input {
    std::string label;
    Bytes bytes;
    bool png = false;
    double mpix = 0;
};

bool is_png(const Bytes& b) { return b.size() > 8 && std::memcmp(b.data(), "\x89PNG", 4) == 0; }

Bytes read_all(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

// A 1024x1024 RGB PNG at 16 bits a sample, with low bytes that differ from the high ones, so a
// decoder that rounds (or converts as linear light) instead of keeping the high byte shows.
bool write_png16(const fs::path& path) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return false;
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(p);
    if (setjmp(png_jmpbuf(p))) {
        png_destroy_write_struct(&p, &info);
        std::fclose(f);
        return false;
    }
    png_init_io(p, f);
    const int side = 1024;
    png_set_IHDR(p, info, side, side, 16, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(p, info);
    std::vector<std::uint8_t> row(size_t(side) * 6);  // big-endian samples
    for (int y = 0; y < side; ++y) {
        for (int x = 0; x < side; ++x)
            for (int c = 0; c < 3; ++c) {
                const unsigned v =
                    (unsigned(x) * 64u + unsigned(y) * (c + 1) * 37u + unsigned(c) * 12345u) & 0xFFFFu;
                row[size_t(x) * 6 + size_t(c) * 2] = static_cast<std::uint8_t>(v >> 8);
                row[size_t(x) * 6 + size_t(c) * 2 + 1] = static_cast<std::uint8_t>(v & 0xFF);
            }
        png_write_row(p, row.data());
    }
    png_write_end(p, nullptr);
    png_destroy_write_struct(&p, &info);
    return std::fclose(f) == 0;
}

// Milliseconds to write every byte of a fresh 16 MiB buffer (a 2048x2048 RGBA8 image) for the
// first time, and a second time: the first pays a page fault a page. With `huge`, the buffer's
// whole 2 MiB pages are advised huge first (MADV_HUGEPAGE), as the importer's texel buffers are
// (anim/src/gltf/gltf_texel_buffer.h).
std::pair<double, double> first_touch_ms(bool huge) {
    const size_t n = size_t(16) << 20, page = size_t(2) << 20;
    void* raw = nullptr;
    if (posix_memalign(&raw, page, n)) return {-1, -1};
    auto* p = static_cast<std::uint8_t*>(raw);
    if (huge) (void)madvise(p, n, MADV_HUGEPAGE);
    const auto t0 = std::chrono::steady_clock::now();
    std::memset(p, 1, n);
    const auto t1 = std::chrono::steady_clock::now();
    std::memset(p, 2, n);
    const auto t2 = std::chrono::steady_clock::now();
    std::free(p);
    return {std::chrono::duration<double, std::milli>(t1 - t0).count(),
            std::chrono::duration<double, std::milli>(t2 - t1).count()};
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

int main(int argc, char** argv) {
    std::string rounds_arg = "5", extra;
    if (!sv::bench::parse_options(argc, argv, "decode_bench",
                                  {{"--rounds", &rounds_arg}, {"--file", &extra}}))
        return 2;
    const int rounds = std::atoi(rounds_arg.c_str());
    if (rounds < 1) {
        std::fprintf(stderr, "decode_bench: --rounds must be at least 1\n");
        return 2;
    }
    const fs::path khronos = fs::path(SKINVIEW_BENCH_SHARED_ASSETS).parent_path() / "khronos";
    std::vector<fs::path> paths;
    for (const char* dir : {"StainedGlassLamp/glTF", "SpecGlossVsMetalRough/glTF", "CesiumMan/glTF"}) {
        if (!fs::is_directory(khronos / dir)) {
            std::fprintf(stderr, "decode_bench: missing %s\n", (khronos / dir).c_str());
            return 2;
        }
        std::vector<fs::path> found;
        for (const auto& e : fs::directory_iterator(khronos / dir)) {
            const std::string ext = e.path().extension().string();
            if (ext == ".png" || ext == ".jpg" || ext == ".jpeg") found.push_back(e.path());
        }
        std::sort(found.begin(), found.end());
        paths.insert(paths.end(), found.begin(), found.end());
    }
    const fs::path tmp = fs::temp_directory_path() / ("skinview_decode_bench_" + std::to_string(::getpid()));
    fs::create_directories(tmp);
    if (!sv::bench::write_synthetic_texture(tmp / "synthetic_2048.png") ||
        !write_png16(tmp / "synthetic_16bit_1024.png")) {
        std::fprintf(stderr, "decode_bench: could not write the synthetic PNGs into %s\n", tmp.c_str());
        return 1;
    }
    paths.push_back(tmp / "synthetic_2048.png");
    paths.push_back(tmp / "synthetic_16bit_1024.png");
    if (!extra.empty()) paths.emplace_back(extra);

    const std::vector<Decoder> decoders = {
        {"stb", stb, true, true},
        {"libspng", spng, true, false},
        {"libpng", libpng, true, false},
        {"turbojpeg", turbojpeg, false, true},
    };
    std::vector<Input> inputs;
    for (const fs::path& p : paths) {
        Input in;
        in.label = p.parent_path().parent_path().filename().string() + "/" + p.filename().string();
        if (p.parent_path() == tmp) in.label = p.filename().string();
        in.bytes = read_all(p);
        in.png = is_png(in.bytes);
        const Texels ref = stb(in.bytes);
        if (ref.rgba.empty()) {
            std::fprintf(stderr, "decode_bench: stb does not decode %s\n", p.c_str());
            return 1;
        }
        in.mpix = double(ref.width) * ref.height / 1e6;
        inputs.push_back(std::move(in));
    }

    // Exactness first, once a file: every byte of every decoder's RGBA8 against stb's.
    std::printf("texels against stb's (every byte of RGBA8)\n");
    std::vector<bool> exact(decoders.size(), true);
    for (const Input& in : inputs) {
        const Texels ref = stb(in.bytes);
        std::printf("  %-58s", in.label.c_str());
        for (size_t d = 1; d < decoders.size(); ++d) {
            if (!(in.png ? decoders[d].png : decoders[d].jpeg)) continue;
            const Texels t = decoders[d].decode(in.bytes);
            size_t differ = 0;
            int worst = 0;
            const bool same_size =
                t.width == ref.width && t.height == ref.height && t.rgba.size() == ref.rgba.size();
            if (same_size)
                for (size_t i = 0; i < t.rgba.size(); ++i)
                    if (t.rgba[i] != ref.rgba[i]) {
                        ++differ;
                        worst = std::max(worst, std::abs(int(t.rgba[i]) - int(ref.rgba[i])));
                    }
            if (!same_size || differ) exact[d] = false;
            if (!same_size)
                std::printf("  %s: %dx%d, not stb's %dx%d", decoders[d].name, t.width, t.height, ref.width,
                            ref.height);
            else if (differ)
                std::printf("  %s: %zu of %zu bytes differ (by up to %d)", decoders[d].name, differ,
                            t.rgba.size(), worst);
            else
                std::printf("  %s: identical", decoders[d].name);
        }
        std::printf("\n");
    }

    // Then time: each round decodes every file with every decoder that takes it, one after
    // another, so a busy moment of the machine falls on all of them alike.
    std::vector<std::vector<std::vector<double>>> ms(inputs.size(),
                                                     std::vector<std::vector<double>>(decoders.size()));
    for (int r = 0; r < rounds; ++r)
        for (size_t i = 0; i < inputs.size(); ++i)
            for (size_t d = 0; d < decoders.size(); ++d) {
                if (!(inputs[i].png ? decoders[d].png : decoders[d].jpeg)) continue;
                const auto t0 = std::chrono::steady_clock::now();
                const Texels t = decoders[d].decode(inputs[i].bytes);
                ms[i][d].push_back(
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
                if (t.rgba.empty()) {
                    std::fprintf(stderr, "decode_bench: %s refused %s\n", decoders[d].name,
                                 inputs[i].label.c_str());
                    return 1;
                }
            }

    std::printf("\nms per megapixel, median of %d rounds, one thread\n  %-58s %7s", rounds, "file", "MPix");
    for (const Decoder& d : decoders) std::printf(" %10s", d.name);
    std::printf("\n");
    std::vector<double> png_ms(decoders.size(), 0), jpeg_ms(decoders.size(), 0);
    double png_mpix = 0, jpeg_mpix = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
        std::printf("  %-58s %7.2f", inputs[i].label.c_str(), inputs[i].mpix);
        (inputs[i].png ? png_mpix : jpeg_mpix) += inputs[i].mpix;
        for (size_t d = 0; d < decoders.size(); ++d) {
            if (ms[i][d].empty()) {
                std::printf(" %10s", "-");
                continue;
            }
            const double m = median(ms[i][d]);
            (inputs[i].png ? png_ms : jpeg_ms)[d] += m;
            std::printf(" %10.2f", m / inputs[i].mpix);
        }
        std::printf("\n");
    }
    std::printf("\n  %-58s %7.2f", "all PNGs (sum of medians / MPix)", png_mpix);
    for (size_t d = 0; d < decoders.size(); ++d)
        decoders[d].png ? std::printf(" %10.2f", png_ms[d] / png_mpix) : std::printf(" %10s", "-");
    std::printf("\n  %-58s %7.2f", "all JPEGs (sum of medians / MPix)", jpeg_mpix);
    for (size_t d = 0; d < decoders.size(); ++d)
        decoders[d].jpeg ? std::printf(" %10.2f", jpeg_ms[d] / jpeg_mpix) : std::printf(" %10s", "-");
    std::printf("\n  %-58s %7s", "exact (every texel of every file its kind takes)", "");
    for (size_t d = 0; d < decoders.size(); ++d)
        std::printf(" %10s", d == 0 ? "reference" : exact[d] ? "yes" : "NO");
    std::printf("\n");

    // What a decode's fresh output buffer costs before a texel is decoded into it.
    std::vector<double> small_first, small_again, huge_first, huge_again;
    for (int r = 0; r < rounds; ++r) {
        const auto a = first_touch_ms(false), b = first_touch_ms(true);
        small_first.push_back(a.first), small_again.push_back(a.second);
        huge_first.push_back(b.first), huge_again.push_back(b.second);
    }
    std::printf(
        "\nfirst write of a fresh 16 MiB buffer (one 2048x2048 RGBA8 image), median of %d rounds:\n"
        "  4 KiB pages %.2f ms (written again: %.2f ms); advised huge pages %.2f ms (again: %.2f ms)\n",
        rounds, median(small_first), median(small_again), median(huge_first), median(huge_again));
    fs::remove_all(tmp);
    return 0;
}

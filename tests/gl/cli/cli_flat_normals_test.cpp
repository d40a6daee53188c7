// glTF 3.7.2.1: "When normals are not specified, client implementations MUST calculate flat
// normals". A folded sheet of two faces sharing its ridge vertices, written here without NORMAL,
// is drawn through the real binary in the normals view: each face shows its own face normal (worked
// out below from the positions) up to the ridge, not the smooth average a shared vertex would give.
// The control: the same sheet with the smooth normals given as NORMAL draws them, so the view
// tells the two apart.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <glm/glm.hpp>
#include <vector>

#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

const std::string kExe = SKINVIEW_EXE;

std::string out(const std::string& name) { return (output_dir() / "cli_flat_normals" / name).string(); }

// Six vertices, two columns of three across x = -1, 0 (the ridge, 0.5 towards the camera), 1; four
// triangles, counter-clockwise seen from +Z. `with_normals`: NORMAL holds the smooth normals
// (the faces' average at the ridge).
void write_sheet(const std::string& stem, bool with_normals) {
    const std::vector<glm::vec3> p = {{-1, -1, 0}, {0, -1, 0.5f}, {1, -1, 0},
                                      {-1, 1, 0},  {0, 1, 0.5f},  {1, 1, 0}};
    const std::vector<std::uint16_t> idx = {0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4};
    const glm::vec3 left = glm::normalize(glm::vec3(-1, 0, 2)), right = glm::normalize(glm::vec3(1, 0, 2));
    const std::vector<glm::vec3> n = {left, glm::vec3(0, 0, 1), right, left, glm::vec3(0, 0, 1), right};
    std::vector<std::uint8_t> bin;
    const auto put = [&](const void* d, size_t bytes) {
        const auto* b = static_cast<const std::uint8_t*>(d);
        bin.insert(bin.end(), b, b + bytes);
    };
    put(p.data(), p.size() * 12);
    put(n.data(), n.size() * 12);
    put(idx.data(), idx.size() * 2);
    std::ofstream(out(stem + ".bin"), std::ios::binary)
        .write(reinterpret_cast<const char*>(bin.data()), static_cast<std::streamsize>(bin.size()));
    const std::string attrs = with_normals ? R"("POSITION": 0, "NORMAL": 1)" : R"("POSITION": 0)";
    std::ofstream(out(stem + ".gltf"))
        << R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
"nodes": [{"mesh": 0}], "meshes": [{"primitives": [{"attributes": {)"
        << attrs << R"(}, "indices": 2}]}],
"buffers": [{"uri": ")"
        << stem << R"(.bin", "byteLength": 168}],
"bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 72}, {"buffer": 0, "byteOffset": 72, "byteLength": 72},
  {"buffer": 0, "byteOffset": 144, "byteLength": 24}],
"accessors": [{"bufferView": 0, "componentType": 5126, "count": 6, "type": "VEC3", "min": [-1, -1, 0], "max": [1, 1, 0.5]},
  {"bufferView": 1, "componentType": 5126, "count": 6, "type": "VEC3"},
  {"bufferView": 2, "componentType": 5123, "count": 12, "type": "SCALAR"}]})";
}

render::RgbaImage draw(const std::string& stem) {
    const std::string png = out(stem + ".png");
    auto r = run_command(quoted(kExe) + " render " + quoted(out(stem + ".gltf")) +
                         " --view normals --camera 0,0,4,0,0,0 --grid off --size 200x200 -o " + quoted(png));
    EXPECT_EQ(r.status, 0) << r.err;
    auto img = render::read_png(png);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    return img.ok() ? *img : render::RgbaImage{};
}

// The normals view writes n * 0.5 + 0.5 as it is (no tone mapping, no sRGB curve).
int encoded(float c) { return static_cast<int>(std::lround((c * 0.5f + 0.5f) * 255.0f)); }

TEST(CliFlatNormals, AFileWithoutNormalsIsFlatShaded) {
    std::filesystem::create_directories(out(""));
    write_sheet("flat", false);
    write_sheet("smooth", true);
    const render::RgbaImage flat = draw("flat"), smooth = draw("smooth");
    ASSERT_EQ(flat.width, 200);
    ASSERT_EQ(smooth.width, 200);
    const float nx = 1.0f / std::sqrt(5.0f), nz = 2.0f / std::sqrt(5.0f);
    // Columns beside the ridge (where a smooth normal is nearly (0, 0, 1)) and far from it, on the
    // middle row.
    int worst = 0;
    for (int x : {60, 94, 106, 140}) {
        const std::uint8_t* px = flat.at(x, 100);
        const float sx = x < 100 ? -nx : nx;
        const int d[3] = {px[0] - encoded(sx), px[1] - encoded(0.0f), px[2] - encoded(nz)};
        for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(d[c]));
        std::printf("[ flat ] x %d: %d %d %d (want %d %d %d); smooth file: %d %d %d\n", x, px[0], px[1],
                    px[2], encoded(sx), encoded(0.0f), encoded(nz), smooth.at(x, 100)[0],
                    smooth.at(x, 100)[1], smooth.at(x, 100)[2]);
    }
    // Derivatives are taken per 2x2 quad in float: a step or two of 255.
    EXPECT_LE(worst, 3);
    // The control: the given smooth normals draw beside the ridge what flat ones would not.
    EXPECT_GT(std::abs(smooth.at(94, 100)[0] - encoded(-nx)), 20);
    EXPECT_GT(std::abs(smooth.at(106, 100)[0] - encoded(nx)), 20);
}

}  // namespace
}  // namespace sv::test

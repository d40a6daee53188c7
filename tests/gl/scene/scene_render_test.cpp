// Scene-level features as drawn: EXT_mesh_gpu_instancing (every one of SimpleInstancing's 125 cubes
// on screen where its instance puts it), the file's cameras (`--camera file:N`: the picture's
// footprint where the test's own projection of the mesh says), `--background` and `--grid`, and the
// notes `render` prints on stderr for what changes the picture. Each has a negative control.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "render/image.h"
#include "run_command.h"
#include "scene_session.h"
#include "test_paths.h"

namespace fs = std::filesystem;
using namespace sv;

namespace {

const std::string kExe = SKINVIEW_EXE;

fs::path khronos(const std::string& rel) { return test::shared_assets().parent_path() / "khronos" / rel; }
fs::path out_dir() {
    const fs::path d = test::output_dir() / "scene";
    fs::create_directories(d);
    return d;
}

bool same_pixel(const render::RgbaImage& a, const render::RgbaImage& b, int x, int y) {
    return std::equal(a.at(x, y), a.at(x, y) + 4, b.at(x, y));
}

// Screen pixel of a world point, x right and y down as in the image; false when behind the eye.
bool project(const glm::mat4& vp, const glm::vec3& p, int w, int h, int& x, int& y) {
    const glm::vec4 c = vp * glm::vec4(p, 1.0f);
    if (c.w <= 0.0f) return false;
    x = static_cast<int>(std::floor((c.x / c.w * 0.5f + 0.5f) * static_cast<float>(w)));
    y = static_cast<int>(std::floor((0.5f - c.y / c.w * 0.5f) * static_cast<float>(h)));
    return x >= 0 && y >= 0 && x < w && y < h;
}

// How many of the instance centres land on a pixel the mesh drew (not background), for the file at
// `path` with the instances of `glb` (read by the test: T of each instance, the cube about its origin).
int instance_centres_drawn(const std::string& path, const test::Glb& glb) {
    viewer::SceneOptions o;
    o.file = path;
    auto h = viewer::open_headless(o);
    EXPECT_TRUE(h.ok()) << (h.ok() ? "" : h.error().message);
    if (!h) return -1;
    viewer::SceneSession& s = *h->session;
    const int W = 320, H = 320;
    auto img = s.render_image(W, H);
    auto bg = s.render_background(W, H);
    EXPECT_TRUE(img.ok() && bg.ok());
    if (!img || !bg) return -1;
    const glm::mat4 vp = s.view_proj(W, H);
    const auto& attrs = glb.json["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"];
    const int t = attrs["TRANSLATION"], r = attrs["ROTATION"], sc = attrs["SCALE"];
    // The cube's centre in its own space, from the POSITION accessor's bounds (the cube is 0..1,
    // not centred: its translation alone can fall in the gap between cubes).
    const auto& pos =
        glb.json["accessors"][glb.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"].get<size_t>()];
    const glm::vec3 centre = 0.5f * (glm::vec3(pos["min"][0], pos["min"][1], pos["min"][2]) +
                                     glm::vec3(pos["max"][0], pos["max"][1], pos["max"][2]));
    int drawn = 0;
    for (size_t k = 0; k < 125; ++k) {
        glm::vec3 tr, scale;
        float q[4];
        std::memcpy(&tr, glb.bin.data() + glb.element_offset(t, k, 12), 12);
        std::memcpy(q, glb.bin.data() + glb.element_offset(r, k, 16), 16);
        std::memcpy(&scale, glb.bin.data() + glb.element_offset(sc, k, 12), 12);
        const glm::vec3 world = tr + glm::normalize(glm::quat(q[3], q[0], q[1], q[2])) * (scale * centre);
        int x = 0, y = 0;
        if (project(vp, world, W, H, x, y) && !same_pixel(*img, *bg, x, y)) ++drawn;
    }
    return drawn;
}

}  // namespace

TEST(SceneRender, EveryInstanceOfSimpleInstancingIsDrawn) {
    const fs::path path = khronos("SimpleInstancing/glTF-Binary/SimpleInstancing.glb");
    if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
    const test::Glb glb = test::Glb::parse(test::read_bytes(path.string()));
    EXPECT_EQ(instance_centres_drawn(path.string(), glb), 125);
    // Negative control: the same file without the extension draws the mesh once, at the node; the
    // instance centres far from it are background.
    test::Glb plain = glb;
    plain.json["nodes"][0].erase("extensions");
    plain.json.erase("extensionsUsed");
    const std::string plain_path = (out_dir() / "SimpleInstancing_plain.glb").string();
    {
        const auto bytes = plain.pack();
        std::ofstream f(plain_path, std::ios::binary);
        f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    EXPECT_LT(instance_centres_drawn(plain_path, glb), 10);
}

TEST(SceneRender, TheFilesPerspectiveAndOrthographicCamerasFrameWhatTheyShould) {
    const fs::path path = khronos("Cameras/glTF/Cameras.gltf");
    if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
    std::ifstream jf(path);
    const nlohmann::json j = nlohmann::json::parse(jf);
    for (int cam = 0; cam < 2; ++cam) {
        SCOPED_TRACE("camera " + std::to_string(cam));
        viewer::SceneOptions o;
        o.file = path.string();
        o.camera = "file:" + std::to_string(cam);
        auto h = viewer::open_headless(o);
        ASSERT_TRUE(h.ok()) << h.error().message;
        viewer::SceneSession& s = *h->session;
        const int W = 400, H = 400;  // the file's aspectRatio (1): nothing to reconcile
        auto img = s.render_image(W, H);
        auto bg = s.render_background(W, H);
        ASSERT_TRUE(img.ok() && bg.ok());
        // The test's own camera: the node's translation (no rotation in the file), looking down -Z,
        // and glTF's projection written out from the JSON.
        size_t node = 0;
        for (size_t n = 0; n < j["nodes"].size(); ++n)
            if (j["nodes"][n].value("camera", -1) == cam) node = n;
        const auto& tr = j["nodes"][node]["translation"];
        const glm::mat4 view = glm::translate(glm::mat4(1.0f), -glm::vec3(tr[0], tr[1], tr[2]));
        const auto& c = j["cameras"][static_cast<size_t>(cam)];
        glm::mat4 proj;
        if (c["type"] == "orthographic") {
            const float xm = c["orthographic"]["xmag"], ym = c["orthographic"]["ymag"];
            proj = glm::ortho(-xm, xm, -ym, ym, c["orthographic"]["znear"].get<float>(),
                              c["orthographic"]["zfar"].get<float>());
        } else {
            proj = glm::perspective(c["perspective"]["yfov"].get<float>(), 1.0f,
                                    c["perspective"]["znear"].get<float>(),
                                    c["perspective"]["zfar"].get<float>());
        }
        // The mesh's screen box by the test's projection of the node's vertices...
        const auto& mesh_node = j["nodes"][0];
        const auto& q = mesh_node["rotation"];
        const glm::mat4 model = glm::mat4_cast(glm::quat(q[3], q[0], q[1], q[2]));
        const auto& a = s.character().asset();
        int lo_x = W, lo_y = H, hi_x = -1, hi_y = -1;
        for (const auto& p : a.meshes.at(0).primitives.at(0).positions) {
            int x = 0, y = 0;
            project(proj * view, glm::vec3(model * glm::vec4(p, 1.0f)), W, H, x, y);
            lo_x = std::min(lo_x, x), lo_y = std::min(lo_y, y), hi_x = std::max(hi_x, x),
            hi_y = std::max(hi_y, y);
        }
        // ...against the footprint the renderer drew.
        int flo_x = W, flo_y = H, fhi_x = -1, fhi_y = -1;
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x)
                if (!same_pixel(*img, *bg, x, y))
                    flo_x = std::min(flo_x, x), flo_y = std::min(flo_y, y), fhi_x = std::max(fhi_x, x),
                    fhi_y = std::max(fhi_y, y);
        ASSERT_GE(fhi_x, 0) << "nothing drawn";
        // Rasterisation covers pixel centres inside the triangles: one pixel either way.
        EXPECT_NEAR(flo_x, lo_x, 1);
        EXPECT_NEAR(flo_y, lo_y, 1);
        EXPECT_NEAR(fhi_x, hi_x, 1);
        EXPECT_NEAR(fhi_y, hi_y, 1);
        (void)render::write_png((out_dir() / ("Cameras_file" + std::to_string(cam) + ".png")).string(), *img);
    }
}

TEST(SceneRender, AFileCameraThatDoesNotExistIsRefusedByName) {
    const fs::path path = khronos("Cameras/glTF/Cameras.gltf");
    if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
    viewer::SceneOptions o;
    o.file = path.string();
    o.camera = "file:2";
    auto h = viewer::open_headless(o);
    ASSERT_FALSE(h.ok());
    EXPECT_EQ(h.error().message, "--camera 'file:2': the file has 2 cameras");
    o.camera = "file:x";
    auto bad = viewer::open_headless(o);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message,
              "--camera 'file:x': expected file:N with N the index of one of the file's cameras");
}

TEST(SceneRender, BackgroundAndGridOptions) {
    const std::string arm = (out_dir() / "arm.glb").string();
    ASSERT_TRUE(anim::write_gltf_file(anim::build_arm_asset(), arm).ok());
    const auto render = [&](const std::string& opts, const std::string& name) {
        const std::string png = (out_dir() / name).string();
        const auto r = test::run_command(test::quoted(kExe) + " render " + test::quoted(arm) + " -o " +
                                         test::quoted(png) + " --size 160x120 " + opts);
        EXPECT_EQ(r.status, 0) << r.err;
        auto img = render::read_png(png);
        EXPECT_TRUE(img.ok());
        return img ? *img : render::RgbaImage{};
    };
    const auto red = render("--background 255,0,0 --grid off", "bg_red.png");
    ASSERT_EQ(red.width, 160);
    EXPECT_EQ(std::vector<int>(red.at(0, 0), red.at(0, 0) + 4), (std::vector<int>{255, 0, 0, 255}));
    const auto clear = render("--background transparent --grid off", "bg_transparent.png");
    ASSERT_EQ(clear.width, 160);
    EXPECT_EQ(clear.at(0, 0)[3], 0);
    int opaque = 0, transparent = 0;
    for (int y = 0; y < 120; ++y)
        for (int x = 0; x < 160; ++x) (clear.at(x, y)[3] == 255 ? opaque : transparent) += 1;
    EXPECT_GT(opaque, 100) << "the arm must stay opaque on a transparent background";
    EXPECT_GT(transparent, 100);
    // The grid: the same picture with it on (the negative control) differs in its lines; a
    // `--grid off` that did nothing would leave the two alike.
    const auto red_grid = render("--background 255,0,0", "bg_red_grid.png");
    ASSERT_EQ(red_grid.width, 160);
    int grid_pixels = 0;
    for (int y = 0; y < 120; ++y)
        for (int x = 0; x < 160; ++x) grid_pixels += same_pixel(red, red_grid, x, y) ? 0 : 1;
    EXPECT_GT(grid_pixels, 50);
    const auto bad =
        test::run_command(test::quoted(kExe) + " render " + test::quoted(arm) + " -o " +
                          test::quoted((out_dir() / "bad.png").string()) + " --background 300,0,0");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find(
                  "--background '300,0,0': expected R,G,B (each an integer 0..255), transparent or default"),
              std::string::npos)
        << bad.err;
}

TEST(SceneRender, RenderPrintsThePictureNotesAndAuditFailsAMissingTexture) {
    const fs::path dir = out_dir() / "missing_texture";
    fs::create_directories(dir);
    const std::string path = (dir / "arm.gltf").string();
    ASSERT_TRUE(anim::write_gltf_file(anim::build_arm_asset(), path).ok());
    nlohmann::json j = nlohmann::json::parse(test::read_bytes(path));
    j["images"] = {{{"uri", "gone.png"}, {"name", "skin"}}};
    j["textures"] = {{{"source", 0}}};
    j["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
    {
        std::ofstream f(path);
        f << j.dump();
    }
    const auto r = test::run_command(test::quoted(kExe) + " render " + test::quoted(path) + " -o " +
                                     test::quoted((dir / "arm.png").string()) + " --size 64x48");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(
        r.err.find("skinview render: note: image 0 ('skin'): no file 'gone.png' in the glTF's folder; the "
                   "file draws without it\n"),
        std::string::npos)
        << r.err;
    const auto audit = test::run_command(test::quoted(kExe) + " audit " + test::quoted(path));
    EXPECT_EQ(audit.status, 1) << audit.out;
    EXPECT_NE(audit.out.find("FAIL: texture not drawn: image 0 ('skin'): no file 'gone.png'"),
              std::string::npos)
        << audit.out;
    // Negative control: the arm with no texture says nothing on stderr and passes the audit.
    const std::string clean = (dir / "clean.glb").string();
    ASSERT_TRUE(anim::write_gltf_file(anim::build_arm_asset(), clean).ok());
    const auto rc = test::run_command(test::quoted(kExe) + " render " + test::quoted(clean) + " -o " +
                                      test::quoted((dir / "clean.png").string()) + " --size 64x48");
    EXPECT_EQ(rc.status, 0);
    EXPECT_EQ(rc.err.find("note:"), std::string::npos) << rc.err;
    EXPECT_EQ(test::run_command(test::quoted(kExe) + " audit " + test::quoted(clean)).status, 0);
}

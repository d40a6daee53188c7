// The viewer's frame without its panels: N instances of a character, each posed at its own time,
// drawn for K frames, with the CPU time of a frame split into its parts:
//   animation   pose_at per instance (sampling, the scene's globals, the skeletons' palettes)
//   palette     write_palettes per instance and the one upload (and, inside the draw of a
//               dual-quaternion rung, the joint dual quaternions: counted under draw)
//   draw        CharacterRenderer::draw, the submission only (no wait)
//   gpu wait    glFinish after the frame (on llvmpipe the vertex and fragment work, on threads)
// Thread CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID) and wall time, both per frame.
// On llvmpipe the wait is most of the wall time; the first three are what the renderer's own code
// costs the CPU.
//
//   viewer_frame_bench [FILE] [--instances N] [--frames K] [--size WxH] [--api gl|gles] [--rung
//   dqs|dqs-scale|lbs]
#include <time.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <glm/gtc/matrix_transform.hpp>
#include <string>
#include <vector>

#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/render_target.h"

using namespace sv;

namespace {

double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}
double wall_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct Split {
    double cpu = 0.0, wall = 0.0;
};

}  // namespace

int main(int argc, char** argv) {
    std::string file = std::string(SKINVIEW_BENCH_SHARED_ASSETS) + "/Xbot.glb";
    int instances = 16, frames = 60, width = 640, height = 480;
    std::string api_name = "gl", rung_name = "dqs";
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--instances" && i + 1 < argc)
            instances = std::atoi(argv[++i]);
        else if (a == "--frames" && i + 1 < argc)
            frames = std::atoi(argv[++i]);
        else if (a == "--size" && i + 1 < argc)
            std::sscanf(argv[++i], "%dx%d", &width, &height);
        else if (a == "--api" && i + 1 < argc)
            api_name = argv[++i];
        else if (a == "--rung" && i + 1 < argc)
            rung_name = argv[++i];
        else if (a == "-h" || a == "--help") {
            std::printf(
                "usage: %s [FILE] [--instances N] [--frames K] [--size WxH] [--api gl|gles] "
                "[--rung dqs|dqs-scale|lbs]\n",
                argv[0]);
            return 0;
        } else
            file = a;
    }
    if (instances < 1 || frames < 1)
        return std::fprintf(stderr, "need at least one instance and one frame\n"), 1;
    auto api = render::parse_api(api_name);
    if (!api) return std::fprintf(stderr, "%s\n", api.error().message.c_str()), 1;
    auto rung = anim::parse_skinning_rung(rung_name);
    if (!rung) return std::fprintf(stderr, "%s\n", rung.error().message.c_str()), 1;
    auto ctx = render::create_headless_context(*api);
    if (!ctx) return std::fprintf(stderr, "%s\n", ctx.error().message.c_str()), 1;
    auto asset = anim::load_gltf(file);
    if (!asset) return std::fprintf(stderr, "%s: %s\n", file.c_str(), asset.error().message.c_str()), 1;
    auto character = anim::Character::create(std::move(*asset));
    if (!character) return std::fprintf(stderr, "%s\n", character.error().message.c_str()), 1;
    auto renderer = render::CharacterRenderer::create(*api, *character, instances);
    if (!renderer) return std::fprintf(stderr, "%s\n", renderer.error().message.c_str()), 1;
    render::RenderTarget target;
    if (auto s = target.resize(width, height); !s)
        return std::fprintf(stderr, "%s\n", s.error().message.c_str()), 1;

    const anim::Aabb b = character->bind_bounds();
    const float spacing = static_cast<float>(glm::length(b.max - b.min)) * 0.5f;
    const int side = static_cast<int>(std::ceil(std::sqrt(double(instances))));
    std::vector<render::CharacterInstance> placed(static_cast<size_t>(instances));
    for (int i = 0; i < instances; ++i) {
        placed[static_cast<size_t>(i)].first_row = i * renderer->get()->rows_per_instance();
        placed[static_cast<size_t>(i)].model =
            glm::translate(glm::mat4(1.0f), glm::vec3((i % side) * spacing, 0.0f, (i / side) * spacing));
    }
    render::OrbitCamera cam;
    cam.frame(glm::vec3(b.min), glm::vec3(b.max) + glm::vec3(side * spacing, 0.0f, side * spacing));
    const glm::mat4 vp = cam.projection(float(width) / float(height)) * cam.view();
    const int clip = character->asset().clips.empty() ? -1 : 0;
    const float duration = clip >= 0 ? character->asset().clips[0].duration : 1.0f;
    render::DrawOptions o;  // the viewer's defaults: mesh and grid, no skeleton or axes
    o.auto_rung = false;
    o.rung = *rung;

    Split anim_t, palette_t, draw_t, wait_t;
    auto run = [&](int f, bool timed) {
        double c0 = thread_cpu_ms(), w0 = wall_ms();
        for (int i = 0; i < instances; ++i)
            character->pose_at(clip, duration * float(i) / float(instances) + float(f) / 60.0f, true);
        double c1 = thread_cpu_ms(), w1 = wall_ms();
        // The palettes are written per instance right after its pose in a real crowd; here the
        // last pose serves every row, so the split stays clean (the bytes and calls are the same).
        for (int i = 0; i < instances; ++i)
            (void)renderer->get()->write_palettes(*character, placed[static_cast<size_t>(i)]);
        renderer->get()->upload_palettes();
        double c2 = thread_cpu_ms(), w2 = wall_ms();
        target.bind();
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        renderer->get()->draw(*character, placed, vp, o);
        double c3 = thread_cpu_ms(), w3 = wall_ms();
        glFinish();
        double c4 = thread_cpu_ms(), w4 = wall_ms();
        if (!timed) return;
        anim_t.cpu += c1 - c0, anim_t.wall += w1 - w0;
        palette_t.cpu += c2 - c1, palette_t.wall += w2 - w1;
        draw_t.cpu += c3 - c2, draw_t.wall += w3 - w2;
        wait_t.cpu += c4 - c3, wait_t.wall += w4 - w3;
    };
    glEnable(GL_DEPTH_TEST);
    for (int f = 0; f < 3; ++f) run(f, false);  // shader variants, scratch buffers, textures
    for (int f = 0; f < frames; ++f) run(f, true);

    std::printf("%s: %d instances, %d frames at %dx%d, rung %s, on %s (%s)\n", file.c_str(), instances,
                frames, width, height, rung_name.c_str(), (*ctx)->info().renderer.c_str(), api_name.c_str());
    std::printf("%-10s %16s %16s %16s\n", "part", "cpu ms / frame", "wall ms / frame", "cpu us / instance");
    const Split parts[4] = {anim_t, palette_t, draw_t, wait_t};
    const char* names[4] = {"animation", "palette", "draw", "gpu wait"};
    double cpu_total = 0.0;
    for (int p = 0; p < 4; ++p) {
        std::printf("%-10s %16.3f %16.3f %16.1f\n", names[p], parts[p].cpu / frames, parts[p].wall / frames,
                    1e3 * parts[p].cpu / frames / instances);
        if (p < 3) cpu_total += parts[p].cpu;
    }
    std::printf("renderer's own CPU (animation + palette + draw): %.3f ms / frame\n", cpu_total / frames);
    return 0;
}

// Draws N instances of a character for a number of frames in each skinning rung and prints frame
// time, skinned vertices per second, and the DQS / LBS ratio measured in the same run (absolute
// times on shared machines are noisy; the ratio is the figure to hold against the 1.05x target).
//
//   skinning_bench [FILE] [--instances N] [--frames F] [--size WxH] [--api gl|gles]
//
// Default FILE is ../shared/assets/Xbot.glb beside the source tree. Each instance plays the first
// clip at its own time offset, so every palette row differs and is uploaded every frame.
//
// Two clocks: wall time, and the process's CPU time (every thread, llvmpipe's included). On a
// shared machine the wall clock counts other people's work too; on llvmpipe the CPU time is the
// rendering work itself, so its ratio is the steadier figure there (LP_NUM_THREADS=0 puts it all
// on one thread). On a GPU the wall clock is the one that means anything.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

int main(int argc, char** argv) {
    std::string file = std::string(SKINVIEW_BENCH_SHARED_ASSETS) + "/Xbot.glb";
    int instances = 16, frames = 30, width = 640, height = 480;
    std::string api_name = "gl";
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
        else if (a == "-h" || a == "--help") {
            std::printf("usage: %s [FILE] [--instances N] [--frames F] [--size WxH] [--api gl|gles]\n",
                        argv[0]);
            return 0;
        } else
            file = a;
    }
    auto api = render::parse_api(api_name);
    if (!api) return std::fprintf(stderr, "%s\n", api.error().message.c_str()), 1;
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

    long vertices_per_instance = 0;
    for (const auto& sm : character->skinned_meshes())
        for (const auto& p : character->asset().meshes[static_cast<size_t>(sm.mesh)].primitives)
            vertices_per_instance += static_cast<long>(p.positions.size());

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

    std::printf("%s: %d instances x %ld vertices, %d frames at %dx%d on %s (%s)\n", file.c_str(), instances,
                vertices_per_instance, frames, width, height, (*ctx)->info().renderer.c_str(),
                api_name.c_str());
    std::printf("%-10s %14s %14s %22s\n", "rung", "ms / frame", "cpu ms / frame", "skinned vertices / s");
    double ms[3] = {0, 0, 0}, cpu_ms[3] = {0, 0, 0};
    const auto process_cpu_ms = [] {
        timespec ts{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
    };
    const render::SkinMode modes[3] = {render::SkinMode::RigidDqs, render::SkinMode::DqsUniformScale,
                                       render::SkinMode::LinearBlend};
    // Interleaved rounds, so a slow spell of the machine lands on every rung alike.
    const int rounds = 3;
    for (int round = 0; round < rounds; ++round)
        for (int m = 0; m < 3; ++m) {
            render::DrawOptions o;
            o.auto_rung = false;
            o.rung = modes[m];
            o.draw_grid = false;
            target.bind();
            glEnable(GL_DEPTH_TEST);
            glFinish();
            const auto t0 = std::chrono::steady_clock::now();
            const double c0 = process_cpu_ms();
            for (int f = 0; f < frames / rounds; ++f) {
                for (int i = 0; i < instances; ++i) {
                    character->pose_at(clip, duration * float(i) / float(instances) + float(f) / 60.0f, true);
                    (void)renderer->get()->write_palettes(*character, placed[static_cast<size_t>(i)]);
                }
                renderer->get()->upload_palettes();
                glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
                renderer->get()->draw(*character, placed, vp, o);
                glFinish();
            }
            ms[m] += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            cpu_ms[m] += process_cpu_ms() - c0;
        }
    const int timed = (frames / rounds) * rounds;
    for (int m = 0; m < 3; ++m) {
        const double per_frame = ms[m] / timed;
        std::printf("%-10s %14.3f %14.3f %22.4g\n", anim::to_id(modes[m]), per_frame, cpu_ms[m] / timed,
                    double(vertices_per_instance) * instances / (per_frame / 1000.0));
    }
    std::printf("DQS / LBS frame-time ratio: %.3f (target: at most 1.05); in process CPU time: %.3f\n",
                ms[0] / ms[2], cpu_ms[0] / cpu_ms[2]);
    return 0;
}

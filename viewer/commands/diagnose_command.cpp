#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "render/gpu_diagnose.h"
#include "scene_session.h"
#include "view_layers.h"

namespace sv::viewer {

int run_diagnose(const DiagnoseArgs& args) {
    const auto fail = [](const std::string& m, int status = 1) {
        std::fprintf(stderr, "skinview diagnose: %s\n", m.c_str());
        return status;
    };
    if (auto st = refuse_camera_without_look_at(args.scene, false, "diagnose compares skinned vertices"); !st)
        return fail(st.error().message, 2);
    OpenFault fault = OpenFault::None;
    auto opened = open_headless(args.scene, &fault);
    if (!opened) return fail(opened.error().message, exit_status(fault));
    SceneSession& s = *opened->session;
    const render::Context* ctx = opened->context.get();
    const std::string& path = s.path();
    s.pose();
    auto d = render::diagnose(s.renderer(), s.character(), {}, s.state().draw);
    if (!d) return fail(d.error().message);
    if (args.json) {
        nlohmann::json j = {{"file", path},
                            {"renderer", ctx->info().renderer},
                            {"correction", s.state().draw.correction},
                            {"clip", s.clip()},
                            {"time", s.time()},
                            {"worst_error", d->worst_error},
                            {"mean_error", d->mean_error},
                            {"worst_single_joint_error", d->worst_single_joint_error},
                            {"vertices", d->vertices},
                            {"single_joint_vertices", d->single_joint_vertices},
                            {"body_size", d->body_size}};
        std::printf("%s\n", j.dump(2).c_str());
    } else {
        std::printf("%s on %s, correction %s, clip %d at %.3f s\n", path.c_str(),
                    ctx->info().renderer.c_str(), s.state().draw.correction ? "on" : "off", s.clip(),
                    s.time());
        std::printf(
            "  worst_error               %.6g\n  mean_error                %.6g\n"
            "  worst_single_joint_error  %.6g\n  vertices                  %ld\n  body_size                 "
            "%.6g\n",
            d->worst_error, d->mean_error, d->worst_single_joint_error, d->vertices, d->body_size);
    }
    return 0;
}

}  // namespace sv::viewer

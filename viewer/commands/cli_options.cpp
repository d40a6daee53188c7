#include "cli_options.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "anim/skin_frame/skinning_rung.h"
#include "data_dir.h"

namespace sv::viewer {

namespace {

// The value as a finite double, or why not.
std::string parse_finite(const std::string& text, double& v) {
    char* end = nullptr;
    v = std::strtod(text.c_str(), &end);
    if (text.empty() || end == text.c_str() || *end != '\0') return "'" + text + "' is not a number";
    if (!std::isfinite(v)) return "'" + text + "' is not a finite number";
    return "";
}

CLI::Validator number_check(const char* name, double min, bool strict) {
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            double v = 0.0;
            if (auto why = parse_finite(text, v); !why.empty()) return why;
            if (strict ? !(v > min) : !(v >= min))
                return "'" + text + "' must be " + (strict ? "greater than " : "at least ") +
                       std::to_string(int(min));
            return "";
        },
        "", name);
}

}  // namespace

CLI::Validator finite_number() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            double v = 0.0;
            return parse_finite(text, v);
        },
        "", "finite");
}
CLI::Validator positive_number() { return number_check("positive", 0.0, true); }
CLI::Validator non_negative_number() { return number_check("non-negative", 0.0, false); }

void add_scene_options(CLI::App& app, SceneOptions& o, bool with_file) {
    if (with_file)
        app.add_option("file", o.file, "glTF file (.gltf or .glb); default: the built-in character");
    app.add_option("--clip", o.clip, "clip name or index (default: the first clip)");
    app.add_option("--time", o.time, "time into the clip, seconds (default 0)")->check(finite_number());
    app.add_flag("--bind", o.bind_pose, "draw the bind pose, no clip");
    app.add_option("--correction", o.correction, "skinning-frame correction: on or off (default on)")
        ->check(CLI::IsMember({"on", "off"}));
    std::string rungs;
    for (const std::string& id : anim::skinning_rung_choices()) rungs += (rungs.empty() ? "" : ", ") + id;
    app.add_option("--skinning", o.skinning, "skinning rung: " + rungs + " (default auto)")
        ->check(CLI::IsMember(anim::skinning_rung_choices()));
    app.add_option("--api", o.api, "GL API: gl (3.3 core) or gles (3.0) (default gl)")
        ->check(CLI::IsMember({"gl", "gles"}));
    app.add_option(
        "--camera", o.camera,
        "auto, front, side, orbit:DEG (framed on what is drawn), file:N (the file's camera N) or "
        "yaw,pitch,distance,tx,ty,tz (pinned: degrees, metres, the target point; +Y up, yaw 0 looks "
        "along -Z; default auto)");
    app.add_option("--fov", o.fov, "vertical field of view in degrees (default 40)")
        ->check(positive_number())
        ->check(CLI::Range(1.0f, 179.0f));
    app.add_option("--env", o.env,
                   "equirectangular Radiance .hdr lighting the model (default: the procedural sky; "
                   "`skinview write-sky` writes that sky as an .hdr)");
    app.add_option("--env-background", o.env_background,
                   "draw the environment (the sky or --env) behind the model: on or off (default off)")
        ->check(CLI::IsMember({"on", "off"}));
    app.add_option("--env-blur", o.env_blur,
                   "the background's blur: the roughness it is drawn at, 0 (sharp, default) to 1")
        ->check(finite_number())
        ->check(CLI::Range(0.0f, 1.0f));
    app.add_flag("--no-vrm-facing", o.no_vrm_facing,
                 "draw a VRM 0.x avatar as stored (facing -Z), not turned to face +Z like VRM 1.0");
    app.add_option("--springs", o.springs, "VRM spring bones (hair, skirts): on or off (default on)")
        ->check(CLI::IsMember({"on", "off"}));
    app.add_option("--expression", o.expressions,
                   "VRM expression NAME=WEIGHT (0..1; repeat for several), e.g. --expression happy=1");
    app.add_option("--look-at", o.look_at,
                   "VRM look-at: the eyes (or look expressions) follow a world point x,y,z, the camera, or "
                   "off (default: off in render, bake and suite, the camera in the viewer)");
    app.add_option("--variant", o.variant,
                   "KHR_materials_variants: draw the file's materials for this variant name (default: the "
                   "default materials)");
}

std::set<std::string> given_options(const CLI::App& app) {
    std::set<std::string> given;
    for (const CLI::Option* o : app.get_options())
        if (o->count() > 0) given.insert(o->get_name());
    return given;
}

}  // namespace sv::viewer

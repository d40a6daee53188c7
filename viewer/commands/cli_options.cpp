#include "cli_options.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "anim/skin_frame/skinning_rung.h"
#include "data_dir.h"

namespace sv::viewer {

namespace {

std::string number_text(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", v);
    return b;
}

constexpr double kNoBound = 1e300;

// "a number from 1 to 179", "a whole number of at least 0", "a number greater than 0": the one
// sentence every numeric refusal ends with.
std::string range_words(const NumberRange& r) {
    const std::string kind = r.whole ? "a whole number" : "a number";
    const bool lo = r.min > -kNoBound, hi = r.max < kNoBound;
    if (lo && hi) return kind + " from " + number_text(r.min) + " to " + number_text(r.max);
    if (lo) return kind + (r.min_open ? " greater than " : " of at least ") + number_text(r.min);
    if (hi) return kind + " of at most " + number_text(r.max);
    return "a finite number";
}

// What --help prints after the type ("FLOAT:1..179"): no spaces, so the option column stays one word.
std::string range_label(const NumberRange& r) {
    const bool lo = r.min > -kNoBound, hi = r.max < kNoBound;
    if (lo && hi) return number_text(r.min) + ".." + number_text(r.max);
    if (lo) return (r.min_open ? ">" : ">=") + number_text(r.min);
    if (hi) return "<=" + number_text(r.max);
    return "finite";
}

}  // namespace

NumberRange any_number() { return {}; }
NumberRange at_least(double min) { return {min, kNoBound, false, false}; }
NumberRange greater_than(double min) { return {min, kNoBound, true, false}; }
NumberRange from_to(double min, double max) { return {min, max, false, false}; }
NumberRange whole(NumberRange r) {
    r.whole = true;
    return r;
}

CLI::Validator number_in(const NumberRange& r) {
    return CLI::Validator(
        [r](std::string& text) -> std::string {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            const bool parsed = !text.empty() && end != text.c_str() && *end == '\0';
            const bool inside = parsed && std::isfinite(v) && (!r.whole || v == std::floor(v)) &&
                                (r.min_open ? v > r.min : v >= r.min) && v <= r.max;
            return inside ? std::string() : "'" + text + "': must be " + range_words(r);
        },
        range_label(r), "number_in");
}

CLI::Validator one_of(const std::vector<std::string>& words) {
    std::string label, listed;
    for (const std::string& w : words) {
        label += (label.empty() ? "" : ",") + w;
        listed += (listed.empty() ? "" : ", ") + w;
    }
    return CLI::Validator(
        [words, listed](std::string& text) -> std::string {
            for (const std::string& w : words)
                if (text == w) return "";
            return "'" + text + "': must be one of " + listed;
        },
        "{" + label + "}", "one_of");
}

std::string extension_mismatch(const std::string& path, const std::string& extension,
                               const std::string& what) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& ch : ext) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (ext == extension) return "";
    return "'" + path + "': must end in " + extension + " (" + what + ")";
}

CLI::Validator output_extension(const std::string& extension, const std::string& what) {
    return CLI::Validator(
        [extension, what](std::string& text) -> std::string {
            return extension_mismatch(text, extension, what);
        },
        "", "output_extension");
}

void add_scene_options(CLI::App& app, SceneOptions& o, SceneOptionSet set) {
    if (set.file)
        app.add_option("file", o.file, "glTF file (.gltf or .glb); default: the built-in character");
    app.add_option("--clip", o.clip, "clip name or index (default: the first clip)");
    app.add_option("--time", o.time, "time into the clip, seconds (default 0)")
        ->check(number_in(at_least(0)));
    app.add_flag("--bind", o.bind_pose, "draw the bind pose, no clip");
    app.add_option("--correction", o.correction, "skinning-frame correction: on or off (default on)")
        ->check(one_of({"on", "off"}));
    std::string rungs;
    for (const std::string& id : anim::skinning_rung_choices()) rungs += (rungs.empty() ? "" : ", ") + id;
    app.add_option("--skinning", o.skinning, "skinning rung: " + rungs + " (default auto)")
        ->check(one_of(anim::skinning_rung_choices()));
    app.add_option("--api", o.api, "GL API: gl (3.3 core) or gles (3.0) (default gl)")
        ->check(one_of({"gl", "gles"}));
    app.add_option(
        "--camera", o.camera,
        "auto, front, side, orbit:DEG (framed on what is drawn), file:N (the file's camera N) or "
        "yaw,pitch,distance,tx,ty,tz (pinned: degrees, metres, the target point; +Y up, yaw 0 looks "
        "along -Z; default auto)");
    app.add_option("--fov", o.fov, "vertical field of view in degrees (default 40)")
        ->check(number_in(from_to(1, 179)));
    if (set.lighting) {
        app.add_option("--env", o.env,
                       "equirectangular Radiance .hdr lighting the model (default: the procedural sky; "
                       "`skinview write-sky` writes that sky as an .hdr)");
        app.add_option("--env-background", o.env_background,
                       "draw the environment (the sky or --env) behind the model: on or off (default off)")
            ->check(one_of({"on", "off"}));
        app.add_option("--env-blur", o.env_blur,
                       "the background's blur: the roughness it is drawn at, 0 (sharp, default) to 1")
            ->check(number_in(from_to(0, 1)));
    }
    app.add_flag("--no-vrm-facing", o.no_vrm_facing,
                 "draw a VRM 0.x avatar as stored (facing -Z), not turned to face +Z like VRM 1.0");
    app.add_option("--springs", o.springs, "VRM spring bones (hair, skirts): on or off (default on)")
        ->check(one_of({"on", "off"}));
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

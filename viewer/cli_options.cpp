#include "cli_options.h"

#include <filesystem>

#include "data_dir.h"

namespace sv::viewer {

void add_scene_options(CLI::App& app, SceneOptions& o, bool with_file) {
    if (with_file) app.add_option("file", o.file, "glTF file (.gltf or .glb); default: the built-in character");
    app.add_option("--clip", o.clip, "clip name or index (default: the first clip)");
    app.add_option("--time", o.time, "time into the clip, seconds (default 0)");
    app.add_flag("--bind", o.bind_pose, "draw the bind pose, no clip");
    app.add_option("--correction", o.correction, "skinning-frame correction: on or off (default on)")
        ->check(CLI::IsMember({"on", "off"}));
    app.add_option("--skinning", o.skinning, "skinning rung: auto, dqs, dqs-scale or lbs (default auto)")
        ->check(CLI::IsMember({"auto", "dqs", "dqs-scale", "lbs"}));
    app.add_option("--api", o.api, "GL API: gl (3.3 core) or gles (3.0) (default gl)")->check(CLI::IsMember({"gl", "gles"}));
    app.add_option("--camera", o.camera, "auto, front, side or orbit:DEG (default auto)");
}

std::string default_asset_path() {
    return (std::filesystem::path(data_dir()) / "humanoid_mixamo.glb").string();
}

}  // namespace sv::viewer

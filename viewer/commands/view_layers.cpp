#include "view_layers.h"

#include <cmath>
#include <cstdlib>
#include <utility>

namespace sv::viewer {

namespace {

bool named(const std::set<std::string>& given, const char* flag) { return given.count(flag) > 0; }

// A --view word (or a suite entry's "view") as the two keys that colour the character: all-weights
// is a heat map, base/normals/roughness-metal a material view; both keys are named, so the word
// replaces whatever colouring the file chose (a file's heat map under a --view normals would
// otherwise be refused as two colourings at once).
void set_view(const std::string& word, ui::SettingsLayer& l) {
    const bool heat = word == "all-weights";
    l.values.heatmap = heat ? "all-weights" : "off";
    l.values.view = heat ? "lit" : word;
    l.set("heatmap");
    l.set("view");
}

}  // namespace

Expected<ui::SettingsLayer> render_flags_layer(const RenderArgs& a) {
    auto l = scene_flags_layer(a.scene);
    if (!l) return l;
    ui::ViewerSettings& v = l->values;
    const auto& g = a.scene.given;
    if (named(g, "--exposure")) v.exposure = a.exposure, l->set("exposure");
    if (named(g, "--env-rotation"))
        v.environment_rotation = a.environment_rotation, l->set("environment_rotation");
    // "auto" (on unless the file has lights) is no value a settings file holds: the caller applies it.
    if (named(g, "--key-light") && a.key_light != "auto")
        v.key_light = a.key_light == "on", l->set("key_light");
    if (named(g, "--grid")) v.grid = a.grid != "off", l->set("grid");
    if (named(g, "--background")) v.background = a.background, l->set("background");
    if (named(g, "--armature")) v.show_armature = a.armature, l->set("show_armature");
    if (named(g, "--view")) set_view(a.view, *l);
    return l;
}

ui::SettingsLayer suite_entry_layer(const SuiteEntry& e) {
    ui::SettingsLayer l;
    ui::ViewerSettings& v = l.values;
    const auto& g = e.given;
    if (named(g, "clip")) v.clip = e.clip, l.set("clip");
    if (named(g, "bind") && e.bind) v.clip = "rest", l.set("clip");
    if (named(g, "time")) v.time = e.time, l.set("time");
    if (named(g, "correction")) v.correction = e.correction != "off", l.set("correction");
    if (named(g, "skinning")) v.skinning = e.skinning, l.set("skinning");
    if (named(g, "camera") && !e.camera.empty()) {
        v.camera_orbit = false;
        v.camera_preset = e.camera;
        l.set("camera");
    }
    if (e.grid) v.grid = *e.grid, l.set("grid");
    if (e.key_light) v.key_light = *e.key_light, l.set("key_light");
    if (e.exposure) v.exposure = *e.exposure, l.set("exposure");
    if (e.environment_rotation)
        v.environment_rotation = *e.environment_rotation, l.set("environment_rotation");
    if (named(g, "armature")) v.show_armature = e.armature, l.set("show_armature");
    if (named(g, "view")) set_view(e.view, l);
    return l;
}

Status refuse_conflicting_flags(const std::set<std::string>& given) {
    static const std::pair<const char*, const char*> kPairs[] = {{"--bind", "--clip"},
                                                                 {"--bind", "--time"},
                                                                 {"--weights", "--view"},
                                                                 {"--weights", "--error-heatmap"},
                                                                 {"--view", "--error-heatmap"}};
    for (const auto& [a, b] : kPairs)
        if (named(given, a) && named(given, b))
            return make_error(std::string(a) + " and " + b +
                              " cannot be combined: each chooses the same part of the picture (give one)");
    return ok_status();
}

Status refuse_camera_without_look_at(const SceneOptions& o, bool settings_given, const std::string& why) {
    if (settings_given || o.look_at == "camera") return ok_status();
    for (const char* flag : {"--camera", "--fov"})
        if (named(o.given, flag))
            return make_error(std::string(flag) + ": has no effect here (" + why +
                              "; the camera moves only a VRM's eyes, with --look-at camera)");
    return ok_status();
}

}  // namespace sv::viewer

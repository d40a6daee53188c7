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
    l.values.draw.heatmap = heat ? "all-weights" : "off";
    l.values.draw.view = heat ? "lit" : word;
    l.set("heatmap");
    l.set("view");
}

}  // namespace

Expected<ui::SettingsLayer> render_flags_layer(const RenderArgs& a) {
    auto l = scene_flags_layer(a.scene);
    if (!l) return l;
    ui::View& v = l->values;
    const auto& g = a.scene.given;
    if (named(g, "--exposure")) v.lighting.exposure = a.exposure, l->set("exposure");
    if (named(g, "--env-rotation"))
        v.lighting.environment_rotation = a.environment_rotation, l->set("environment_rotation");
    // "auto" (on unless the file has lights) is no value a settings file holds: the caller applies it.
    if (named(g, "--key-light") && a.key_light != "auto")
        v.lighting.key_light = a.key_light == "on", l->set("key_light");
    if (named(g, "--grid")) v.draw.grid = a.grid != "off", l->set("grid");
    if (named(g, "--background")) v.draw.background = a.background, l->set("background");
    if (named(g, "--armature")) v.draw.show_armature = a.armature, l->set("show_armature");
    if (named(g, "--view")) set_view(a.view, *l);
    return l;
}

ui::SettingsLayer suite_entry_layer(const SuiteEntry& e) {
    ui::SettingsLayer l;
    ui::View& v = l.values;
    const auto& g = e.given;
    if (named(g, "clip")) v.clock.clip = e.clip, l.set("clip");
    if (named(g, "bind") && e.bind) v.clock.clip = "rest", l.set("clip");
    if (named(g, "time")) v.clock.time = e.time, l.set("time");
    if (named(g, "correction")) v.skin.correction = e.correction != "off", l.set("correction");
    if (named(g, "skinning")) v.skin.skinning = e.skinning, l.set("skinning");
    if (named(g, "camera") && !e.camera.empty()) {
        v.camera.orbit = false;
        v.camera.preset = e.camera;
        l.set("camera");
    }
    if (e.grid) v.draw.grid = *e.grid, l.set("grid");
    if (e.key_light) v.lighting.key_light = *e.key_light, l.set("key_light");
    if (e.exposure) v.lighting.exposure = *e.exposure, l.set("exposure");
    if (e.environment_rotation)
        v.lighting.environment_rotation = *e.environment_rotation, l.set("environment_rotation");
    if (named(g, "armature")) v.draw.show_armature = e.armature, l.set("show_armature");
    if (named(g, "view")) set_view(e.view, l);
    if (!e.variant.empty()) v.variant = e.variant, l.set("variant");
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

#include "scene_flags_layer.h"

#include <utility>

#include "expression_flag.h"

namespace sv::viewer {

namespace {

bool named(const std::set<std::string>& given, const char* flag) { return given.count(flag) > 0; }

}  // namespace

Expected<ui::SettingsLayer> scene_flags_layer(const SceneOptions& o, bool with_pose) {
    ui::SettingsLayer l;
    ui::View& v = l.values;
    const auto& g = o.given;
    if (with_pose && named(g, "--clip")) v.clock.clip = o.clip, l.set("clip");
    // The rest pose; the caller also forces it after the file (a file may hold a clip called "rest").
    if (with_pose && named(g, "--bind") && o.bind_pose) v.clock.clip = "rest", l.set("clip");
    if (with_pose && named(g, "--time")) v.clock.time = o.time, l.set("time");
    if (named(g, "--correction")) v.skin.correction = o.correction != "off", l.set("correction");
    if (named(g, "--skinning")) v.skin.skinning = o.skinning, l.set("skinning");
    if (named(g, "--camera")) {
        v.camera.orbit = false;
        v.camera.preset = o.camera;
        l.set("camera");
    }
    if (named(g, "--env")) v.lighting.environment = o.env, l.set("environment");
    if (named(g, "--env-background"))
        v.lighting.environment_background = o.env_background == "on", l.set("environment_background");
    if (named(g, "--env-blur")) v.lighting.environment_blur = o.env_blur, l.set("environment_blur");
    if (named(g, "--look-at")) v.pose.look_at = o.look_at, l.set("look_at");
    if (named(g, "--variant")) v.variant = o.variant, l.set("variant");
    if (named(g, "--expression")) {
        for (const std::string& e : o.expressions) {
            auto parsed = parse_expression_flag(e);
            if (!parsed) return parsed.error();
            v.pose.expressions.push_back(std::move(*parsed));
        }
        l.set("expressions");
    }
    return l;
}

}  // namespace sv::viewer

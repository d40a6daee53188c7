// The settings as text and as a file: writing every key in the documented order, and the file's
// folder as the base of a relative environment (read and written alike). Parsing is
// view.cpp's.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <utility>

#include "ui/view.h"

namespace sv::ui {

std::string settings_to_json(const View& s) {
    // ordered_json keeps the keys in the documented order, so a saved file reads like the README.
    nlohmann::ordered_json j;
    j["correction"] = s.skin.correction;
    j["skinning"] = s.skin.skinning;
    j["show_armature"] = s.draw.show_armature;
    j["heatmap"] = s.draw.heatmap;
    j["weights_joint"] = s.draw.weights_joint;
    j["view"] = s.draw.view;
    j["ik"] = s.pose.ik;
    for (const auto& [key, p] :
         {std::pair{"ik_target", &s.pose.ik_target}, std::pair{"ik_pole", &s.pose.ik_pole}})
        j[key] = p->size() == 3 ? nlohmann::ordered_json::array({(*p)[0], (*p)[1], (*p)[2]})
                                : nlohmann::ordered_json(nullptr);
    j["tab"] = s.panels.tab;
    j["joint"] = s.panels.joint;
    j["clip"] = s.clock.clip;
    j["time"] = s.clock.time;
    j["playing"] = s.clock.playing;
    if (s.camera.orbit) {
        nlohmann::ordered_json c;
        c["yaw"] = s.camera.yaw_degrees;
        c["pitch"] = s.camera.pitch_degrees;
        c["distance"] = s.camera.distance;
        c["target"] = {s.camera.target[0], s.camera.target[1], s.camera.target[2]};
        j["camera"] = c;
    } else {
        j["camera"] = s.camera.preset;
    }
    j["exposure"] = s.lighting.exposure;
    j["environment_rotation"] = s.lighting.environment_rotation;
    j["key_light"] = s.lighting.key_light;
    j["grid"] = s.draw.grid;
    j["background"] = s.draw.background;
    j["environment_intensity"] = s.lighting.environment_intensity;
    j["graph"] = s.clock.graph;
    j["blend"] = s.clock.blend;
    j["machine_state"] = s.clock.machine_state;
    j["retarget_source"] = s.pose.retarget_source;
    j["retarget_clip"] = s.pose.retarget_clip;
    j["retarget_rest"] = s.pose.retarget_rest;
    j["speed"] = s.clock.speed;
    j["root_motion"] = s.pose.root_motion;
    j["springs"] = s.pose.springs;
    j["spring_joint"] = s.pose.spring_joint;
    j["spring_links"] = s.pose.spring_links;
    j["spring_frequency_hz"] = s.pose.spring_frequency_hz;
    j["spring_damping"] = s.pose.spring_damping;
    nlohmann::ordered_json e = nlohmann::ordered_json::object();
    for (const auto& [name, w] : s.pose.expressions) e[name] = w;
    j["expressions"] = e;
    nlohmann::ordered_json edits = nlohmann::ordered_json::object();
    for (const auto& [name, deg] : s.pose.edits) edits[name] = {deg[0], deg[1], deg[2]};
    j["pose_edits"] = edits;
    j["environment"] = s.lighting.environment;
    j["environment_background"] = s.lighting.environment_background;
    j["environment_blur"] = s.lighting.environment_blur;
    j["look_at"] = s.pose.look_at;
    j["variant"] = s.variant;
    return j.dump(2) + "\n";
}

Expected<View> load_settings_file(const std::string& path) {
    // A folder opens as a stream on Linux and then reads nothing (the JSON parser would blame the
    // text); a FIFO would block the window. Both are refused by what they are.
    std::error_code ec;
    const auto type = std::filesystem::status(path, ec).type();
    if (type == std::filesystem::file_type::directory)
        return make_error("settings file " + path + ": cannot be read: it is a folder, not a file");
    if (!ec && type != std::filesystem::file_type::regular && type != std::filesystem::file_type::not_found)
        return make_error("settings file " + path + ": cannot be read: it is not a regular file");
    std::ifstream in(path);
    if (!in) return make_error("settings file " + path + ": cannot be read");
    std::stringstream ss;
    ss << in.rdbuf();
    auto s = settings_from_json(ss.str());
    if (!s) return make_error(path + ": " + s.error().message);
    // A relative environment is the file's neighbour, not the current directory's: a bug report's
    // folder (view.json beside sky.hdr) reproduces from wherever it is run. Only the path is made;
    // whether the image opens is the viewer's to find (and to name the key when it does not).
    const std::filesystem::path env(s->lighting.environment);
    if (!s->lighting.environment.empty() && env.is_relative())
        s->lighting.environment =
            (std::filesystem::path(path).parent_path() / env).lexically_normal().string();
    return s;
}

Status save_settings_file(const std::string& path, const View& s) {
    std::ofstream out(path);
    if (!out) return make_error("settings file " + path + ": cannot be written");
    // The environment relative to the file's folder, as load_settings_file reads it back: the file
    // and its image can move together. An image on another root (no relative path) stays absolute.
    View written = s;
    if (!s.lighting.environment.empty()) {
        std::error_code ec;
        const auto env = std::filesystem::absolute(s.lighting.environment, ec);
        const auto dir = std::filesystem::absolute(path, ec).parent_path();
        const auto rel = env.lexically_normal().lexically_relative(dir.lexically_normal());
        written.lighting.environment = !ec && !rel.empty() ? rel.string() : env.lexically_normal().string();
    }
    out << settings_to_json(written);
    if (!out) return make_error("settings file " + path + ": write failed");
    return ok_status();
}

}  // namespace sv::ui

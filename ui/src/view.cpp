#include "ui/view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "anim/skin_frame/skinning_rung.h"
#include "render/debug_view.h"

namespace sv::ui {

namespace {

using nlohmann::json;

const char* const kKeys[] = {"correction",
                             "skinning",
                             "show_armature",
                             "heatmap",
                             "weights_joint",
                             "view",
                             "ik",
                             "ik_target",
                             "ik_pole",
                             "tab",
                             "joint",
                             "clip",
                             "time",
                             "playing",
                             "camera",
                             "exposure",
                             "environment_rotation",
                             "key_light",
                             "grid",
                             "background",
                             "environment_intensity",
                             "graph",
                             "blend",
                             "machine_state",
                             "retarget_source",
                             "retarget_clip",
                             "retarget_rest",
                             "speed",
                             "root_motion",
                             "springs",
                             "spring_joint",
                             "spring_links",
                             "spring_frequency_hz",
                             "spring_damping",
                             "expressions",
                             "pose_edits",
                             "environment",
                             "environment_background",
                             "environment_blur",
                             "look_at",
                             "variant"};

bool one_of(const std::string& v, const std::vector<std::string>& set) {
    for (const std::string& s : set)
        if (v == s) return true;
    return false;
}

std::string words(const std::vector<std::string>& set) {
    std::string out;
    for (const std::string& s : set) out += (out.empty() ? "" : ", ") + s;
    return out;
}

Status read_bool(const json& j, const char* key, bool& out) {
    if (!j.is_boolean())
        return make_error(std::string("settings: '") + key + "': expected true or false, got " + j.dump());
    out = j.get<bool>();
    return ok_status();
}

Status read_string(const json& j, const char* key, std::string& out) {
    if (!j.is_string())
        return make_error(std::string("settings: '") + key + "': expected a string, got " + j.dump());
    out = j.get<std::string>();
    return ok_status();
}

// A clip named or, as `--clip 0` takes it, numbered: a file written by hand may say either, and an
// unnamed clip is saved by its index as a string. The number is kept as its decimal text, which
// resolve_clip reads as the index; a negative or fractional number names no clip and is refused here.
Status read_clip_ref(const json& j, const char* key, std::string& out) {
    if (j.is_number_unsigned() || (j.is_number_integer() && j.get<long long>() >= 0)) {
        out = std::to_string(j.get<unsigned long long>());
        return ok_status();
    }
    if (!j.is_string())
        return make_error(std::string("settings: '") + key +
                          "': expected a clip name or index (a string or a whole number 0 or more), got " +
                          j.dump());
    out = j.get<std::string>();
    return ok_status();
}

// The settings key `heatmap`'s words: "off", then the heat maps of the renderer's table.
const std::vector<std::string>& heat_map_words() {
    static const std::vector<std::string> words = [] {
        std::vector<std::string> w{render::kNoHeatMapWord};
        for (std::string& v : render::debug_view_words(&render::DebugViewNames::settings_heat_map))
            w.push_back(std::move(v));
        return w;
    }();
    return words;
}

Status read_word(const json& j, const char* key, const std::vector<std::string>& set, std::string& out) {
    std::string v;
    if (auto s = read_string(j, key, v); !s) return s;
    if (!one_of(v, set))
        return make_error(std::string("settings: '") + key + "': '" + v + "' is not one of " + words(set));
    out = v;
    return ok_status();
}

Status read_number(const json& j, const char* key, double& out) {
    if (!j.is_number() || !std::isfinite(j.get<double>()))
        return make_error(std::string("settings: '") + key + "': expected a finite number, got " + j.dump());
    out = j.get<double>();
    return ok_status();
}

// [x, y, z] of finite numbers, or null for "none given" (out left empty).
Status read_point_or_null(const json& j, const char* key, std::vector<double>& out) {
    out.clear();
    if (j.is_null()) return ok_status();
    bool good = j.is_array() && j.size() == 3;
    for (size_t i = 0; good && i < 3; ++i) good = j[i].is_number() && std::isfinite(j[i].get<double>());
    if (!good)
        return make_error(std::string("settings: '") + key +
                          "': expected [x, y, z] (three finite numbers, metres) or null, got " + j.dump());
    for (size_t i = 0; i < 3; ++i) out.push_back(j[i].get<double>());
    return ok_status();
}

Status read_camera(const json& j, View& s) {
    if (j.is_string()) {
        const std::string v = j.get<std::string>();
        if (std::count(v.begin(), v.end(), ',') == 5) {
            // The pinned form (render/camera.h), kept as the string: checked here for shape so a
            // bad one is refused when the file is read, applied exactly (never re-framed).
            std::array<double, 6> f{};
            const char* at = v.c_str();
            for (int i = 0; i < 6; ++i) {
                char* end = nullptr;
                f[i] = std::strtod(at, &end);
                if (end == at || !std::isfinite(f[i]) || (*end != (i < 5 ? ',' : '\0')))
                    return make_error("settings: 'camera': '" + v +
                                      "': expected yaw,pitch,distance,tx,ty,tz, six finite numbers");
                at = end + 1;
            }
            if (!(f[2] > 0.0) || !(std::abs(f[1]) < 90.0))
                return make_error("settings: 'camera': '" + v +
                                  "': distance must be > 0 and pitch strictly between -90 and 90");
        } else if (!one_of(v, {"auto", "front", "side"}) && v.rfind("orbit:", 0) != 0 &&
                   v.rfind("file:", 0) != 0) {
            return make_error(
                "settings: 'camera': '" + v +
                "' is not one of auto, front, side, orbit:DEG, file:N or yaw,pitch,distance,tx,ty,tz");
        }
        s.camera.preset = v;
        s.camera.orbit = false;
        return ok_status();
    }
    if (!j.is_object())
        return make_error(
            "settings: 'camera': expected a preset string or {yaw, pitch, distance, target}, got " +
            j.dump());
    for (const auto& [k, v] : j.items()) {
        if (k == "yaw") {
            if (auto st = read_number(v, "camera.yaw", s.camera.yaw_degrees); !st) return st;
        } else if (k == "pitch") {
            if (auto st = read_number(v, "camera.pitch", s.camera.pitch_degrees); !st) return st;
        } else if (k == "distance") {
            if (auto st = read_number(v, "camera.distance", s.camera.distance); !st) return st;
            if (s.camera.distance <= 0.0)
                return make_error("settings: 'camera.distance': must be above 0, got " + v.dump());
        } else if (k == "target") {
            if (!v.is_array() || v.size() != 3)
                return make_error("settings: 'camera.target': expected [x, y, z], got " + v.dump());
            for (size_t i = 0; i < 3; ++i)
                if (auto st = read_number(v[i], "camera.target", s.camera.target[i]); !st) return st;
        } else {
            return make_error("settings: 'camera': unknown key '" + k +
                              "' (keys: yaw, pitch, distance, target)");
        }
    }
    s.camera.orbit = true;
    return ok_status();
}

}  // namespace

const char* const* settings_keys(int& count) {
    count = static_cast<int>(sizeof kKeys / sizeof kKeys[0]);
    return kKeys;
}

Expected<View> settings_from_json(const std::string& text) {
    // The non-throwing parse: a broken file is an error value, never an exception.
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) return make_error("settings: not valid JSON");
    if (!j.is_object())
        return make_error("settings: expected a JSON object of keys, got " + std::string(j.type_name()));
    View s;
    for (const auto& [k, v] : j.items()) {
        Status st = ok_status();
        if (k == "correction")
            st = read_bool(v, "correction", s.skin.correction);
        else if (k == "skinning")
            st = read_word(v, "skinning", anim::skinning_rung_choices(), s.skin.skinning);
        else if (k == "show_armature")
            st = read_bool(v, "show_armature", s.draw.show_armature);
        else if (k == "heatmap")
            st = read_word(v, "heatmap", heat_map_words(), s.draw.heatmap);
        else if (k == "weights_joint")
            st = read_string(v, "weights_joint", s.draw.weights_joint);
        else if (k == "view")
            st = read_word(v, "view", render::debug_view_words(&render::DebugViewNames::settings_view),
                           s.draw.view);
        else if (k == "ik")
            st = read_bool(v, "ik", s.pose.ik);
        else if (k == "ik_target")
            st = read_point_or_null(v, "ik_target", s.pose.ik_target);
        else if (k == "ik_pole")
            st = read_point_or_null(v, "ik_pole", s.pose.ik_pole);
        else if (k == "tab")
            st = read_word(v, "tab",
                           {"frame", "joints", "scale", "ik", "palette", "diagnose", "graph", "notes",
                            "humanoid", "expressions"},
                           s.panels.tab);
        else if (k == "joint")
            st = read_string(v, "joint", s.panels.joint);
        else if (k == "clip")
            st = read_clip_ref(v, "clip", s.clock.clip);
        else if (k == "time") {
            // A clip's keys start at 0 or later (glTF times are never negative): a negative time
            // would be drawn at 0 while the file said otherwise.
            st = read_number(v, "time", s.clock.time);
            if (st && !(s.clock.time >= 0.0))
                st = make_error("settings: 'time': must be 0 or more, got " + v.dump());
        } else if (k == "playing")
            st = read_bool(v, "playing", s.clock.playing);
        else if (k == "camera")
            st = read_camera(v, s);
        else if (k == "exposure") {
            st = read_number(v, "exposure", s.lighting.exposure);
            if (st && !(s.lighting.exposure > 0.0))
                st = make_error("settings: exposure must be a positive number");
        } else if (k == "environment_rotation")
            st = read_number(v, "environment_rotation", s.lighting.environment_rotation);
        else if (k == "key_light")
            st = read_bool(v, "key_light", s.lighting.key_light);
        else if (k == "grid")
            st = read_bool(v, "grid", s.draw.grid);
        else if (k == "background") {
            st = read_string(v, "background", s.draw.background);
            if (st)
                if (auto c = parse_background(s.draw.background); !c)
                    st = make_error("settings: " + c.error().message);
        } else if (k == "environment_intensity") {
            st = read_number(v, "environment_intensity", s.lighting.environment_intensity);
            if (st && !(s.lighting.environment_intensity >= 0.0))
                st = make_error("settings: environment_intensity must be a non-negative number");
        } else if (k == "graph")
            st = read_word(v, "graph", {"clip", "blend", "state_machine", "retarget"}, s.clock.graph);
        else if (k == "blend") {
            st = read_number(v, "blend", s.clock.blend);
            if (st && !(s.clock.blend >= 0.0 && s.clock.blend <= 1.0))
                st = make_error("settings: 'blend': expected a number from 0 to 1, got " + v.dump());
        } else if (k == "retarget_source")
            st = read_string(v, "retarget_source", s.pose.retarget_source);
        else if (k == "retarget_clip")
            st = read_clip_ref(v, "retarget_clip", s.pose.retarget_clip);
        else if (k == "machine_state")
            st = read_clip_ref(v, "machine_state", s.clock.machine_state);
        else if (k == "look_at")
            st = read_string(v, "look_at", s.pose.look_at);
        else if (k == "variant")
            st = read_string(v, "variant", s.variant);
        else if (k == "retarget_rest")
            st = read_word(v, "retarget_rest", {"aligned", "rest-relative"}, s.pose.retarget_rest);
        else if (k == "speed") {
            st = read_number(v, "speed", s.clock.speed);
            // The Animation panel's slider spans -2..3; a file may ask more, not absurdly more.
            if (st && !(std::abs(s.clock.speed) <= 100.0))
                st = make_error("settings: 'speed': expected a rate from -100 to 100, got " + v.dump());
        } else if (k == "root_motion")
            st = read_bool(v, "root_motion", s.pose.root_motion);
        else if (k == "springs")
            st = read_bool(v, "springs", s.pose.springs);
        else if (k == "spring_joint")
            st = read_string(v, "spring_joint", s.pose.spring_joint);
        else if (k == "spring_links") {
            if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > 8)
                st = make_error("settings: 'spring_links': expected a whole number from 1 to 8, got " +
                                v.dump());
            else
                s.pose.spring_links = v.get<int>();
        } else if (k == "spring_frequency_hz") {
            st = read_number(v, "spring_frequency_hz", s.pose.spring_frequency_hz);
            if (st && !(s.pose.spring_frequency_hz > 0.0))
                st = make_error("settings: 'spring_frequency_hz': must be above 0, got " + v.dump());
        } else if (k == "spring_damping") {
            st = read_number(v, "spring_damping", s.pose.spring_damping);
            if (st && !(s.pose.spring_damping >= 0.0))
                st = make_error("settings: 'spring_damping': must be 0 or more, got " + v.dump());
        } else if (k == "expressions") {
            if (!v.is_object())
                st = make_error("settings: 'expressions': expected an object of NAME: WEIGHT (0..1), got " +
                                v.dump());
            for (auto it = v.begin(); st && it != v.end(); ++it) {
                const json& w = it.value();
                if (!w.is_number() || !(w.get<double>() >= 0.0 && w.get<double>() <= 1.0))
                    st = make_error("settings: 'expressions': '" + it.key() +
                                    "': expected a weight from 0 to 1, got " + w.dump());
                else
                    s.pose.expressions.emplace_back(it.key(), w.get<double>());
            }
        } else if (k == "pose_edits") {
            if (!v.is_object())
                st = make_error(
                    "settings: 'pose_edits': expected an object of JOINT: [x, y, z] (Euler XYZ "
                    "degrees), got " +
                    v.dump());
            for (auto it = v.begin(); st && it != v.end(); ++it) {
                const json& r = it.value();
                bool good = r.is_array() && r.size() == 3;
                std::array<double, 3> deg{};
                for (size_t i = 0; good && i < 3; ++i) {
                    good = r[i].is_number() && std::isfinite(r[i].get<double>());
                    if (good) deg[i] = r[i].get<double>();
                }
                if (!good)
                    st =
                        make_error("settings: 'pose_edits': '" + it.key() +
                                   "': expected [x, y, z], three finite numbers of degrees, got " + r.dump());
                else
                    s.pose.edits.emplace_back(it.key(), deg);
            }
        } else if (k == "environment")
            st = read_string(v, "environment", s.lighting.environment);
        else if (k == "environment_background")
            st = read_bool(v, "environment_background", s.lighting.environment_background);
        else if (k == "environment_blur") {
            st = read_number(v, "environment_blur", s.lighting.environment_blur);
            if (st && !(s.lighting.environment_blur >= 0.0 && s.lighting.environment_blur <= 1.0))
                st = make_error("settings: 'environment_blur': expected a roughness from 0 to 1, got " +
                                v.dump());
        } else {
            int n = 0;
            const char* const* keys = settings_keys(n);
            std::string all;
            for (int i = 0; i < n; ++i) all += (i ? ", " : "") + std::string(keys[i]);
            st = make_error("settings: unknown key '" + k + "' (keys: " + all + ")");
        }
        if (!st) return st.error();
    }
    // Both colour the same pixels; keeping one would drop the other without a word.
    if (s.draw.heatmap != "off" && s.draw.view != "lit")
        return make_error("settings: 'heatmap' \"" + s.draw.heatmap + "\" and 'view' \"" + s.draw.view +
                          "\" both choose how the character is coloured: give one (heatmap \"off\" or "
                          "view \"lit\")");
    return s;
}

}  // namespace sv::ui

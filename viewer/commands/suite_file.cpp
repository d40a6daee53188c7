#include "suite_file.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "anim/skin_frame/skinning_rung.h"
#include "render/debug_view.h"

namespace sv::viewer {

namespace {

using nlohmann::json;

struct Reader {
    std::string where;  // "entries[3] ('xbot_bind')" or "defaults"
    std::string folder;
    const std::map<std::string, std::string>* paths;

    Status bad(const std::string& key, const std::string& why) const {
        return make_error(where + ": '" + key + "' " + why);
    }
    Status string(const json& v, const std::string& key, std::string& out) const {
        if (!v.is_string()) return bad(key, "must be a string, got " + v.dump());
        out = v.get<std::string>();
        return ok_status();
    }
    Status one_of(const json& v, const std::string& key, const std::vector<std::string>& words,
                  std::string& out) const {
        if (auto s = string(v, key, out); !s) return s;
        std::string list;
        for (const std::string& w : words) {
            if (out == w) return ok_status();
            list += (list.empty() ? "" : ", ") + w;
        }
        return bad(key, "must be one of " + list + ", got '" + out + "'");
    }
    Status number(const json& v, const std::string& key, double& out, double min, bool strict) const {
        if (!v.is_number() || !std::isfinite(v.get<double>()))
            return bad(key, "must be a finite number, got " + v.dump());
        out = v.get<double>();
        if (strict ? !(out > min) : !(out >= min))
            return bad(key, std::string("must be ") + (strict ? "above " : "at least ") + json(min).dump());
        return ok_status();
    }
    Status boolean(const json& v, const std::string& key, bool& out) const {
        if (!v.is_boolean()) return bad(key, "must be true or false, got " + v.dump());
        out = v.get<bool>();
        return ok_status();
    }
    // "$NAME/rest" through --path, else relative to the suite's folder.
    Status path(const json& v, const std::string& key, std::string& out) const {
        std::string p;
        if (auto s = string(v, key, p); !s) return s;
        if (p.empty()) return bad(key, "is empty");
        if (p[0] == '$') {
            const size_t slash = p.find('/');
            const std::string name = p.substr(1, slash == std::string::npos ? std::string::npos : slash - 1);
            auto it = paths->find(name);
            if (it == paths->end())
                return bad(key, "names $" + name + ", which no --path " + name + "=DIR defines");
            out = it->second + (slash == std::string::npos ? "" : p.substr(slash));
            return ok_status();
        }
        out = std::filesystem::path(p).is_absolute()
                  ? p
                  : (std::filesystem::path(folder) / p).lexically_normal().string();
        return ok_status();
    }

    // {"yaw": DEG, "pitch": DEG, "zoom": F}, each optional (0, 0, 1).
    Status sphere(const json& v, const std::string& key, SphereCamera& out) const {
        if (!v.is_object())
            return bad(key, "must be an object {\"yaw\": DEG, \"pitch\": DEG, \"zoom\": F}, got " + v.dump());
        out = SphereCamera{};
        for (const auto& [k, x] : v.items()) {
            const std::string sub = key + "." + k;
            if (k != "yaw" && k != "pitch" && k != "zoom")
                return bad(sub, "is not a sphere_camera key (yaw, pitch, zoom)");
            if (!x.is_number() || !std::isfinite(x.get<double>()))
                return bad(sub, "must be a finite number, got " + x.dump());
            const double d = x.get<double>();
            if (k == "yaw") {
                out.yaw_degrees = static_cast<float>(d);
            } else if (k == "pitch") {
                // At the pole the view's up vector is undefined (as the pinned camera's pitch).
                if (!(std::abs(d) < 90.0)) return bad(sub, "must be between -90 and 90 degrees, exclusive");
                out.pitch_degrees = static_cast<float>(d);
            } else {
                if (!(d > 0.0)) return bad(sub, "must be above 0");
                out.zoom = static_cast<float>(d);
            }
        }
        return ok_status();
    }

    Status entry(const json& j, SuiteEntry& e, bool& name_given) const {
        if (!j.is_object()) return make_error(where + ": must be an object, got " + j.dump());
        for (const auto& [k, v] : j.items()) {
            Status s = ok_status();
            double d = 0.0;
            e.given.insert(k);
            if (k == "name") {
                s = string(v, k, e.name);
                name_given = true;
            } else if (k == "file") {
                s = path(v, k, e.file);
            } else if (k == "clip") {
                if (v.is_number_integer())
                    e.clip = std::to_string(v.get<long>());
                else
                    s = string(v, k, e.clip);
            } else if (k == "time") {
                if (!v.is_number() || !std::isfinite(v.get<double>()))
                    s = bad(k, "must be a finite number, got " + v.dump());
                else
                    e.time = v.get<double>();
            } else if (k == "bind") {
                s = boolean(v, k, e.bind);
            } else if (k == "correction") {
                s = one_of(v, k, {"on", "off"}, e.correction);
            } else if (k == "skinning") {
                s = string(v, k, e.skinning);
                if (s && e.skinning != "auto" && !anim::parse_skinning_rung(e.skinning))
                    s = bad(k, "is not a skinning rung: '" + e.skinning + "'");
            } else if (k == "api") {
                s = one_of(v, k, {"gl", "gles"}, e.api);
            } else if (k == "camera") {
                s = string(v, k, e.camera);
            } else if (k == "sphere_camera") {
                SphereCamera c;
                s = sphere(v, k, c);
                e.sphere_camera = c;
            } else if (k == "fov") {
                s = number(v, k, e.fov, 1.0, false);
                if (s && e.fov >= 179.0) s = bad(k, "must be below 179 degrees");
                e.fov_given = true;
            } else if (k == "settings") {
                s = path(v, k, e.settings);
            } else if (k == "size") {
                std::string t;
                s = string(v, k, t);
                if (s && (std::sscanf(t.c_str(), "%dx%d", &e.width, &e.height) != 2 || e.width <= 0 ||
                          e.height <= 0 || e.width > 8192 || e.height > 8192))
                    s = bad(k, "must be WIDTHxHEIGHT, each 1..8192, got '" + t + "'");
            } else if (k == "view") {
                s = one_of(v, k, render::debug_view_words(&render::DebugViewNames::command_line), e.view);
            } else if (k == "armature") {
                s = boolean(v, k, e.armature);
            } else if (k == "grid" || k == "key_light") {
                bool b = false;
                s = boolean(v, k, b);
                (k == "grid" ? e.grid : e.key_light) = b;
            } else if (k == "exposure") {
                s = number(v, k, d, 0.0, true);
                e.exposure = d;
            } else if (k == "environment_rotation") {
                if (!v.is_number() || !std::isfinite(v.get<double>()))
                    s = bad(k, "must be a finite number of degrees, got " + v.dump());
                else
                    e.environment_rotation = v.get<double>();
            } else if (k == "variant") {
                s = string(v, k, e.variant);
                if (s && e.variant.empty())
                    s = bad(k, "is empty (leave it out for the file's default materials)");
            } else if (k == "springs") {
                s = one_of(v, k, {"on", "off"}, e.springs);
            } else if (k == "golden") {
                s = path(v, k, e.golden);
            } else if (k == "expect") {
                std::string t;
                s = one_of(v, k, {"match", "mismatch"}, t);
                e.expect_match = t == "match";
            } else if (k == "threshold") {
                s = number(v, k, e.options.image.max_footprint_fraction, 0.0, false);
            } else if (k == "channel_tolerance") {
                s = number(v, k, d, 0.0, false);
                e.options.image.channel_tolerance = static_cast<int>(d);
            } else if (k == "joint_tolerance") {
                s = number(v, k, e.options.joint_tolerance_px, 0.0, false);
            } else if (k == "shift_tolerance") {
                s = number(v, k, d, 0.0, false);
                if (s && d > 4.0) s = bad(k, "must be 0 to 4 pixels");
                e.options.image.shift_tolerance_px = static_cast<int>(d);
            } else {
                s = bad(
                    k,
                    "is not a suite key (name, file, clip, time, bind, correction, skinning, api, camera, "
                    "sphere_camera, fov, settings, size, view, armature, grid, key_light, exposure, "
                    "environment_rotation, variant, springs, golden, expect, threshold, channel_tolerance, "
                    "joint_tolerance, shift_tolerance)");
            }
            if (!s) return s;
        }
        return ok_status();
    }
};

Expected<Suite> parse_suite_text(const std::string& text, const std::string& suite_path,
                                 const std::map<std::string, std::string>& paths) {
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) return make_error(suite_path + ": not JSON");
    if (!j.is_object() || !j.contains("entries") || !j["entries"].is_array())
        return make_error(suite_path + ": expected an object with an 'entries' array");
    for (const auto& [k, v] : j.items())
        if (k != "entries" && k != "defaults")
            return make_error(suite_path + ": '" + k + "' is not a suite key (defaults, entries)");
    Reader r;
    r.folder = std::filesystem::path(suite_path).parent_path().string();
    if (r.folder.empty()) r.folder = ".";
    r.paths = &paths;
    SuiteEntry base;
    if (j.contains("defaults")) {
        r.where = "defaults";
        bool named = false;
        if (auto s = r.entry(j["defaults"], base, named); !s) return s.error();
        if (named) return make_error(suite_path + ": defaults: 'name' names one entry, not all");
        if (!base.golden.empty())
            return make_error(suite_path + ": defaults: 'golden' names one entry, not all");
    }
    Suite suite;
    suite.path = suite_path;
    std::set<std::string> names;
    const json& list = j["entries"];
    for (size_t i = 0; i < list.size(); ++i) {
        SuiteEntry e = base;
        bool named = false;
        r.where = "entries[" + std::to_string(i) + "]";
        if (list[i].is_object() && list[i].contains("name") && list[i]["name"].is_string())
            r.where += " ('" + list[i]["name"].get<std::string>() + "')";
        if (auto s = r.entry(list[i], e, named); !s) return s.error();
        if (e.golden.empty())
            return make_error(suite_path + ": " + r.where + ": needs 'golden' (the reference PNG)");
        // Checked on the merged entry: either may come from the defaults.
        if (e.sphere_camera && !e.camera.empty())
            return make_error(suite_path + ": " + r.where +
                              ": 'camera' and 'sphere_camera' are two cameras (one may come from the "
                              "defaults): give one");
        if (!named) e.name = std::filesystem::path(e.golden).stem().string();
        if (e.name.empty() || e.name.find_first_of("/\\<>\"'&") != std::string::npos)
            return make_error(suite_path + ": " + r.where + ": 'name' '" + e.name +
                              "' must be non-empty, without / \\ < > \" ' &");
        if (!names.insert(e.name).second)
            return make_error(suite_path + ": " + r.where + ": the name '" + e.name +
                              "' is taken by an earlier entry (names name the entry's images)");
        suite.entries.push_back(std::move(e));
    }
    if (suite.entries.empty()) return make_error(suite_path + ": 'entries' is empty");
    return suite;
}

}  // namespace

// Every refusal names the suite file first ("x.suite.json: entries[2] ('walk'): ..."), whichever
// part of the parse found it.
Expected<Suite> parse_suite(const std::string& text, const std::string& suite_path,
                            const std::map<std::string, std::string>& paths) {
    auto suite = parse_suite_text(text, suite_path, paths);
    if (!suite && suite.error().message.rfind(suite_path + ": ", 0) != 0)
        return make_error(suite_path + ": " + suite.error().message);
    return suite;
}

Expected<Suite> load_suite(const std::string& path, const std::map<std::string, std::string>& paths) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return make_error(path + ": no such file");
    if (std::filesystem::is_directory(path, ec)) return make_error(path + ": a folder, not a suite file");
    std::ifstream f(path);
    if (!f) return make_error(path + ": cannot be read");
    std::stringstream s;
    s << f.rdbuf();
    return parse_suite(s.str(), path, paths);
}

}  // namespace sv::viewer

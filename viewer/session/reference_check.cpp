#include "reference_check.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <glm/gtc/type_ptr.hpp>
#include <limits>
#include <nlohmann/json.hpp>

#include "anim/skin_frame/reference_skinner.h"
#include "headless_settings.h"
#include "scene_session.h"
#include "ui/view.h"

namespace sv::viewer {

namespace {

// Pixels, x right and y down from the top-left corner; false behind the camera.
bool project(const glm::mat4& view_proj, const glm::vec3& p, int width, int height, double& x, double& y) {
    const glm::vec4 c = view_proj * glm::vec4(p, 1.0f);
    if (!(c.w > 0.0f)) return false;
    x = (double(c.x) / c.w * 0.5 + 0.5) * width;
    y = (0.5 - double(c.y) / c.w * 0.5) * height;
    return true;
}

std::string fmt(const char* f, double a) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, a);
    return buf;
}

}  // namespace

std::string file_content_hash(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return {};
    std::uint64_t h = 0xcbf29ce484222325ull;
    char buf[1 << 16];
    while (f.read(buf, sizeof buf) || f.gcount() > 0) {
        const std::streamsize n = f.gcount();
        for (std::streamsize i = 0; i < n; ++i) {
            h ^= static_cast<unsigned char>(buf[i]);
            h *= 0x100000001b3ull;
        }
        if (!f) break;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}

std::string sidecar_path(const std::string& image_path) {
    return std::filesystem::path(image_path).replace_extension("").string() + ".joints.json";
}

Expected<JointSidecar> measure_sidecar(SceneSession& session, int width, int height) {
    JointSidecar sc;
    sc.width = width;
    sc.height = height;
    const glm::mat4 vp = session.view_proj(width, height);
    const anim::Character& character = session.character();
    for (size_t k = 0; k < character.skins().size(); ++k) {
        const anim::Skeleton& sk = character.skins()[k].skeleton;
        const float* world = sk.world().data();
        for (int j = 0; j < sk.joint_count(); ++j) {
            const float* m = world + static_cast<size_t>(j) * 16;
            // Unnamed joints (glTF names are optional) are named by index, so a failure still says
            // which joint moved and two unnamed joints never pair with each other.
            const std::string& name = sk.names()[static_cast<size_t>(j)];
            JointOnScreen js{static_cast<int>(k), name.empty() ? "joint " + std::to_string(j) : name};
            // Column-major: the translation is the fourth column.
            if (!project(vp, glm::vec3(m[12], m[13], m[14]), width, height, js.x, js.y)) js.x = js.y = NAN;
            sc.joints.push_back(std::move(js));
        }
    }
    sc.view.has_view = true;
    sc.view.camera = render::format_pinned_camera(session.state().camera);
    sc.view.fov_degrees = session.state().camera.fov_y_degrees;
    const render::LightingSettings& light = session.state().draw.lighting;
    sc.view.exposure = light.exposure;
    sc.view.environment_rotation_degrees = light.environment_rotation_deg;
    sc.view.key_light = light.key_light;
    if (!session.environment_path().empty()) sc.view.environment = session.environment_path();
    double lo_x = std::numeric_limits<double>::infinity(), lo_y = lo_x, hi_x = -lo_x, hi_y = -lo_x;
    const auto& meshes = character.skinned_meshes();
    for (size_t i = 0; i < meshes.size(); ++i) {
        const auto& mesh = character.asset().meshes[static_cast<size_t>(meshes[i].mesh)];
        const render::SkinMode mode =
            session.renderer().rung_for(character, meshes[i].skin, session.state().draw);
        const std::vector<glm::dmat4> joints = character.joint_matrices(meshes[i].skin);
        const glm::dmat4& bind = character.skins()[static_cast<size_t>(meshes[i].skin)].bind_transform;
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            auto cpu = anim::reference_skin_positions(mesh.primitives[p], joints, bind, mode);
            if (!cpu) return make_error("skinned bounds of mesh '" + mesh.name + "': " + cpu.error().message);
            for (const glm::dvec3& v : *cpu) {
                double x, y;
                if (!project(vp, glm::vec3(v), width, height, x, y)) continue;
                lo_x = std::min(lo_x, x), lo_y = std::min(lo_y, y), hi_x = std::max(hi_x, x),
                hi_y = std::max(hi_y, y);
            }
        }
    }
    if (lo_x <= hi_x) {
        sc.has_bounds = true;
        sc.min_x = lo_x, sc.min_y = lo_y, sc.max_x = hi_x, sc.max_y = hi_y;
    }
    // Last: the view is read off the session after everything above was measured from its pose.
    sc.view.settings_json = ui::settings_to_json(capture_view(session));
    // By name: a golden is committed and moved between machines, and the hash is what is checked.
    sc.view.file = std::filesystem::path(session.path()).filename().string();
    sc.view.file_hash = file_content_hash(session.path());
    return sc;
}

Status write_sidecar(const std::string& path, const JointSidecar& sc) {
    // Two decimals: a hundredth of a pixel is far below any tolerance. One joint a line, so a
    // re-blessed golden's sidecar diffs joint by joint.
    const auto r2 = [](double v) {
        return std::isfinite(v) ? nlohmann::json(std::round(v * 100.0) / 100.0) : nlohmann::json();
    };
    std::string text =
        "{\"width\": " + std::to_string(sc.width) + ", \"height\": " + std::to_string(sc.height);
    if (sc.view.has_view) {
        nlohmann::json v{
            {"camera", sc.view.camera},       {"fov", sc.view.fov_degrees},
            {"exposure", sc.view.exposure},   {"environment_rotation", sc.view.environment_rotation_degrees},
            {"key_light", sc.view.key_light}, {"environment", sc.view.environment}};
        if (!sc.view.api.empty()) v["api"] = sc.view.api;
        if (!sc.view.file.empty()) v["file"] = sc.view.file;
        if (!sc.view.file_hash.empty()) v["file_fnv1a64"] = sc.view.file_hash;
        if (!sc.view.settings_json.empty())
            v["settings"] = nlohmann::json::parse(sc.view.settings_json, nullptr, false);
        text += ",\n \"view\": " + v.dump();
    }
    if (sc.has_bounds)
        text += ",\n \"skinned_bounds\": " +
                nlohmann::json{{"min", {r2(sc.min_x), r2(sc.min_y)}}, {"max", {r2(sc.max_x), r2(sc.max_y)}}}
                    .dump();
    text += ",\n \"joints\": [";
    for (size_t i = 0; i < sc.joints.size(); ++i) {
        const auto& js = sc.joints[i];
        text += (i ? ",\n  " : "\n  ") +
                nlohmann::json{{"skin", js.skin}, {"name", js.name}, {"x", r2(js.x)}, {"y", r2(js.y)}}.dump();
    }
    text += "\n ]}\n";
    std::ofstream f(path);
    if (!f) return make_error(path + ": cannot write the sidecar");
    f << text;
    return f ? ok_status() : make_error(path + ": write failed");
}

Expected<JointSidecar> read_sidecar(const std::string& path) {
    std::ifstream f(path);
    if (!f) return make_error(path + ": cannot open the sidecar");
    const auto j = nlohmann::json::parse(f, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return make_error(path + ": not a JSON object");
    const auto num = [](const nlohmann::json& v) { return v.is_number() ? v.get<double>() : NAN; };
    JointSidecar sc;
    if (!j.contains("width") || !j["width"].is_number_integer() || !j.contains("height") ||
        !j["height"].is_number_integer() || !j.contains("joints") || !j["joints"].is_array())
        return make_error(path + ": needs integer 'width', 'height' and a 'joints' array");
    sc.width = j["width"].get<int>();
    sc.height = j["height"].get<int>();
    for (size_t i = 0; i < j["joints"].size(); ++i) {
        const auto& e = j["joints"][i];
        if (!e.is_object() || !e.contains("name") || !e["name"].is_string() || !e.contains("skin") ||
            !e["skin"].is_number_integer() || !e.contains("x") || !e.contains("y"))
            return make_error(path + ": joints[" + std::to_string(i) + "] needs 'skin', 'name', 'x', 'y'");
        sc.joints.push_back({e["skin"].get<int>(), e["name"].get<std::string>(), num(e["x"]), num(e["y"])});
    }
    if (j.contains("view")) {
        const auto& v = j["view"];
        if (!v.is_object() || !v.contains("camera") || !v["camera"].is_string())
            return make_error(path + ": 'view' needs a 'camera' string (yaw,pitch,distance,tx,ty,tz)");
        sc.view.has_view = true;
        sc.view.camera = v["camera"].get<std::string>();
        if (auto c = render::parse_pinned_camera(sc.view.camera); !c)
            return make_error(path + ": view." + c.error().message);
        const auto number = [&](const char* key, double& out) -> Status {
            if (!v.contains(key)) return ok_status();
            if (!v[key].is_number()) return make_error(path + ": view." + key + " must be a number");
            out = v[key].get<double>();
            return ok_status();
        };
        if (auto st = number("fov", sc.view.fov_degrees); !st) return st.error();
        if (!(sc.view.fov_degrees > 0.0 && sc.view.fov_degrees < 180.0))
            return make_error(path + ": view.fov must lie between 0 and 180 degrees");
        if (auto st = number("exposure", sc.view.exposure); !st) return st.error();
        if (auto st = number("environment_rotation", sc.view.environment_rotation_degrees); !st)
            return st.error();
        if (v.contains("key_light")) {
            if (!v["key_light"].is_boolean())
                return make_error(path + ": view.key_light must be true or false");
            sc.view.key_light = v["key_light"].get<bool>();
        }
        for (auto [key, out] : {std::pair<const char*, std::string*>{"api", &sc.view.api},
                                {"environment", &sc.view.environment},
                                {"file", &sc.view.file},
                                {"file_fnv1a64", &sc.view.file_hash}}) {
            if (!v.contains(key)) continue;
            if (!v[key].is_string()) return make_error(path + ": view." + key + " must be a string");
            *out = v[key].get<std::string>();
        }
        if (v.contains("settings")) {
            if (!v["settings"].is_object()) return make_error(path + ": view.settings must be an object");
            sc.view.settings_json = v["settings"].dump();
            // Read here, so a sidecar whose view no longer parses is refused naming the sidecar.
            if (auto parsed = ui::settings_from_json(sc.view.settings_json); !parsed)
                return make_error(path + ": view." + parsed.error().message);
        }
    }
    if (j.contains("skinned_bounds")) {
        const auto& b = j["skinned_bounds"];
        if (!b.is_object() || !b.contains("min") || !b.contains("max") || b["min"].size() != 2 ||
            b["max"].size() != 2)
            return make_error(path + ": 'skinned_bounds' needs 'min' and 'max', two numbers each");
        sc.has_bounds = true;
        sc.min_x = num(b["min"][0]), sc.min_y = num(b["min"][1]), sc.max_x = num(b["max"][0]),
        sc.max_y = num(b["max"][1]);
    }
    return sc;
}

Expected<bool> adopt_sidecar_camera(const JointSidecar& sc, SceneSession& session) {
    if (!sc.view.has_view) return false;
    render::OrbitCamera base = session.state().camera;
    base.fov_y_degrees = static_cast<float>(sc.view.fov_degrees);
    auto c = render::parse_pinned_camera(sc.view.camera, base);
    if (!c) return c.error();
    session.state().camera = *c;
    return true;
}

std::vector<std::string> compare_sidecars(const JointSidecar& e, const JointSidecar& a,
                                          const ReferenceOptions& o) {
    std::vector<std::string> out;
    if (e.width != a.width || e.height != a.height) {
        out.push_back("sidecar frame " + std::to_string(e.width) + "x" + std::to_string(e.height) +
                      " differs from " + std::to_string(a.width) + "x" + std::to_string(a.height));
        return out;
    }
    std::vector<bool> seen(a.joints.size(), false);
    for (const auto& je : e.joints) {
        size_t i = 0;
        // Duplicate names pair in order: the first unpaired one of that name.
        while (i < a.joints.size() && (seen[i] || a.joints[i].skin != je.skin || a.joints[i].name != je.name))
            ++i;
        if (i == a.joints.size()) {
            out.push_back(je.name + " (skin " + std::to_string(je.skin) + ") is missing");
            continue;
        }
        seen[i] = true;
        const auto& ja = a.joints[i];
        const bool e_on = std::isfinite(je.x) && std::isfinite(je.y),
                   a_on = std::isfinite(ja.x) && std::isfinite(ja.y);
        if (e_on != a_on) {
            out.push_back(je.name + (a_on ? " came in front of the camera" : " went behind the camera"));
        } else if (e_on) {
            const double d = std::hypot(ja.x - je.x, ja.y - je.y);
            if (d > o.joint_tolerance_px) out.push_back(je.name + fmt(" moved %.1f px", d));
        }
    }
    for (size_t i = 0; i < a.joints.size(); ++i)
        if (!seen[i])
            out.push_back(a.joints[i].name + " (skin " + std::to_string(a.joints[i].skin) + ") is new");
    if (e.has_bounds != a.has_bounds) {
        out.push_back(std::string("skinned bounds ") + (a.has_bounds ? "appeared" : "are gone"));
    } else if (e.has_bounds) {
        const char* names[] = {"left", "top", "right", "bottom"};
        const double ev[] = {e.min_x, e.min_y, e.max_x, e.max_y}, av[] = {a.min_x, a.min_y, a.max_x, a.max_y};
        for (int s = 0; s < 4; ++s)
            if (!(std::abs(av[s] - ev[s]) <= o.bounds_tolerance_px))
                out.push_back(std::string("skinned bounds' ") + names[s] +
                              fmt(" edge moved %.1f px", av[s] - ev[s]));
    }
    return out;
}

std::string ReferenceReport::text() const {
    std::string t = "image " + image.summary();
    if (!sidecar_checked) {
        t += "; no sidecar, joints not checked";
    } else if (structure_failures.empty()) {
        t += "; joints and skinned bounds in place";
    } else {
        t += "; " + std::to_string(structure_failures.size()) + " structural differences:";
        for (const auto& s : structure_failures) t += "\n  " + s;
    }
    return t;
}

Expected<ReferenceReport> check_reference(const render::RgbaImage& expected,
                                          const JointSidecar* expected_sidecar,
                                          const render::RgbaImage& actual, const JointSidecar& actual_sidecar,
                                          const render::RgbaImage* background,
                                          const ReferenceOptions& options) {
    auto cmp = render::compare_images(expected, actual, options.image, background);
    if (!cmp) return cmp.error();
    ReferenceReport r;
    r.image = std::move(*cmp);
    if (expected_sidecar) {
        r.sidecar_checked = true;
        r.structure_failures = compare_sidecars(*expected_sidecar, actual_sidecar, options);
    }
    return r;
}

}  // namespace sv::viewer

// Seeded random views (settings files, ui/view.h) for the property tests that draw one view
// through every path (render --settings, a suite entry, render --ref of a golden written with
// --sidecar, the window's --viewport-screenshot) and require one picture. Every key a picture can
// show is varied over the files that can show it: the built-in characters (correction, rungs, pose
// edits, IK with its handles, root motion, heat maps, material views, camera, lighting), the VRM 1.0
// avatar (expressions), RobotExpressive (clips, blend tree, state machine with its state), Fox (the
// spring chain on its tail). What no file here can show is left out, and said: `environment` (an .hdr
// to write), `retarget_source` (the viewport battery's retarget views hold it), `playing` (a still
// is what every path draws; the window would play on).
//
// The generator is a 64-bit LCG read through its own mapping, not <random>'s distributions, whose
// output the standard leaves to the library: a seed names the same views on every machine.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "test_paths.h"

namespace sv::test {

struct RandomView {
    std::string name;  // "view_SEED_K"
    std::string file;  // the character's path
    std::string json;  // the settings file
};

class ViewRng {
public:
    explicit ViewRng(std::uint64_t seed) : s_(seed * 6364136223846793005ull + 1442695040888963407ull) {}
    std::uint32_t next() {
        s_ = s_ * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(s_ >> 33);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint32_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }
    double between(double lo, double hi) { return lo + (hi - lo) * (next() / 2147483648.0); }
    template <class T>
    const T& pick(const std::vector<T>& v) {
        return v[static_cast<size_t>(below(static_cast<int>(v.size())))];
    }

private:
    std::uint64_t s_;
};

inline std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3f", v);
    return b;
}

// The view's seed and count: SKINVIEW_VIEW_SEED and SKINVIEW_VIEW_COUNT when set (any number on
// demand), else the given defaults (CI's).
inline std::uint64_t view_seed(std::uint64_t fallback) {
    const char* s = std::getenv("SKINVIEW_VIEW_SEED");
    return s && *s ? std::strtoull(s, nullptr, 10) : fallback;
}
inline int view_count(int fallback) {
    const char* s = std::getenv("SKINVIEW_VIEW_COUNT");
    return s && *s ? std::atoi(s) : fallback;
}

inline std::vector<RandomView> random_views(std::uint64_t seed, int count) {
    ViewRng r(seed);
    const std::string builtin = (source_dir() / "assets").string() + "/";
    const std::string robot = shared_asset("RobotExpressive.glb"), fox = shared_asset("Fox.glb");
    std::vector<RandomView> out;
    for (int k = 0; k < count; ++k) {
        RandomView v;
        v.name = "view_" + std::to_string(seed) + "_" + std::to_string(k);
        std::vector<std::string> keys;
        const auto key = [&](const std::string& name, const std::string& value) {
            keys.push_back("\"" + name + "\": " + value);
        };
        // The character, and the keys only it can show.
        int which = r.below(5);
        if ((which == 3 && robot.empty()) || (which == 4 && fox.empty())) which = r.below(3);
        std::vector<std::string> joints;  // joints pose edits and the armature's selection may name
        if (which == 0 || which == 1) {
            v.file = builtin + (which == 0 ? "humanoid_mixamo.glb" : "humanoid_prescale.glb");
            joints = {"Spine", "Head", "LeftArm", "LeftForeArm", "RightUpLeg", "RightLeg", "Hips"};
            key("clip", r.chance(85) ? "\"walk\"" : (r.chance(50) ? "0" : "\"rest\""));
            if (r.chance(35)) {  // IK on the first limb (a leg), its handles placed or given
                key("ik", "true");
                if (r.chance(70)) {
                    key("ik_target", "[" + num(r.between(-0.3, 0.3)) + ", " + num(r.between(0.05, 0.6)) +
                                         ", " + num(r.between(-0.2, 0.4)) + "]");
                    key("ik_pole", "[" + num(r.between(-0.5, 0.5)) + ", " + num(r.between(0.3, 0.8)) + ", " +
                                       num(r.between(0.3, 1.0)) + "]");
                }
            }
            if (r.chance(30)) key("root_motion", "true");
        } else if (which == 2) {
            v.file = builtin + "avatar_vrm1.glb";
            joints = {"J_Bip_C_Spine", "J_Bip_C_Head", "J_Bip_L_UpperArm", "J_Bip_L_LowerArm"};
            key("clip", "\"sway\"");
            std::string ex;
            if (r.chance(70)) ex += "\"happy\": " + num(r.between(0.0, 1.0));
            if (r.chance(50))
                ex += std::string(ex.empty() ? "" : ", ") + "\"blink\": " + num(r.between(0.0, 1.0));
            key("expressions", "{" + ex + "}");
        } else if (which == 3) {
            v.file = robot;
            joints = {"Torso", "Head", "UpperArm.L", "LowerArm.L", "UpperLeg.R"};
            static const std::vector<std::string> clips = {"Dance",   "Idle", "Running",
                                                           "Walking", "Wave", "Yes"};
            const int mode = r.below(3);
            if (mode == 0) {
                key("clip", "\"" + r.pick(clips) + "\"");
            } else if (mode == 1) {
                key("graph", "\"blend\"");
                key("blend", num(r.between(0.0, 1.0)));
            } else {
                key("graph", "\"state_machine\"");
                key("machine_state", "\"" + r.pick(clips) + "\"");
            }
        } else {
            v.file = fox;
            joints = {"b_Spine01", "b_Head", "b_Tail01", "b_LeftForeArm"};
            key("clip", "0");
            if (r.chance(70)) {
                key("springs", "true");
                key("spring_links", std::to_string(1 + r.below(3)));
                key("spring_frequency_hz", num(r.between(0.5, 4.0)));
                key("spring_damping", num(r.between(0.05, 1.0)));
            }
        }
        key("time", num(r.between(0.0, 1.5)));
        // The skin: the correction and the rung.
        key("correction", r.chance(75) ? "true" : "false");
        static const std::vector<std::string> rungs = {"auto", "dqs", "dqs-scale", "lbs"};
        key("skinning", "\"" + r.pick(rungs) + "\"");
        // Pose edits, on joints the file has.
        if (r.chance(40)) {
            std::string e;
            const int n = 1 + r.below(3);
            for (int i = 0; i < n; ++i) {
                const std::string& j = joints[static_cast<size_t>(i) % joints.size()];
                if (e.find("\"" + j + "\"") != std::string::npos) continue;
                e += std::string(e.empty() ? "" : ", ") + "\"" + j + "\": [" + num(r.between(-40, 40)) +
                     ", " + num(r.between(-40, 40)) + ", " + num(r.between(-40, 40)) + "]";
            }
            key("pose_edits", "{" + e + "}");
        }
        // What is drawn: a heat map or a material view (never both: the reader refuses that).
        const int draw = r.below(10);
        if (draw == 0) key("heatmap", "\"weights\""), key("weights_joint", "\"" + r.pick(joints) + "\"");
        if (draw == 1) key("heatmap", "\"all-weights\"");
        if (draw == 2) key("view", "\"base\"");
        if (draw == 3) key("view", "\"normals\"");
        if (draw == 4) key("view", "\"roughness-metal\"");
        if (r.chance(25)) {
            key("show_armature", "true");
            key("joint", "\"" + r.pick(joints) + "\"");
        }
        // The camera: a preset framed on the clip, or an explicit orbit.
        const int cam = r.below(4);
        if (cam == 0) key("camera", r.chance(50) ? "\"front\"" : "\"side\"");
        if (cam == 1) key("camera", "\"orbit:" + std::to_string(r.below(360)) + "\"");
        if (cam == 2) {
            key("camera", "{\"yaw\": " + num(r.between(-180, 180)) + ", \"pitch\": " +
                              num(r.between(-30, 60)) + ", \"distance\": " + num(r.between(2.5, 6.0)) +
                              ", \"target\": [0, " + num(r.between(0.2, 1.2)) + ", 0]}");
        }
        // Lighting and the frame around the character.
        if (r.chance(50)) key("exposure", num(r.between(0.3, 3.0)));
        if (r.chance(50)) key("environment_rotation", num(r.between(0, 360)));
        if (r.chance(30)) key("environment_intensity", num(r.between(0.2, 2.0)));
        if (r.chance(30)) key("key_light", "false");
        if (r.chance(30)) key("grid", "false");
        if (r.chance(25)) {
            key("environment_background", "true");
            if (r.chance(50)) key("environment_blur", num(r.between(0.0, 1.0)));
        }
        if (r.chance(30))
            key("background", r.chance(20)
                                  ? "\"transparent\""
                                  : "\"" + std::to_string(r.below(256)) + "," + std::to_string(r.below(256)) +
                                        "," + std::to_string(r.below(256)) + "\"");
        if (r.chance(20)) key("tab", "\"joints\"");
        std::string json = "{";
        for (size_t i = 0; i < keys.size(); ++i) json += (i ? ", " : "") + keys[i];
        v.json = json + "}";
        out.push_back(std::move(v));
    }
    return out;
}

}  // namespace sv::test

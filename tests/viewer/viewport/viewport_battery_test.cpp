// The viewport as a product: for each saved view, the window's --viewport-screenshot, `render
// --settings VIEW --size WxH` and a suite entry with that settings file draw the same picture, 0
// differing pixels on one API. The view is saved by the window itself (--save-settings, what the
// Save button writes, the camera as the explicit orbit it showed), so the battery also holds that
// a saved view reproduces. The size is the screenshot's own: the window's 3D view, panels excluded.
//
// Each view runs three processes (the window for a few frames, render, a one-entry suite). The
// views whose pose comes from the frame's pose pipeline (graph modes, retarget, IK, springs) are
// listed apart: the window once built them by a pipeline of its own, and anim::evaluate_frame now
// serves both. A negative control renders a view with one key changed and must differ.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"
#include "ui/view.h"

namespace {

namespace fs = std::filesystem;

struct View {
    const char* name;
    std::string file;   // the character (resolved by file_for)
    std::string json;   // the view before saving: what a user set in the panels
    std::string flags;  // scene options every path takes alike (--variant, --springs)
    std::string suite;  // the same, as suite entry keys (",\"variant\": ...")
};

fs::path out_dir() {
    const fs::path d = sv::test::output_dir() / "viewport_battery";
    fs::create_directories(d);
    return d;
}

std::string exe() { return SKINVIEW_EXE; }

// Files the views name: "shared:X" under the shared assets, "builtin:X" under assets/, "khronos:X"
// beside the shared assets, and the look-at avatar this test writes (the committed one has none).
std::string file_for(const std::string& spec) {
    const auto after = [&](const char* p) { return spec.substr(std::string(p).size()); };
    if (spec.rfind("shared:", 0) == 0) return sv::test::shared_asset(after("shared:"));
    if (spec.rfind("builtin:", 0) == 0)
        return (sv::test::source_dir() / "assets" / after("builtin:")).string();
    if (spec.rfind("khronos:", 0) == 0) {
        const fs::path p = sv::test::shared_assets().parent_path() / "khronos" / after("khronos:");
        return fs::exists(p) ? p.string() : std::string();
    }
    if (spec == "lookat_avatar") {
        const fs::path p = out_dir() / "avatar_look_at.glb";
        sv::anim::VrmAvatarOptions o;
        o.look_at = true;
        o.material_binds = true;
        if (!sv::anim::write_gltf_file(sv::anim::build_vrm_avatar(sv::anim::VrmVersion::V1, o), p.string()))
            return {};
        return p.string();
    }
    if (spec == "sky_hdr") {
        const fs::path p = out_dir() / "sky.hdr";
        const auto r =
            sv::test::run_command(exe() + " write-sky -o " + sv::test::quoted(p.string()) + " --size 64x32");
        return r.status == 0 ? p.string() : std::string();
    }
    return spec;
}

// Pixels where any channel differs; -1 when the sizes differ.
long differing(const sv::render::RgbaImage& a, const sv::render::RgbaImage& b) {
    if (a.width != b.width || a.height != b.height) return -1;
    long n = 0;
    for (size_t i = 0; i < a.pixels.size(); i += 4)
        if (a.pixels[i] != b.pixels[i] || a.pixels[i + 1] != b.pixels[i + 1] ||
            a.pixels[i + 2] != b.pixels[i + 2] || a.pixels[i + 3] != b.pixels[i + 3])
            ++n;
    return n;
}

struct Pictures {
    sv::render::RgbaImage window, render, suite;
    std::string saved;  // the settings file the window saved
    bool ok = false;
};

// The window (opened on the unsaved view, saving it at exit), then render and a suite entry of the
// saved file at the screenshot's size. Failures are reported through gtest; `ok` says all three
// images were read. `render_json`, when given, replaces the saved file for render only (the
// negative control).
Pictures draw_three(const View& v, const std::string& render_json = "") {
    Pictures p;
    const std::string file = file_for(v.file);
    if (file.empty()) {
        ADD_FAILURE() << v.name << ": " << v.file << " is missing";
        return p;
    }
    const fs::path d = out_dir();
    const std::string name = v.name;
    const std::string view = (d / (name + ".view.json")).string(),
                      saved = (d / (name + ".saved.json")).string(),
                      wpng = (d / (name + ".window.png")).string(),
                      rpng = (d / (name + ".render.png")).string();
    std::string json = v.json;
    for (const char* key : {"$SKY"})
        for (size_t at; (at = json.find(key)) != std::string::npos;) json.replace(at, 4, file_for("sky_hdr"));
    std::ofstream(view) << json;
    fs::remove(wpng);
    fs::remove(saved);
    // Four frames: the first opens, the next draw it still (a view saved with playing false).
    const auto w =
        sv::test::run_command(exe() + " " + sv::test::quoted(file) + " --frames 4 --window 960 --settings " +
                              sv::test::quoted(view) + " --save-settings " + sv::test::quoted(saved) +
                              " --viewport-screenshot " + sv::test::quoted(wpng) + " " + v.flags);
    EXPECT_EQ(w.status, 0) << name << ": " << w.err;
    EXPECT_EQ(w.err.find("could not be applied"), std::string::npos) << name << ": " << w.err;
    auto wimg = sv::render::read_png(wpng);
    if (!wimg) {
        ADD_FAILURE() << name << ": no viewport screenshot: " << w.err;
        return p;
    }
    p.window = *wimg;
    p.saved = saved;
    const std::string size = std::to_string(wimg->width) + "x" + std::to_string(wimg->height);
    std::string render_settings = saved;
    if (!render_json.empty()) {
        render_settings = (d / (name + ".changed.json")).string();
        std::ofstream(render_settings) << render_json;
    }
    const auto r = sv::test::run_command(exe() + " render " + sv::test::quoted(file) + " --settings " +
                                         sv::test::quoted(render_settings) + " --size " + size + " -o " +
                                         sv::test::quoted(rpng) + " " + v.flags);
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    auto rimg = sv::render::read_png(rpng);
    if (!rimg) return p;
    p.render = *rimg;
    const fs::path suite_out = d / (name + ".suite");
    fs::remove_all(suite_out);
    const std::string suite = (d / (name + ".suite.json")).string();
    std::ofstream(suite) << "{\"entries\": [{\"name\": \"" << name << "\", \"file\": \"" << file
                         << "\", \"settings\": \"" << saved << "\", \"size\": \"" << size
                         << "\", \"golden\": \"" << (suite_out / "golden.png").string() << "\"" << v.suite
                         << "}]}";
    const auto s = sv::test::run_command(exe() + " suite " + sv::test::quoted(suite) + " --bless --out " +
                                         sv::test::quoted(suite_out.string()));
    EXPECT_EQ(s.status, 0) << name << ": " << s.out << s.err;
    auto simg = sv::render::read_png((suite_out / (name + ".actual.png")).string());
    if (!simg) return p;
    p.suite = *simg;
    p.ok = true;
    return p;
}

// The views that hold today. Characters: Fox and RobotExpressive (shared), the built-in humanoid,
// a VRM 1.0 avatar with a look-at and material binds (written here); a Khronos file with variants.
std::vector<View> held_views() {
    return {
        {"fox_clip_time", "shared:Fox.glb", R"({"time": 1.3, "camera": "front"})", "", ""},
        {"robot_dance", "shared:RobotExpressive.glb", R"({"clip": "Dance", "time": 0.8})", "", ""},
        {"humanoid_correction_off", "builtin:humanoid_prescale.glb", R"({"correction": false, "time": 0.4})",
         "", ""},
        {"rung_dqs", "shared:Fox.glb", R"({"skinning": "dqs", "time": 0.5})", "", ""},
        {"rung_dqs_scale", "builtin:humanoid_prescale.glb", R"({"skinning": "dqs-scale", "time": 0.5})", "",
         ""},
        {"rung_lbs", "builtin:humanoid_mixamo.glb", R"({"skinning": "lbs", "time": 0.5})", "", ""},
        {"pose_edits", "builtin:humanoid_mixamo.glb",
         R"({"time": 0.3, "pose_edits": {"LeftForeArm": [60, 0, 0], "Head": [0, 30, 0]}})", "", ""},
        {"vrm_expressions_look_at", "lookat_avatar",
         R"({"clip": "rest", "expressions": {"happy": 0.8, "angry": 0.6}, "look_at": "0.4,1.6,1.0"})",
         "--springs off", R"(, "springs": "off")"},
        {"vrm_look_at_camera", "lookat_avatar", R"({"clip": "sway", "time": 0.5, "look_at": "camera"})",
         "--springs off", R"(, "springs": "off")"},
        {"variant", "khronos:SheenChair/glTF/SheenChair.gltf", R"({"camera": "side"})",
         "--variant 'Peacock Velvet'", R"(, "variant": "Peacock Velvet")"},
        // The file's own KHR_lights_punctual lights (the window's own draw call never gathered them).
        {"file_lights", "khronos:LightsPunctualLamp/glTF/LightsPunctualLamp.gltf", R"({"camera": "front"})",
         "", ""},
        {"hdr_environment", "shared:Fox.glb",
         R"({"environment": "$SKY", "environment_background": true, "environment_blur": 0.3, "time": 0.2})",
         "", ""},
        {"lighting_background_grid", "builtin:humanoid_mixamo.glb",
         R"({"exposure": 1.6, "environment_rotation": 90, "key_light": false, "grid": false,
             "background": "40,60,90"})",
         "", ""},
        {"heat_weights", "builtin:humanoid_mixamo.glb",
         R"({"heatmap": "weights", "weights_joint": "LeftArm"})", "", ""},
        {"heat_all_weights", "shared:Fox.glb", R"({"heatmap": "all-weights", "time": 0.7})", "", ""},
        {"heat_error", "builtin:humanoid_prescale.glb", R"({"heatmap": "error", "time": 0.5})", "", ""},
        {"armature_selected", "builtin:humanoid_mixamo.glb",
         R"({"show_armature": true, "joint": "Spine1", "time": 0.6})", "", ""},
        // The material views (settings key `view`, the window's material view, render --view).
        {"view_base", "shared:Fox.glb", R"({"view": "base", "time": 0.4})", "", ""},
        {"view_normals", "shared:RobotExpressive.glb", R"({"view": "normals", "clip": "Dance", "time": 0.3})",
         "", ""},
        {"view_roughness_metal", "khronos:SheenChair/glTF/SheenChair.gltf",
         R"({"view": "roughness-metal", "camera": "side"})", "", ""},
    };
}

// The views whose pose the window once built by a pipeline of its own (ViewerModel's graph modes,
// retarget and two-bone IK, which headless posing did not run; VRM springs by wall-clock time in
// the window, by a fixed-step replay headless), held since anim::evaluate_frame serves both.
// Measured before it, window against render: blend_tree 33957 px, ik_on 3857, vrm_springs_after_2s
// 267, retarget_across_rests 7 of 461x404. state_machine was already 0, both drawing the machine
// at clock 0 whatever the view's time; a saved state-machine view is now the machine entered in its
// first state and played `time` seconds (BakeBattery holds the pose against the specification).
// It holds the mode's plumbing, not the machine's transitions.
std::vector<View> pose_pipeline_views() {
    return {
        {"blend_tree", "shared:RobotExpressive.glb", R"({"graph": "blend", "blend": 0.3, "time": 0.4})", "",
         ""},
        {"state_machine", "shared:RobotExpressive.glb", R"({"graph": "state_machine", "time": 0.4})", "", ""},
        {"state_machine_walking", "shared:RobotExpressive.glb",
         R"({"graph": "state_machine", "machine_state": "Walking", "time": 0.4})", "", ""},
        {"retarget_across_rests", "builtin:humanoid_prescale.glb",
         R"({"graph": "retarget", "retarget_source": ")" + file_for("builtin:humanoid_mixamo.glb") +
             R"(", "retarget_rest": "aligned", "time": 0.5})",
         "", ""},
        // The target and pole saved as the IK tab left them (tests/gl/bake's battery solves the same).
        {"ik_on", "builtin:humanoid_mixamo.glb",
         R"({"ik": true, "ik_target": [0.09, 0.35, 0.25], "ik_pole": [0.4, 0.6, 0.5], "time": 0.2})", "", ""},
        {"vrm_springs_after_2s", "lookat_avatar", R"({"clip": "sway", "time": 2.0})", "--springs on", ""},
        // The sway's hips travel 6 cm sideways at 0.5 s; root motion pins them to the first key.
        {"root_motion", "lookat_avatar", R"({"clip": "sway", "time": 0.5, "root_motion": true})",
         "--springs off", R"(, "springs": "off")"},
    };
}

// gtest names a failing case by this instead of the struct's bytes.
void PrintTo(const View& v, std::ostream* os) { *os << v.name; }

class ViewportBattery : public ::testing::TestWithParam<View> {
protected:
    void SetUp() override {
        if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY"))
            GTEST_SKIP() << "no display: run under xvfb-run (scripts/test.sh does)";
    }
};

TEST_P(ViewportBattery, WindowRenderAndSuiteDrawOnePicture) {
    const View& v = GetParam();
    const Pictures p = draw_three(v);
    ASSERT_TRUE(p.ok) << v.name;
    const long wr = differing(p.window, p.render), rs = differing(p.render, p.suite);
    std::printf("%s: %dx%d, window vs render %ld px, render vs suite %ld px differ\n", v.name, p.window.width,
                p.window.height, wr, rs);
    EXPECT_EQ(wr, 0) << v.name << ": the viewport screenshot and render --settings " << p.saved;
    EXPECT_EQ(rs, 0) << v.name << ": render --settings and the suite entry of " << p.saved;
}

INSTANTIATE_TEST_SUITE_P(Held, ViewportBattery, ::testing::ValuesIn(held_views()),
                         [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(PosePipeline, ViewportBattery, ::testing::ValuesIn(pose_pipeline_views()),
                         [](const auto& info) { return std::string(info.param.name); });

// The comparison can fail: render draws the saved view with one key changed (the exposure), and
// the window's picture must differ from it.
TEST_F(ViewportBattery, NegativeControlOneKeyChangedDiffers) {
    const View v{"negative_control", "builtin:humanoid_mixamo.glb", R"({"time": 0.5})", "", ""};
    const Pictures held = draw_three(v);
    ASSERT_TRUE(held.ok);
    auto saved = sv::ui::load_settings_file(held.saved);
    ASSERT_TRUE(saved) << saved.error().message;
    saved->lighting.exposure *= 1.2;
    const Pictures changed = draw_three(v, sv::ui::settings_to_json(*saved));
    ASSERT_TRUE(changed.ok);
    const long n = differing(changed.window, changed.render);
    std::printf("negative control: exposure 1 vs 1.2: %ld px differ\n", n);
    EXPECT_GT(n, 1000) << "a changed exposure must change the picture";
    EXPECT_EQ(differing(held.window, held.render), 0);
}

}  // namespace

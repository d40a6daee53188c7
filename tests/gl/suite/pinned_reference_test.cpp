// A golden keeps its view: the sidecar records the camera it was made with (pinned form), and
// `render --ref` renders from it unless told otherwise, so a re-encoded copy of a character whose
// bounds moved by a fraction of a percent still meets the original's golden. The control is the
// same copy framed anew (--camera auto), which is the failure the issue reported.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "render/image.h"
#include "run_command.h"
#include "ui/view.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

fs::path out_dir() {
    fs::create_directories(output_dir() / "pinned_ref");
    return output_dir() / "pinned_ref";
}
CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }
nlohmann::json read_json(const std::string& path) {
    std::ifstream f(path);
    return nlohmann::json::parse(f, nullptr, false);
}

TEST(PinnedReference, SidecarRecordsHowThePictureWasMade) {
    const std::string png = (out_dir() / "recorded.png").string();
    const auto r =
        skinview("render " + quoted((source_dir() / "assets" / "arm.glb").string()) +
                 " --size 200x150 --api gles --exposure 1.5 --key-light off --sidecar -o " + quoted(png));
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = read_json((out_dir() / "recorded.joints.json").string());
    ASSERT_TRUE(j.is_object() && j.contains("view")) << j.dump();
    const auto& v = j["view"];
    EXPECT_EQ(j["width"], 200);
    EXPECT_EQ(j["height"], 150);
    EXPECT_EQ(v["api"], "gles");
    EXPECT_EQ(v["exposure"], 1.5);
    EXPECT_EQ(v["key_light"], false);
    EXPECT_EQ(v["environment"], "procedural");
    EXPECT_EQ(v["fov"], 40.0);
    // The camera string renders the same picture when given back by hand.
    const std::string again = (out_dir() / "recorded_again.png").string();
    const auto r2 = skinview("render " + quoted((source_dir() / "assets" / "arm.glb").string()) +
                             " --size 200x150 --api gles --exposure 1.5 --key-light off --camera " +
                             quoted(v["camera"].get<std::string>()) + " -o " + quoted(again));
    ASSERT_EQ(r2.status, 0) << r2.err;
    auto a = render::read_png(png), b = render::read_png(again);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_TRUE(a->pixels == b->pixels) << "the recorded camera " << v["camera"] << " is not the view drawn";
}

// `render --settings` takes the viewer's settings file; its camera key also takes the pinned
// string, which is applied as it is (never re-framed): the same picture as --camera with it.
TEST(PinnedReference, SettingsFileWithAPinnedCameraRendersThatView) {
    const std::string arm = quoted((source_dir() / "assets" / "arm.glb").string());
    const std::string cam = "30,15,2.5,0,0.4,0";
    const std::string settings = (out_dir() / "view.settings.json").string();
    std::ofstream(settings) << "{\"camera\": \"" << cam << "\", \"clip\": \"rest\", \"key_light\": false}\n";
    const std::string by_settings = (out_dir() / "by_settings.png").string();
    const std::string by_flag = (out_dir() / "by_flag.png").string();
    auto r = skinview("render " + arm + " --size 160x120 --settings " + quoted(settings) + " -o " +
                      quoted(by_settings));
    ASSERT_EQ(r.status, 0) << r.err;
    r = skinview("render " + arm + " --size 160x120 --bind --key-light off --camera " + cam + " -o " +
                 quoted(by_flag));
    ASSERT_EQ(r.status, 0) << r.err;
    auto a = render::read_png(by_settings), b = render::read_png(by_flag);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_TRUE(a->pixels == b->pixels);
    // Negative control: the key light is in the settings; rendering the flag version with it on
    // must change the picture, or the comparison above could not see a setting that was dropped.
    r = skinview("render " + arm + " --size 160x120 --bind --camera " + cam + " -o " + quoted(by_flag));
    ASSERT_EQ(r.status, 0) << r.err;
    b = render::read_png(by_flag);
    EXPECT_FALSE(a->pixels == b->pixels);
}

// The settings file's camera key takes the pinned string as well as the presets and the object;
// a malformed one is refused when the file is read, with the field at fault, and the string
// survives a write and read unchanged.
TEST(PinnedReference, SettingsCameraKeyTakesThePinnedString) {
    auto ok = ui::settings_from_json(R"({"camera": "30,15,2.5,0,0.4,0"})");
    ASSERT_TRUE(ok.ok()) << ok.error().message;
    EXPECT_FALSE(ok->camera.orbit);
    EXPECT_EQ(ok->camera.preset, "30,15,2.5,0,0.4,0");
    auto again = ui::settings_from_json(ui::settings_to_json(*ok));
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(*again, *ok);
    for (const char* bad : {R"({"camera": "30,15,2.5,0,0.4,x"})", R"({"camera": "30,95,2.5,0,0.4,0"})",
                            R"({"camera": "30,15,0,0,0.4,0"})", R"({"camera": "30,15,2.5,0,0.4,nan"})"}) {
        auto r = ui::settings_from_json(bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_NE(r.error().message.find("settings: 'camera'"), std::string::npos) << r.error().message;
    }
}

TEST(PinnedReference, BadSettingsCameraIsRefusedNamingTheKey) {
    const std::string settings = (out_dir() / "bad.settings.json").string();
    std::ofstream(settings) << "{\"camera\": \"30,15,-2,0,0,0\"}\n";
    const auto r =
        skinview("render " + quoted((source_dir() / "assets" / "arm.glb").string()) + " --settings " +
                 quoted(settings) + " -o " + quoted((out_dir() / "bad.png").string()));
    EXPECT_EQ(r.status, 2);  // bad input
    EXPECT_NE(r.err.find("'camera'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("distance must be > 0"), std::string::npos) << r.err;
}

struct Copy {
    std::string name;
    fs::path plain, copy;
    std::string pose;  // and any other flags both renders take
};

// Renders the plain file as the golden (with its sidecar), then the copy with --ref and `extra`;
// the exit status (0 match, 1 mismatch) and the figures printed.
int copy_against_golden(const Copy& c, const std::string& extra, const char* label) {
    const std::string golden = (out_dir() / (c.name + "_golden.png")).string();
    if (!fs::exists(golden)) {
        auto r =
            skinview("render " + quoted(c.plain.string()) + " " + c.pose + " --sidecar -o " + quoted(golden));
        EXPECT_EQ(r.status, 0) << r.err;
    }
    const std::string got = (out_dir() / (c.name + "_" + label + ".png")).string();
    const auto r = skinview("render " + quoted(c.copy.string()) + " " + c.pose + extra + " -o " +
                            quoted(got) + " --ref " + quoted(golden));
    std::printf("[ figures ] %s, %s:\n%s", c.name.c_str(), label, r.out.c_str());
    if (r.status != 0 && r.status != 1) ADD_FAILURE() << r.err;
    return r.status;
}

fs::path khronos(const std::string& model, const std::string& folder) {
    return shared_assets().parent_path() / "khronos" / model / folder / (model + ".gltf");
}
fs::path variant(const std::string& name) { return source_dir() / "tests" / "data" / "variants" / name; }
const fs::path kArm = source_dir() / "assets" / "arm.glb";
const fs::path kHumanoid = source_dir() / "assets" / "humanoid_mixamo.glb";

// The built-in character through glTF Transform (scripts/make-test-variants.sh) at the `render`
// defaults (640x480, every threshold default), from the golden's recorded camera. Measured: 0, 0
// and 1 differing pixels of ~13,370 (Draco, meshopt, quantized). Two controls, each of which must
// fail: the same copies with the exact pixel rule (--shift-tolerance 0: 15, 33 and 16 pixels,
// 0.11-0.25%, the encodings' sub-pixel edge shifts the one-pixel rule exists for), and the Draco
// copy framed on its own bounds (--camera auto), the failure the issue reported: 145 pixels,
// 0.86%, 68 joints moved with the snapped framing of that time; 24 pixels, 0.13%, no joint moved
// since the framing is continuous (#24), still over the 0.1% budget. The meshopt and quantized copies framed
// anew happen to land on the same snapped framing, so they are no control.
TEST(PinnedReference, BuiltInCharacterCopiesMatchItsGoldenFromItsCamera) {
    for (const char* v :
         {"humanoid_mixamo_draco.glb", "humanoid_mixamo_meshopt.glb", "humanoid_mixamo_quantized.glb"}) {
        SCOPED_TRACE(v);
        const Copy c{v, kHumanoid, variant(v), "--time 0.8"};
        EXPECT_EQ(copy_against_golden(c, "", "pinned"), 0);
        EXPECT_EQ(copy_against_golden(c, " --shift-tolerance 0", "exact_rule"), 1)
            << "the exact rule no longer sees the encodings' edge shifts: this control shows nothing";
    }
    const Copy draco{"humanoid_mixamo_draco.glb", kHumanoid, variant("humanoid_mixamo_draco.glb"),
                     "--time 0.8"};
    EXPECT_EQ(copy_against_golden(draco, " --camera auto", "framed_anew"), 1);
}

TEST(PinnedReference, ArmCopiesMatchTheOriginalsGoldenFromItsCamera) {
    for (const char* v : {"arm_draco.glb", "arm_meshopt.glb", "arm_quantized.glb"}) {
        SCOPED_TRACE(v);
        EXPECT_EQ(
            copy_against_golden({v, kArm, variant(v), "--clip 0 --time 0.4 --size 320x240"}, "", "pinned"),
            0);
    }
}

// CesiumMan's Draco copy framed itself 0.022 of the figure away (tests/gl/bake) and failed by 17%
// of the footprint; from the golden's camera it differs in 13 of 4,433 pixels (0.29%), in the
// unlit normals view and at the 0.5% budget tests/gl/bake gives the Khronos Draco files (their
// streams quantize positions to 14 bits or fewer, which flips silhouette pixels; see there).
TEST(PinnedReference, CesiumManDracoMatchesThePlainGoldenFromItsCamera) {
    const Copy c{"CesiumMan_draco", khronos("CesiumMan", "glTF"), khronos("CesiumMan", "glTF-Draco"),
                 "--clip 0 --time 0.5 --size 320x240 --view normals --threshold 0.005"};
    if (!fs::exists(c.plain) || !fs::exists(c.copy)) {
        GTEST_SKIP() << "no " << c.copy;
    }
    EXPECT_EQ(copy_against_golden(c, "", "pinned"), 0);
    EXPECT_EQ(copy_against_golden(c, " --camera auto", "framed_anew"), 1);
}

}  // namespace
}  // namespace sv::test

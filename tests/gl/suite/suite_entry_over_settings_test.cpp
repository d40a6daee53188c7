// A suite entry's own key wins over its settings file (ui/settings_layers.h: explicit flag > suite
// entry > settings file > defaults), through the real `skinview suite`. For each key an entry names
// beside a file that says otherwise, three entries of one suite: the file with the entry's key, the
// file with that key changed to the entry's value, and the file alone. The first two are one view,
// so they draw the same pixels; the third is the control that shows the key changes the picture
// (else "the same" would hold for a key that was dropped).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_scratch.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }

std::string asset(const std::string& name) { return (source_dir() / "assets" / name).string(); }

struct Case {
    std::string name;
    nlohmann::json entry_keys;  // the entry's own keys, beside "settings"
    nlohmann::json file;        // the settings file, saying otherwise for the same keys
    nlohmann::json changed;     // the file with those keys set to the entry's values
    std::string model;
};

std::vector<Case> cases() {
    using nlohmann::json;
    const std::string arm = asset("arm.glb"), mixamo = asset("humanoid_mixamo.glb");
    return {
        {"clip",
         {{"clip", "bend"}},
         {{"clip", "rest"}, {"time", 0.4}},
         {{"clip", "bend"}, {"time", 0.4}},
         arm},
        {"bind", {{"bind", true}}, {{"clip", "bend"}, {"time", 0.4}}, {{"clip", "rest"}, {"time", 0.4}}, arm},
        {"time", {{"time", 0.4}}, {{"clip", "bend"}, {"time", 0.1}}, {{"clip", "bend"}, {"time", 0.4}}, arm},
        {"camera", {{"camera", "front"}}, {{"camera", "side"}}, {{"camera", "front"}}, arm},
        {"exposure", {{"exposure", 2.5}}, {{"exposure", 1}}, {{"exposure", 2.5}}, arm},
        {"grid", {{"grid", false}}, {{"grid", true}}, {{"grid", false}}, arm},
        {"key_light", {{"key_light", false}}, {{"key_light", true}}, {{"key_light", false}}, arm},
        {"environment_rotation",
         {{"environment_rotation", 120}},
         {{"environment_rotation", 0}, {"environment_background", true}},
         {{"environment_rotation", 120}, {"environment_background", true}},
         arm},
        {"armature", {{"armature", true}}, {{"show_armature", false}}, {{"show_armature", true}}, arm},
        {"view_normals", {{"view", "normals"}}, {{"view", "base"}}, {{"view", "normals"}}, arm},
        {"view_weights",
         {{"view", "all-weights"}},
         {{"heatmap", "off"}},
         {{"heatmap", "all-weights"}, {"view", "lit"}},
         arm},
        {"correction", {{"correction", "off"}}, {{"correction", true}}, {{"correction", false}}, mixamo},
        {"skinning",
         {{"skinning", "lbs"}},
         {{"skinning", "dqs"}, {"clip", "walk"}, {"time", 0.5}},
         {{"skinning", "lbs"}, {"clip", "walk"}, {"time", 0.5}},
         mixamo},
        // Several keys of one entry at once, each contradicting the file.
        {"several",
         {{"correction", "off"}, {"clip", "walk"}, {"time", 0.7}, {"camera", "side"}, {"skinning", "lbs"}},
         {{"correction", true}, {"clip", "rest"}, {"time", 0.2}, {"camera", "front"}, {"skinning", "dqs"}},
         {{"correction", false}, {"clip", "walk"}, {"time", 0.7}, {"camera", "side"}, {"skinning", "lbs"}},
         mixamo},
    };
}

TEST(SuiteEntryOverSettings, TheEntrysKeyWinsOverItsSettingsFile) {
    const fs::path d = scratch_dir("suite_entry_over_settings", "keys");
    nlohmann::json entries = nlohmann::json::array();
    for (const Case& c : cases()) {
        write_text(d / (c.name + ".json"), c.file.dump());
        write_text(d / (c.name + ".changed.json"), c.changed.dump());
        nlohmann::json over = c.entry_keys;
        over["name"] = c.name + "_entry", over["file"] = c.model, over["settings"] = c.name + ".json";
        over["golden"] = "g/" + c.name + "_entry.png";
        entries.push_back(over);
        entries.push_back({{"name", c.name + "_changed"},
                           {"file", c.model},
                           {"settings", c.name + ".changed.json"},
                           {"golden", "g/" + c.name + "_changed.png"}});
        entries.push_back({{"name", c.name + "_file"},
                           {"file", c.model},
                           {"settings", c.name + ".json"},
                           {"golden", "g/" + c.name + "_file.png"}});
    }
    const nlohmann::json suite = {{"defaults", {{"size", "160x120"}}}, {"entries", entries}};
    const std::string path = write_text(d / "keys.suite.json", suite.dump(1));
    const auto r = skinview("suite " + quoted(path) + " --bless --out " + quoted((d / "out").string()));
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    const auto png = [&](const std::string& n) { return (d / "out" / (n + ".actual.png")).string(); };
    for (const Case& c : cases()) {
        EXPECT_EQ(differing_png_pixels(png(c.name + "_entry"), png(c.name + "_changed")), 0)
            << c.name << ": the entry's " << c.entry_keys.dump() << " over " << c.file.dump()
            << " is not drawn as the file saying " << c.changed.dump();
        EXPECT_GT(differing_png_pixels(png(c.name + "_entry"), png(c.name + "_file")), 0)
            << c.name << ": control: " << c.entry_keys.dump() << " does not change what " << c.file.dump()
            << " draws, so the case above holds nothing";
    }
}

}  // namespace
}  // namespace sv::test

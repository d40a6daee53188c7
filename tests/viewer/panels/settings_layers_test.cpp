// One precedence for every settings key (ui/settings_layers.h): explicit command-line flag > suite
// entry > settings file > defaults. Each key gets three values of its own, none its default, written
// here by hand (not taken from the code under test); the resolved view must hold the highest
// layer's value, and a layer that does not name the key must leave the one below it.
#include "ui/settings_layers.h"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "ui/view.h"

namespace {

using namespace sv;
using nlohmann::json;

struct Values {
    const char* file;
    const char* entry;
    const char* flag;
};

// Per key: the file's, the entry's and the flag's value, as JSON. Neighbours differ, and the file's
// differs from the default, so every step of the order shows.
const std::map<std::string, Values> kValues = {
    {"correction", {"false", "true", "false"}},
    {"skinning", {"\"lbs\"", "\"dqs\"", "\"dqs-scale\""}},
    {"show_armature", {"true", "false", "true"}},
    {"heatmap", {"\"weights\"", "\"error\"", "\"all-weights\""}},
    {"weights_joint", {"\"a\"", "\"b\"", "\"c\""}},
    {"view", {"\"base\"", "\"normals\"", "\"roughness-metal\""}},
    {"ik", {"true", "false", "true"}},
    {"ik_target", {"[0.1, 1.2, 0.3]", "[0.0, 1.0, 0.5]", "[-0.25, 0.75, 0.0]"}},
    {"ik_pole", {"[0, 1, 2]", "[1, 1, 1]", "[-1, 0.5, 0.25]"}},
    {"tab", {"\"joints\"", "\"ik\"", "\"graph\""}},
    {"joint", {"\"a\"", "\"b\"", "\"c\""}},
    {"clip", {"\"walk\"", "\"rest\"", "\"2\""}},
    {"time", {"0.25", "0.5", "0.75"}},
    {"playing", {"true", "false", "true"}},
    {"camera",
     {"\"front\"", R"({"yaw": 10, "pitch": 5, "distance": 2, "target": [0, 1, 0]})",
      "\"30,15,2.5,0,0.4,0\""}},
    {"exposure", {"0.5", "2", "3"}},
    {"environment_rotation", {"10", "20", "30"}},
    {"key_light", {"false", "true", "false"}},
    {"grid", {"false", "true", "false"}},
    {"background", {"\"1,2,3\"", "\"transparent\"", "\"255,0,0\""}},
    {"environment_intensity", {"0.5", "2", "3"}},
    {"graph", {"\"blend\"", "\"state_machine\"", "\"retarget\""}},
    {"blend", {"0.1", "0.2", "0.9"}},
    {"machine_state", {"\"Dance\"", "\"Walking\"", "\"2\""}},
    {"retarget_source", {"\"a.glb\"", "\"b.glb\"", "\"c.glb\""}},
    {"retarget_clip", {"\"a\"", "\"b\"", "\"c\""}},
    {"retarget_rest", {"\"rest-relative\"", "\"aligned\"", "\"rest-relative\""}},
    {"speed", {"2", "-1", "0.5"}},
    {"root_motion", {"true", "false", "true"}},
    {"springs", {"true", "false", "true"}},
    {"spring_joint", {"\"a\"", "\"b\"", "\"c\""}},
    {"spring_links", {"2", "4", "5"}},
    {"spring_frequency_hz", {"1", "3", "4"}},
    {"spring_damping", {"0.1", "0.5", "0.9"}},
    {"expressions", {R"({"happy": 1})", R"({"sad": 0.5})", R"({"angry": 0.25})"}},
    {"pose_edits", {R"({"A": [1, 2, 3]})", R"({"B": [4, 5, 6]})", R"({"C": [7, 8, 9]})"}},
    {"environment", {"\"a.hdr\"", "\"b.hdr\"", "\"c.hdr\""}},
    {"environment_background", {"true", "false", "true"}},
    {"environment_blur", {"0.1", "0.2", "0.3"}},
    {"look_at", {"\"camera\"", "\"off\"", "\"1,2,3\""}},
    {"variant", {"\"a\"", "\"b\"", "\"c\""}},
};

ui::View parse(const std::string& key, const char* value) {
    auto s = ui::settings_from_json("{\"" + key + "\": " + value + "}");
    EXPECT_TRUE(s) << key << ": " << (s ? "" : s.error().message);
    return s ? *s : ui::View{};
}

ui::SettingsLayer layer(const std::string& key, const char* value) {
    ui::SettingsLayer l;
    l.values = parse(key, value);
    l.set(key);
    return l;
}

json resolved_value(const ui::View& base, std::initializer_list<const ui::SettingsLayer*> layers,
                    const std::string& key) {
    auto v = ui::resolve_view(base, layers);
    EXPECT_TRUE(v) << key << ": " << (v ? "" : v.error().message);
    return v ? json::parse(ui::settings_to_json(*v))[key] : json();
}

TEST(SettingsLayers, TheTableCoversEverySettingsKey) {
    int n = 0;
    const char* const* keys = ui::settings_keys(n);
    std::set<std::string> all(keys, keys + n);
    for (const std::string& k : all)
        EXPECT_TRUE(kValues.count(k)) << "a settings key without values here: " << k;
    for (const auto& [k, v] : kValues) EXPECT_TRUE(all.count(k)) << "not a settings key: " << k;
}

TEST(SettingsLayers, EveryKeyTakesTheHighestLayerThatNamesIt) {
    const json defaults = json::parse(ui::settings_to_json(ui::View{}));
    for (const auto& [key, v] : kValues) {
        const ui::View file = parse(key, v.file);
        const ui::SettingsLayer entry = layer(key, v.entry), flag = layer(key, v.flag);
        const json want_file = json::parse(v.file), want_entry = json::parse(v.entry),
                   want_flag = json::parse(v.flag);
        ASSERT_NE(want_file, defaults[key]) << key << ": the file's value must not be the default";
        EXPECT_EQ(resolved_value(ui::View{}, {}, key), defaults[key]) << key;
        EXPECT_EQ(resolved_value(file, {}, key), want_file) << key;
        EXPECT_EQ(resolved_value(file, {&entry}, key), want_entry) << key;
        EXPECT_EQ(resolved_value(file, {&entry, &flag}, key), want_flag) << key;
        EXPECT_EQ(resolved_value(file, {&flag}, key), want_flag) << key;
        // A flag over the defaults, no file: the flag.
        EXPECT_EQ(resolved_value(ui::View{}, {&flag}, key), want_flag) << key;
    }
}

// A layer says only the keys it names: its other values, defaults or not, change nothing.
TEST(SettingsLayers, ALayerLeavesTheKeysItDoesNotName) {
    for (const auto& [key, v] : kValues) {
        const ui::View file = parse(key, v.file);
        ui::SettingsLayer other;  // every value the default, one other key named
        other.set(key == "time" ? "exposure" : "time");
        EXPECT_EQ(resolved_value(file, {&other}, key), json::parse(v.file)) << key;
    }
}

TEST(SettingsLayers, AKeyNoSettingsFileHasIsAnError) {
    ui::SettingsLayer l;
    l.set("exposur");
    auto v = ui::resolve_view(ui::View{}, {&l});
    ASSERT_FALSE(v);
    EXPECT_NE(v.error().message.find("'exposur'"), std::string::npos) << v.error().message;
}

}  // namespace

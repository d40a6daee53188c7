#include "ui/settings_layers.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace sv::ui {

bool SettingsLayer::sets(const std::string& key) const {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

void SettingsLayer::set(const std::string& key) {
    if (!sets(key)) keys.push_back(key);
}

// Key by key through the JSON form: every key a settings file can hold is covered, the camera's
// several fields move as the one key `camera`, and a key added later needs nothing here. What it
// costs: a round trip through text per resolve (microseconds; once a view, not once a frame).
Expected<View> resolve_view(const View& base, std::initializer_list<const SettingsLayer*> layers) {
    using nlohmann::json;
    json merged = json::parse(settings_to_json(base));
    for (const SettingsLayer* layer : layers) {
        if (!layer) continue;
        const json values = json::parse(settings_to_json(layer->values));
        for (const std::string& key : layer->keys) {
            if (!values.contains(key)) return make_error("settings: '" + key + "' is not a settings key");
            merged[key] = values[key];
        }
    }
    return settings_from_json(merged.dump());
}

}  // namespace sv::ui

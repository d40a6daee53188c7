// One view, several sources: the defaults, a settings file, a suite entry and the command line each
// say something about the same view (ui/view.h). Each source above the file is a layer:
// the settings keys it sets and their values. The view drawn takes every key from the highest
// layer that sets it, by one rule for `render`, `bake`, `suite` and the window:
//
//     explicit command-line flag  >  suite entry  >  settings file  >  defaults
//
// A source says only what it names: a flag left at its default, or a suite key left out, sets
// nothing, so the file's value (or the default) holds for it. What would make this wrong: a source
// that means "the default" by writing the default value (it must name the key to win).
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "ui/view.h"

namespace sv::ui {

struct SettingsLayer {
    View values;                    // only the keys below mean anything
    std::vector<std::string> keys;  // the settings keys this source set (settings_keys() spelling)

    bool sets(const std::string& key) const;
    // Marks `key` as set (its value is whatever `values` holds for it).
    void set(const std::string& key);
};

// `base` (a settings file, or the defaults) with each layer's keys put over it, lowest layer first.
// An error only for a key no settings file has (a caller's typo), naming it.
Expected<View> resolve_view(const View& base, std::initializer_list<const SettingsLayer*> layers);

}  // namespace sv::ui

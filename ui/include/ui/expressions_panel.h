// The Expressions tab: one slider per VRM expression (1.0 `expressions`, 0.x blend shape groups),
// turned into morph weights by anim::expression_morph_weights (isBinary, the blink/lookAt/mouth
// override rules) and written over the pose every frame. The settings file's `expressions` key and
// `--expression NAME=W` set the same values.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "anim/avatar/expressions.h"
#include "anim/character/character.h"
#include "anim/core/expected.h"

namespace sv::ui {

struct ExpressionsPanel {
    std::vector<std::string> names;  // the avatar's, file order
    std::vector<char> binary;        // per expression: isBinary (the slider snaps at 0.5)
    std::vector<float> values;       // per expression, 0..1 as the user set it
    std::vector<std::string>
        binds;          // per expression: "2 morph binds; 1 material bind; 1 MToon colour bind not drawn"
    std::string error;  // the last failure to turn values into weights
    std::vector<anim::ExpressionMorphWeight> weights;  // what apply writes
    // Whether the avatar has a VRM look-at: the tab then shows the view's look-at target
    // (ViewerModel::state.look_at), which its checkbox edits in place. It used to keep a copy the
    // viewer synchronised every frame.
    bool has_look_at = false;

    // Lists the avatar's expressions, every value 0. A file that is no VRM lists none.
    void rebuild(const anim::Character& character);
    // Sets one value (clamped to 0..1); an unknown name is refused listing the avatar's names and
    // changes nothing.
    Status set(const std::string& name, double value);
    // Every value back to 0.
    void clear();
    // The values that are not 0, as (name, value), file order: what the settings file keeps.
    std::vector<std::pair<std::string, double>> active() const;
    // Recomputes the morph weights from the values. Called after a change.
    Status update(const anim::Character& character);
    // Writes the weights over the character's current pose (after pose_at, which resets them).
    void apply(anim::Character& character) const;
};

}  // namespace sv::ui

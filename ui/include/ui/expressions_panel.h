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
    // The VRM look-at control: whether the eyes follow the camera. The viewer owns the look-at
    // (viewer/session/scene_session.h), sets `look_at_follow` and `look_at_text` ("the camera", "off", a
    // point from a settings file) every frame and reads `look_at_changed` after the panel drew.
    bool has_look_at = false;
    bool look_at_follow = false;
    bool look_at_changed = false;
    std::string look_at_text;

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

// What a VRM Animation's (.vrma, VRMC_vrm_animation) clip says about expressions, read at the
// source's current pose and put under the target avatar's names: the clip moves bones through
// retargeting and faces through this.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "anim/character/character.h"
#include "anim/scene/vrm.h"

namespace sv::anim {

struct VrmaExpressionValues {
    std::vector<std::pair<std::string, double>> values;  // (the target's name, weight 0..1)
    std::vector<std::string> missing;                    // the source's names the target lacks
};

// Each VRMC_vrm_animation expression node's local translation.x at `source`'s current pose (the
// specification's weight), clamped to 0..1, named as `target` names it: the same name, or on a
// VRM 0.x avatar its preset's 0.x spelling (happy is joy, aa is a, blinkLeft is blink_l, as
// three-vrm maps them). Empty unless `source` is a VRM Animation and `target` an avatar.
VrmaExpressionValues vrma_expression_values(const Character& source, const Vrm& target);

}  // namespace sv::anim

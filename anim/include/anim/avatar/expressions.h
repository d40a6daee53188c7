// VRM expressions (1.0 `expressions`, 0.x blend shape groups) turned into morph weights: what a
// "happy = 1" asks of each node's mesh.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/vrm.h"

namespace sv::anim {

struct ExpressionMorphWeight {
    int node = -1;
    int index = 0;
    float weight = 0.0f;  // the final weight of that target, clamped to [0, 1]
};

// `values`: expression name -> weight (0..1, clamped). Per VRMC_vrm-1.0: a binary expression
// snaps to 0 or 1 at 0.5; an active expression whose override for blink, look-at or mouth is
// "block" silences that group (blink, blinkLeft, blinkRight / lookUp, lookDown, lookLeft,
// lookRight / aa, ih, ou, ee, oh), "blend" scales it by (1 - its weight); then each bind adds
// expression weight x bind weight to its target and the sum is clamped to 1. An unknown name is
// refused listing the names the avatar has.
Expected<std::vector<ExpressionMorphWeight>> expression_morph_weights(
    const Vrm& vrm, const std::vector<std::pair<std::string, double>>& values);

// The same rules up to the binds: each expression's output weight (file order), after isBinary and
// the override factors. What the morph and the material binds are both scaled by.
Expected<std::vector<double>> expression_output_weights(
    const Vrm& vrm, const std::vector<std::pair<std::string, double>>& values);

}  // namespace sv::anim

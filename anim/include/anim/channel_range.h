// The range a channel's curve actually covers, per component, following the curve between keys.
//
// Reading the keys alone misses a CUBICSPLINE that leaves a value and returns to it (keys at 1, a
// tangent that swings the scale to 1.3 in between): a scale that exists only between keys still
// scales the character. The Hermite segment is a cubic in the segment parameter, so its extrema are
// the real roots of a quadratic and are found exactly rather than by sampling. STEP and LINEAR
// curves take their extrema at keys.
#pragma once

#include <glm/glm.hpp>

#include "anim/asset.h"

namespace sv::anim {

struct ChannelRange {
    glm::dvec4 min{0.0};  // components beyond the channel's count are 0
    glm::dvec4 max{0.0};
    bool empty = true;    // no keys
};

ChannelRange channel_range(const Channel& channel);

}  // namespace sv::anim

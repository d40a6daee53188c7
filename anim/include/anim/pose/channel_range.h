// The range a channel's curve actually covers, per component, following the curve between keys.
//
// Reading the keys alone misses a CUBICSPLINE that leaves a value and returns to it (keys at 1, a
// tangent that swings the scale to 1.3 in between): a scale that exists only between keys still
// scales the character. The Hermite segment is a cubic in the segment parameter, so its extrema are
// the real roots of a quadratic and are found exactly rather than by sampling. STEP and LINEAR
// curves take their extrema at keys.
#pragma once

#include <glm/glm.hpp>

#include "anim/scene/asset.h"

namespace sv::anim {

struct ChannelRange {
    glm::dvec4 min{0.0};  // components beyond the channel's count are 0
    glm::dvec4 max{0.0};
    bool empty = true;  // no keys
};

ChannelRange channel_range(const Channel& channel);

// One component of one CUBICSPLINE segment as p(s) = A s^3 + B s^2 + C s + v0 on s in [0, 1],
// from the key values v0, v1 and the tangents already multiplied by the segment's duration (b0 the
// out-tangent of the first key, a1 the in-tangent of the second).
struct HermiteSegment {
    double A, B, C, v0;
    HermiteSegment(double v0_, double v1, double b0, double a1);
    double at(double s) const { return ((A * s + B) * s + C) * s + v0; }
    // The parameters strictly inside (0, 1) where p' = 0, exactly (the real roots of a quadratic);
    // returns how many of `s` it filled (0 to 2).
    int interior_extrema(double s[2]) const;
};

}  // namespace sv::anim

// The channels of a clip that scale something, anywhere: the cheap half of the scale-conflict
// question, and almost always the whole answer, because characters' clips rotate and translate.
// One pass over the channel list, skipping everything but scale channels; a clip that answers
// empty need not be remembered by anything.
#pragma once

#include <vector>

#include "anim/scene/asset.h"

namespace sv::anim {

// One figure for "is this scale 1" and "are these three scales equal": 1e-4, relative. Keys carry
// three kinds of noise: a float written from a double (~6e-8 relative), exporters decomposing
// float matrices (square roots of sums of squares of rounded entries: 1.0000049, ~40 ulps) and
// exporters rounding to 5 or 6 decimals (1e-5..1e-6), with keys of 1 +- 2e-5 measured in the
// field. 1e-4 sits 5x above the largest of those, and below anything visible: 1e-4 of a 2 m
// character is 0.2 mm, under a pixel at any framing that shows the whole character. It is wrong
// for a clip that means to scale by less than 0.01 %, which nothing does; what it costs is that
// such a scale is drawn rigid (or as its mean uniform factor), 0.2 mm off.
//
// A scale channel whose curve stays within this of 1 on every component is not a scale.
inline constexpr double kScaleFlatTolerance = 1e-4;
// A scale channel whose three components stay within this of each other, relative, is uniform.
inline constexpr double kScaleUniformTolerance = 1e-4;

// Below this, a scale component is a collapse as far as skinning is concerned: a dual quaternion
// cannot carry 0 or a negative scale at all, and the DQS-with-scale rung carries a small positive
// one badly. That rung blends t / s (the translation with the scale factored out) and multiplies
// the blended scale back, so a vertex weighted w and 1 - w between a joint scaled s about a pivot
// at distance p from the mesh origin and an unscaled one lands w (1 - w) (1 - s)^2 / s x p away
// from linear blending; at w = 1/2 that reaches p itself (further off than the joint is from the
// origin) at s = 3 - 2 sqrt(2) = 0.1716. Below it a skin is linear blend. What it costs: a clip
// that shrinks a part to 0.15 gets linear blending (the candy wrapper on twisting joints) rather
// than a dual quaternion; a figure tied to the pivot's distance, not a tolerance, so it would be
// wrong only for a skin whose scaled joints sit at its origin.
inline constexpr double kScaleCollapseThreshold = 0.17157287525381;  // 3 - 2 sqrt(2)

// True when the channel is a scale channel whose curve, followed between keys, leaves 1 by more
// than kScaleFlatTolerance on some component.
bool channel_scales(const Channel& channel);

// Indices into clip.channels of the channels for which channel_scales is true, in order.
std::vector<int> clip_scale_channels(const Clip& clip);

// Where a scale channel's smallest component is smallest, following the curve: at a key, or for
// CUBICSPLINE at a Hermite minimum between keys (found exactly, as channel_range finds them). The
// earliest wins ties. `key` is -1 for a channel without keys.
struct ScaleMinimum {
    double value = 0.0;
    int component = -1;  // 0 x, 1 y, 2 z
    int key = -1;        // the key, or the first key of the segment when between keys
    bool between_keys = false;
    double time = 0.0;  // seconds
};
ScaleMinimum scale_channel_minimum(const Channel& channel);

// How far apart the three components get, relative: the largest difference between two components
// anywhere on the curve (exact: the difference of two Hermite curves is a Hermite curve, whose range
// channel_range finds), over the smallest component anywhere on the curve. Dividing by the smallest
// rather than by the largest at the same instant overstates a spread taken where the scale is large,
// the safe direction (it reads non-uniform); where the smallest is 0 or negative the channel is a
// collapse whatever its spread, and the spread is taken over the largest magnitude instead, for the
// report. 0 for a channel without keys.
double scale_channel_spread(const Channel& channel);

}  // namespace sv::anim

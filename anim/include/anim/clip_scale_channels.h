// The channels of a clip that scale something, anywhere: the cheap half of the scale-conflict
// question, and almost always the whole answer, because characters' clips rotate and translate.
// One pass over the channel list, skipping everything but scale channels; a clip that answers
// empty need not be remembered by anything.
#pragma once

#include <vector>

#include "anim/asset.h"

namespace sv::anim {

// A scale channel whose curve stays within this of 1 on every component is not a scale. Exporters
// write scale by decomposing float matrices (square roots of sums of squares of rounded entries),
// which leaves values like 1.0000049: about 40 float ulps above 1, noise. 1e-5 is above that noise
// with margin and below any scale anyone could see (1e-5 of a 2 m character is 20 micrometres). It
// would be wrong for a curve that means to scale by less than 0.001 %, which nothing does.
inline constexpr double kScaleFlatTolerance = 1e-5;

// True when the channel is a scale channel whose curve, followed between keys, leaves 1 by more
// than kScaleFlatTolerance on some component.
bool channel_scales(const Channel& channel);

// Indices into clip.channels of the channels for which channel_scales is true, in order.
std::vector<int> clip_scale_channels(const Clip& clip);

}  // namespace sv::anim

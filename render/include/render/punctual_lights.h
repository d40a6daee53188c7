// KHR_lights_punctual gathered from the character's lit nodes as posed now (so an animated light node
// moves its light); the lights themselves are plain values (render/draw_options.h).
#pragma once

#include "render/draw_options.h"

namespace sv::anim {
class Character;
}

namespace sv::render {

// The character's placed lights at its current pose. Nodes in index order; past the limit they are
// counted in `dropped` (the caller says so once).
PunctualLights gather_punctual_lights(const anim::Character& character);
// True when any node of the character places a light: the viewer then draws them and turns its
// own key light off by default.
bool has_punctual_lights(const anim::Character& character);

}  // namespace sv::render

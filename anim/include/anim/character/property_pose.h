// The material, light and camera properties a clip animates, played into the Asset's own structs
// at one time, so that everything that draws or frames (the renderer's material bindings and
// lights, the file cameras) reads them as it reads a static value, at the time just posed.
//
// Rest values are every animated property's value as the file gave it, captured once: a property
// the current clip does not animate, or any after a switch to another clip or to rest, goes back
// to it, so a clip never leaves its last value behind on a material another clip shows.
#pragma once

#include <cstdint>
#include <vector>

#include "anim/scene/asset.h"

namespace sv::anim {

class PropertyPose {
public:
    // Captures the rest value of every property any clip of `asset` animates.
    static PropertyPose create(const Asset& asset);

    // Every animated property back to its rest value. No allocation.
    void reset(Asset& asset) const;
    // Writes every property track of clip `clip` at `time` (wrapped into the clip's duration when
    // `loop`, else clamped to each track's keys) into `asset`. No allocation.
    void sample(Asset& asset, int clip, float time, bool loop);

    bool empty() const { return rest_.empty(); }

private:
    struct Rest {
        PropertyTarget target;
        float value[4] = {0, 0, 0, 0};
    };
    std::vector<Rest> rest_;
    std::vector<std::vector<std::uint32_t>> hints_;  // per clip, per track: key cursors
};

}  // namespace sv::anim

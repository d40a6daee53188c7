#include "anim/character/property_pose.h"

#include <algorithm>

#include "anim/pose/clip_sampling.h"
#include "anim/pose/property_track.h"

namespace sv::anim {

PropertyPose PropertyPose::create(const Asset& asset) {
    PropertyPose p;
    for (const Clip& clip : asset.clips) {
        p.hints_.emplace_back(clip.properties.size(), 0u);
        for (const PropertyChannel& ch : clip.properties) {
            if (!property_in_range(asset, ch.target)) continue;
            const bool known = std::any_of(p.rest_.begin(), p.rest_.end(),
                                           [&](const Rest& r) { return r.target == ch.target; });
            if (known) continue;
            Rest r;
            r.target = ch.target;
            read_property(asset, ch.target, r.value);
            p.rest_.push_back(r);
        }
    }
    return p;
}

void PropertyPose::reset(Asset& asset) const {
    for (const Rest& r : rest_) write_property(asset, r.target, r.value);
}

void PropertyPose::sample(Asset& asset, int clip, float time, bool loop) {
    if (clip < 0 || static_cast<size_t>(clip) >= asset.clips.size() ||
        static_cast<size_t>(clip) >= hints_.size())
        return;
    const Clip& c = asset.clips[static_cast<size_t>(clip)];
    auto& hints = hints_[static_cast<size_t>(clip)];
    const float t = loop ? wrap_time(time, c.duration) : time;
    float v[4];
    for (size_t k = 0; k < c.properties.size() && k < hints.size(); ++k) {
        const PropertyChannel& ch = c.properties[k];
        if (ch.times.empty()) continue;
        sample_property(ch, t, v, hints[k]);
        write_property(asset, ch.target, v);
    }
}

}  // namespace sv::anim

#include "anim/clip_scale_channels.h"

#include <cmath>

#include "anim/channel_range.h"

namespace sv::anim {

bool channel_scales(const Channel& channel) {
    if (channel.path != TargetPath::Scale) return false;
    const ChannelRange r = channel_range(channel);
    if (r.empty) return false;
    for (int c = 0; c < 3; ++c)
        if (std::fabs(r.min[c] - 1.0) > kScaleFlatTolerance || std::fabs(r.max[c] - 1.0) > kScaleFlatTolerance)
            return true;
    return false;
}

std::vector<int> clip_scale_channels(const Clip& clip) {
    std::vector<int> out;
    for (size_t i = 0; i < clip.channels.size(); ++i) {
        if (clip.channels[i].path != TargetPath::Scale) continue;  // the early out: no range taken
        if (channel_scales(clip.channels[i])) out.push_back(static_cast<int>(i));
    }
    return out;
}

}  // namespace sv::anim

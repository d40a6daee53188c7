#include "anim/skin_frame/clip_scale_channels.h"

#include <algorithm>
#include <cmath>

#include "anim/pose/channel_range.h"

namespace sv::anim {

bool channel_scales(const Channel& channel) {
    if (channel.path != TargetPath::Scale) return false;
    const ChannelRange r = channel_range(channel);
    if (r.empty) return false;
    for (int c = 0; c < 3; ++c)
        if (std::fabs(r.min[c] - 1.0) > kScaleFlatTolerance ||
            std::fabs(r.max[c] - 1.0) > kScaleFlatTolerance)
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

ScaleMinimum scale_channel_minimum(const Channel& ch) {
    ScaleMinimum m;
    const bool cubic = ch.interpolation == Interpolation::CubicSpline;
    const size_t stride = cubic ? 9 : 3;
    // As channel_range: only keys that have values are read.
    const size_t keys = std::min(ch.times.size(), ch.values.size() / stride);
    auto value = [&](size_t k, int c) {
        return double(ch.values[k * stride + (cubic ? 3 : 0) + static_cast<size_t>(c)]);
    };
    auto take = [&](double v, int c, size_t k, bool between, double t) {
        if (m.key >= 0 && !(v < m.value)) return;
        m = {v, c, static_cast<int>(k), between, t};
    };
    for (size_t k = 0; k < keys; ++k) {
        for (int c = 0; c < 3; ++c) take(value(k, c), c, k, false, ch.times[k]);
        if (!cubic || k + 1 >= keys) continue;
        // The segment after key k, so that a dip between keys k and k+1 is found before key k+1.
        const double dt = double(ch.times[k + 1]) - double(ch.times[k]);
        for (int c = 0; c < 3; ++c) {
            const double b0 = double(ch.values[k * stride + 6 + static_cast<size_t>(c)]) * dt;
            const double a1 = double(ch.values[(k + 1) * stride + static_cast<size_t>(c)]) * dt;
            const HermiteSegment seg(value(k, c), value(k + 1, c), b0, a1);
            double s[2];
            const int n = seg.interior_extrema(s);
            for (int i = 0; i < n; ++i) take(seg.at(s[i]), c, k, true, double(ch.times[k]) + s[i] * dt);
        }
    }
    return m;
}

double scale_channel_spread(const Channel& ch) {
    const ChannelRange r = channel_range(ch);
    if (r.empty) return 0.0;
    // The pairwise differences x - y, y - z, z - x as a channel of their own: same times, same
    // interpolation, values and tangents differenced alike (every interpolation is linear in them).
    Channel d = ch;
    for (size_t i = 0; i + 2 < d.values.size(); i += 3) {
        const float x = ch.values[i], y = ch.values[i + 1], z = ch.values[i + 2];
        d.values[i] = x - y, d.values[i + 1] = y - z, d.values[i + 2] = z - x;
    }
    const ChannelRange dr = channel_range(d);
    double diff = 0.0;
    for (int c = 0; c < 3; ++c) diff = std::max({diff, std::fabs(dr.min[c]), std::fabs(dr.max[c])});
    const double lo = std::min({r.min.x, r.min.y, r.min.z});
    const double hi = std::max({std::fabs(r.min.x), std::fabs(r.min.y), std::fabs(r.min.z),
                                std::fabs(r.max.x), std::fabs(r.max.y), std::fabs(r.max.z)});
    const double denom = lo > 0.0 ? lo : hi;
    return denom > 0.0 ? diff / denom : 0.0;
}

}  // namespace sv::anim

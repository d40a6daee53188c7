#include "anim/graph/root_motion.h"

#include <cassert>
#include <cmath>

namespace sv::anim {

namespace {

struct RootSample {
    glm::dvec3 t{0.0};
    glm::dquat r{1.0, 0.0, 0.0, 0.0};
};

RootSample sample_root(const Clip& clip, const RootChannels& root, double time) {
    RootSample s;
    const float t = static_cast<float>(time);
    float v[4];
    if (root.translation >= 0) {
        sample_channel(clip.channels[static_cast<size_t>(root.translation)], t, v);
        s.t = glm::dvec3(v[0], v[1], v[2]);
    }
    if (root.rotation >= 0) {
        sample_channel(clip.channels[static_cast<size_t>(root.rotation)], t, v);
        s.r = glm::normalize(glm::dquat(v[3], v[0], v[1], v[2]));
    }
    return s;
}

// One piece inside a single cycle: the root at t1 seen from the root at t0.
RootMotion segment(const Clip& clip, const RootChannels& root, double t0, double t1) {
    const RootSample a = sample_root(clip, root, t0);
    const RootSample b = sample_root(clip, root, t1);
    const glm::dquat inv = glm::conjugate(a.r);
    return {inv * (b.t - a.t), glm::normalize(inv * b.r)};
}

}  // namespace

RootChannels find_root_channels(const Clip& clip, const ClipBinding& binding, int root_joint) {
    RootChannels rc;
    for (size_t c = 0; c < clip.channels.size() && c < binding.joint_of_channel.size(); ++c) {
        if (binding.joint_of_channel[c] != root_joint) continue;
        const TargetPath path = clip.channels[c].path;
        if (path == TargetPath::Translation && rc.translation < 0) rc.translation = static_cast<int>(c);
        if (path == TargetPath::Rotation && rc.rotation < 0) rc.rotation = static_cast<int>(c);
    }
    return rc;
}

void extract_root_motion(const Clip& clip, const RootChannels& root, double from, double to,
                         RootMotion& out) {
    out = RootMotion{};
    const double d = static_cast<double>(clip.duration);
    if (!(d > 0.0) || (root.translation < 0 && root.rotation < 0) || !std::isfinite(from) ||
        !std::isfinite(to))
        return;
    if (to < from) {
        // Backwards is the forward motion undone: computed forwards and inverted, so the two
        // directions cannot disagree by construction.
        RootMotion forward;
        extract_root_motion(clip, root, to, from, forward);
        out = forward.inverse();
        return;
    }
    // The cycle index and the time inside it from the same double floor, so they cannot disagree at a
    // boundary (wrap_time works in float and would, for times past a few thousand seconds).
    const double c0 = std::floor(from / d), c1 = std::floor(to / d);
    const double local0 = std::fmin(std::fmax(from - c0 * d, 0.0), d);
    const double local1 = std::fmin(std::fmax(to - c1 * d, 0.0), d);
    if (c0 == c1) {
        out = segment(clip, root, local0, local1);
        return;
    }
    // The tail of the first cycle, the whole cycles between, the head of the last.
    out = segment(clip, root, local0, d);
    const RootMotion whole = segment(clip, root, 0.0, d);
    for (double c = c0 + 1.0; c < c1; c += 1.0) out = out.then(whole);
    out = out.then(segment(clip, root, 0.0, local1));
}

void extract_root_motion(const Clip& clip, const ClipBinding& binding, int root_joint, double from, double to,
                         RootMotion& out) {
    extract_root_motion(clip, find_root_channels(clip, binding, root_joint), from, to, out);
}

void strip_root_motion(const Clip& clip, const RootChannels& root, int root_joint, Pose& pose) {
    assert(root_joint >= 0 && root_joint < pose.joint_count());
    const size_t j = static_cast<size_t>(root_joint);
    if (root.translation >= 0)
        sample_channel(clip.channels[static_cast<size_t>(root.translation)], 0.0f, &pose.translation[j * 3]);
    if (root.rotation >= 0)
        sample_channel(clip.channels[static_cast<size_t>(root.rotation)], 0.0f, &pose.rotation[j * 4]);
}

void strip_root_motion(const Clip& clip, const ClipBinding& binding, int root_joint, Pose& pose) {
    strip_root_motion(clip, find_root_channels(clip, binding, root_joint), root_joint, pose);
}

}  // namespace sv::anim

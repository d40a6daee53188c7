// A pose as structure of arrays: the layout the sampler writes and the skeleton reads.
//
// Three separate arrays rather than an array of TRS structs, so sampling a track touches one
// contiguous run of floats and blending is three plain loops the compiler vectorises. A new pose
// is at rest (zero translation, identity rotation, unit scale), never zeros: a zeroed rotation is
// not a rotation, and a zeroed scale collapses the character to a point, both of which look like
// a bug somewhere else entirely.
#pragma once

#include <algorithm>
#include <cassert>
#include <vector>

namespace sv::anim {

struct Pose {
    std::vector<float> translation;  // 3 a joint
    std::vector<float> rotation;     // 4 a joint, x y z w
    std::vector<float> scale;        // 3 a joint

    Pose() = default;
    explicit Pose(int joints) { resize(joints); }

    int joint_count() const { return static_cast<int>(translation.size() / 3); }

    // Sizes to `joints` and sets every joint to rest. Allocates only when growing, so a reused
    // pose costs nothing on the frame path.
    void resize(int joints) {
        const size_t n = static_cast<size_t>(joints);
        translation.assign(n * 3, 0.0f);
        rotation.assign(n * 4, 0.0f);
        scale.assign(n * 3, 1.0f);
        for (size_t j = 0; j < n; ++j) rotation[j * 4 + 3] = 1.0f;
    }
    void set_rest() { resize(joint_count()); }
};

// Copies a pose of the same joint count in place: no allocation, which is why this is not an
// assignment (an assignment would not allocate either, but this says so and asserts the sizes).
inline void copy_pose(const Pose& from, Pose& to) {
    assert(from.translation.size() == to.translation.size() && from.rotation.size() == to.rotation.size() &&
           from.scale.size() == to.scale.size());
    std::copy(from.translation.begin(), from.translation.end(), to.translation.begin());
    std::copy(from.rotation.begin(), from.rotation.end(), to.rotation.begin());
    std::copy(from.scale.begin(), from.scale.end(), to.scale.begin());
}

}  // namespace sv::anim

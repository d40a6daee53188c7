// The runtime skeleton: joints parents-first, inverse binds, and the world and palette arrays the
// renderer uploads.
//
// Parents-first is what makes the local-to-world pass one loop in index order: by the time joint j
// is reached its parent's world matrix is final. A list in another order would read a parent's
// stale world matrix and produce a pose that is wrong by one frame's motion, which looks like lag
// rather than like a bug, so `create` refuses it and names the joint.
//
// Float storage, 16 floats a matrix, column-major: this is the per-frame path and the layout the
// palette texture takes as it is.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/pose/palette_layout.h"
#include "anim/pose/pose.h"

namespace sv::anim {

struct Asset;

struct SkeletonDesc {
    std::vector<std::string> names;
    std::vector<int> parents;                  // -1 for a root joint; must be < the joint's own index
    std::vector<glm::mat4> inverse_bind;       // one per joint (count checked)
    std::vector<glm::mat4> root_parent_world;  // per joint: the world matrix of a root joint's
                                               // non-joint parent (identity when none); ignored for
                                               // non-root joints. May be empty (all identity).
    Pose rest;                                 // the joints' local TRS at rest (count checked)
};

class Skeleton {
public:
    static Expected<Skeleton> create(SkeletonDesc desc);
    // Builds the skeleton of asset.skins[skin] from the asset's node graph (globals must have been
    // walked: root_parent_world comes from them).
    static Expected<Skeleton> from_asset(const Asset& asset, int skin);

    int joint_count() const { return static_cast<int>(parents_.size()); }
    const std::vector<std::string>& names() const { return names_; }
    const std::vector<int>& parents() const { return parents_; }
    const Pose& rest_pose() const { return rest_; }
    int find(const std::string& name) const;

    // Local to world, then palette = world x inverse bind, in one pass in index order. No
    // allocation.
    void apply_pose(const Pose& pose);
    // The second door: local matrices (16 floats a joint) instead of TRS. Must agree with
    // apply_pose for the same transforms. Locals must be affine (bottom row 0 0 0 1): the frame
    // path multiplies 3x4, and create() refuses non-affine inverse binds for the same reason.
    void apply_local_matrices(const float* locals);

    const std::vector<float>& world() const { return world_; }      // 16 floats a joint
    const std::vector<float>& palette() const { return palette_; }  // 16 floats a joint
    const std::vector<float>& inverse_bind() const { return inverse_bind_; }
    void set_root_parent_world(int joint, const glm::mat4& m);

private:
    std::vector<std::string> names_;
    std::vector<int> parents_;
    std::vector<float> inverse_bind_;
    std::vector<float> root_parent_world_;
    std::vector<float> world_;
    std::vector<float> palette_;
    Pose rest_;
    // The inverse binds as the SSE2 frame path reads them: each joint's 12 elements (column by
    // column, rows 0 to 2), each four times over, so the palette product loads its operands rather
    // than shuffling them (local_to_world.cpp). Made by create(), with the inverse binds.
    std::vector<float> ib_splat_;
    void build_frame_tables();
};

}  // namespace sv::anim

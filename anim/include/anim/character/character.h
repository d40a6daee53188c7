// A loaded character ready to pose and draw: the asset, each skinned mesh's frame report (the
// correction computed once), one skeleton per skin, clip bindings, scale conflicts and the
// skinning rung each skin needs.
//
// This is the seam between the animation library and everything that shows it (renderer,
// command line, viewer): they ask it for palettes and mesh frames and never touch the node graph.
// The correction is kept as two matrices per skinned mesh, the frame as the file gave it and the
// skin's bind transform, so switching it off and on is a choice of matrix, not a reload, and the
// palettes (A_j, which never depend on the mesh node) are the same either way.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "anim/character/property_pose.h"
#include "anim/character/scene_pose.h"
#include "anim/core/expected.h"
#include "anim/pose/clip_sampling.h"
#include "anim/pose/packed_clip.h"
#include "anim/pose/pose.h"
#include "anim/pose/skeleton.h"
#include "anim/scene/asset.h"
#include "anim/skin_frame/normalize_mesh_frame.h"
#include "anim/skin_frame/skin_clip_scale_conflicts.h"
#include "anim/skin_frame/skin_world_bounds.h"
#include "anim/skin_frame/skinning_rung.h"

namespace sv::anim {

struct SkinnedMeshNode {
    int node = -1;
    int mesh = -1;
    int skin = -1;
    glm::dmat4 frame_as_given{1.0};   // the mesh node's global as the file gave it
    glm::dmat4 frame_corrected{1.0};  // after normalize_mesh_frame (== as given when CannotFix)
    MeshFrameReport report;
};

// A mesh without a skin. Its world matrix is its node's animated global: below a joint (a robot's
// head on its neck, a sword in a hand) it follows that joint's current pose, IK included, because
// the scene's globals take joint locals from the skins' poses.
struct StaticMeshNode {
    int node = -1;
    int mesh = -1;
    int skin = -1;   // the skin of the nearest joint above it, or -1 (informational)
    int joint = -1;  // that joint's index in the skeleton, or -1
    // A sky dome, cylinder or room around everything else: its bind box holds every other mesh's
    // with at least twice their extent on each axis, and it looks like a sky: seen from inside
    // (most normals point to its centre), unlit, or emissive and 10x the rest on every axis.
    // drawn_bounds() and bind_bounds() leave it out, so the camera frames what stands inside it
    // instead of the outside of the dome. An outward-facing lit mesh whose box happens to hold the
    // rest (Khronos Lantern's pole holds its lamp and chain) is framed like any other. What would
    // make it wrong: a room seen from inside meant to be framed from outside (a box of parts with
    // inward normals); F and the camera keys still reach it by hand.
    bool encloses_scene = false;
};

struct ClipConflicts {
    int clip = -1;
    std::vector<ScaleConflict> conflicts;
};

struct CharacterSkin {
    Skeleton skeleton;
    Pose pose;                                   // the current local pose, written by pose_at / callers
    std::vector<ClipBinding> bindings;           // one per clip
    std::vector<ClipConflicts> scale_conflicts;  // clips that scale part of this skin only
    RungChoice rung;
    Aabb bind_bounds;  // world bounds at bind, from joints and geometry
    // A_bind: the skin's bind transform, from the joints alone (skin_bind_transform). The frame
    // the CPU reference skins in; unlike the mesh frames it never depends on the file's mesh node,
    // so the reference stays right when the correction is off or could not be applied.
    glm::dmat4 bind_transform{1.0};
    // One per clip: the clip packed for this skin's joints (pack_clip), what pose_at samples. The
    // same values as sampling `bindings` (bit for bit), fewer key searches.
    std::vector<PackedClip> packed;
};

class Character {
public:
    // Walks the scene, corrects every skinned mesh's frame (reports kept), builds the skeletons,
    // binds the clips and finds the scale conflicts. Fails only when a skeleton cannot be built;
    // a frame that cannot be fixed is a report, not a failure.
    static Expected<Character> create(Asset asset);

    const Asset& asset() const { return asset_; }
    const std::vector<SkinnedMeshNode>& skinned_meshes() const { return skinned_; }
    const std::vector<StaticMeshNode>& static_meshes() const { return static_; }
    std::vector<CharacterSkin>& skins() { return skins_; }
    const std::vector<CharacterSkin>& skins() const { return skins_; }
    // Log lines: the importer's report, then one line per frame report.
    const std::vector<std::string>& log() const { return log_; }

    // The frame mesh `i` is skinned in: the bind transform with the correction on (`corrected`), the
    // file's node (as animated now) otherwise. The switch is the view's (render::DrawOptions::
    // correction, the settings key `correction`), passed to every draw, bake and bound: the character
    // used to hold it, so a view and the character it was drawn on could disagree about it.
    const glm::dmat4& mesh_frame(int i, bool corrected) const;

    // Every node and every skin's pose to rest, then `clip` sampled at `time` over them (clip -1:
    // rest), then the scene's globals and the skeletons' world and palette arrays; the clip's
    // material, light and camera properties are written into asset() (PropertyPose), so whatever
    // draws after this reads them at this time. Allocates nothing.
    void pose_at(int clip, float time, bool loop);
    // Re-derives the scene's globals and re-runs the skeletons over the current poses (after a
    // caller edits a skin's pose: IK, blending). Joint nodes take their locals from the skin that
    // lists them first, so whatever hangs below a joint follows the edited pose.
    void apply_poses();

    // The whole scene as animated now: node globals and morph weights.
    const ScenePose& scene_pose() const { return scene_pose_; }
    // The morph weights node `node` draws with now (empty when its mesh has no targets).
    const std::vector<float>& morph_weights(int node) const { return scene_pose_.weights(node); }
    // Sets one morph weight of the current pose (VRM expressions, after pose_at); the next pose_at
    // resets it. `index` must be below the node's target count.
    void set_morph_weight(int node, int index, float w) { scene_pose_.set_weight(node, index, w); }

    // Joint matrices of a skin in double, for the CPU reference skinner: A_j from the palette.
    std::vector<glm::dmat4> joint_matrices(int skin) const;
    // World bounds at bind: skinned meshes from the joints (never the file's mesh node), static
    // meshes from their nodes, but for those that enclose the scene (the floor grid stands under
    // what is inside a sky dome, not under the dome).
    Aabb bind_bounds() const;
    // World bounds of what is drawn now (the current pose, frames and rungs; the soup when
    // `corrected` is false), from up to a few hundred vertices a primitive skinned as the GPU does.
    // Static meshes that enclose the scene (StaticMeshNode::encloses_scene) are left out.
    // `forced`: the rung the renderer was told to use for every skin; null: each skin's own.
    // `skinned_only`: the skinned meshes alone (the soup, without the static props around it).
    Aabb drawn_bounds(bool corrected, const SkinningRung* forced = nullptr, bool skinned_only = false) const;
    // drawn_bounds() over `samples` times spread across `clip` (the rest pose for clip -1). Poses
    // the character: the caller poses it again for its own time afterwards.
    Aabb drawn_bounds_over_clip(int clip, bool corrected, const SkinningRung* forced = nullptr,
                                int samples = 16, bool skinned_only = false);
    // The current world matrix of static mesh `i` (following its joint when it has one).
    glm::mat4 static_mesh_world(int i) const;

    int find_clip(const std::string& name) const;

    // Moves every image's texels out, image i's at index i; asset().images keep their names and
    // sizes with no texels. For the renderer's upload, which frees each image's copy once the
    // driver holds it, so a loaded file does not keep its textures twice. What would make it wrong:
    // anything reading asset().images' texels afterwards (after the upload nothing does: the
    // writer and the audit import files of their own).
    std::vector<Image> take_image_texels();

private:
    struct Probe {  // a subsample of one skinned primitive, for drawn_bounds
        int skinned = -1;
        Primitive vertices;
    };
    void mark_enclosing_meshes();
    Asset asset_;
    ScenePose scene_pose_;
    PropertyPose property_pose_;
    std::vector<int> joint_skin_, joint_index_;  // per node: the first skin listing it and its index there
    std::vector<std::vector<int>> root_joints_;  // per skin: joints whose parent is not a joint of it
    std::vector<Probe> probes_;
    std::vector<SkinnedMeshNode> skinned_;
    std::vector<StaticMeshNode> static_;
    std::vector<CharacterSkin> skins_;
    std::vector<std::string> log_;
};

}  // namespace sv::anim

// The project's VRM test avatars: one small humanoid (metres, T-pose rest, unit scales, as VRM
// requires) written as VRM 1.0 or as VRM 0.x, with its humanoid map, a hair chain of three spring
// joints (plus a tail node) behind the head, a sphere collider on the neck in its way, and a clip
// "sway" that turns the head and chest so the hair has something to follow.
#pragma once

#include "anim/scene/asset.h"

namespace sv::anim {

// V1: faces +Z as stored (VRM 1.0). V0: the same avatar as UniVRM 0.x stores it, facing -Z (every
// position, rotation, inverse bind and key turned half a turn about +Y), with 0.x's mirrored
// collider z written by the writer. Deterministic.
Asset build_vrm_avatar(VrmVersion version);

// What build_vrm_avatar(version) leaves out, so that the committed assets stay as they are.
struct VrmAvatarOptions {
    // A look-at: type bone adds leftEye and rightEye bones in front of the head (each with a small
    // box skinned to it alone, pointing +Z at rest); type expression adds lookLeft, lookRight,
    // lookUp, lookDown (0.x lookleft, ...) moving the head's top face 1 cm along +X, -X, +Y, -Y.
    bool look_at = false;
    VrmLookAtType look_at_type = VrmLookAtType::Bone;
    VrmRangeMap horizontal_inner{90.0, 10.0}, horizontal_outer{90.0, 10.0}, vertical_down{90.0, 10.0},
        vertical_up{90.0, 10.0};
    glm::dvec3 offset{0.0, 0.06, 0.0};  // offsetFromHeadBone, in the 1.0 frame
    // An expression "angry" with material binds on the avatar's one material: colour toward
    // kAngryColor, emission toward kAngryEmission, and a texture transform to kAngryUvScale and
    // kAngryUvOffset (1.0 materialColorBinds and textureTransformBinds, 0.x materialValues).
    bool material_binds = false;
    // The avatar's material as MToon (1.0 VRMC_materials_mtoon, 0.x "VRM/MToon" materialProperties)
    // with kMToon* below: a shade colour, a toony band and an outline of `mtoon_outline_mode`.
    bool mtoon = false;
    MToonOutlineMode mtoon_outline_mode = MToonOutlineMode::WorldCoordinates;
};
inline constexpr float kMToonShade[3] = {0.25f, 0.15f, 0.3f};
inline constexpr float kMToonOutline[3] = {0.0f, 0.0f, 0.8f};
inline constexpr float kMToonOutlineWidth = 0.01f;  // metres (world) or a share of the height (screen)
inline constexpr double kAngryColor[4] = {0.2, 0.4, 0.9, 1.0};
inline constexpr double kAngryEmission[3] = {0.3, 0.1, 0.0};
inline constexpr double kAngryUvScale[2] = {2.0, 3.0};
inline constexpr double kAngryUvOffset[2] = {0.25, 0.5};
Asset build_vrm_avatar(VrmVersion version, const VrmAvatarOptions& options);

// A VRM Animation (.vrma, VRMC_vrm_animation 1.0) of the built-in humanoid's "walk"
// (build_humanoid_asset): its 65 joints as nodes in VRM 1.0's frame (metres, +Y up, +Z forward,
// identity rest rotations: the T-pose the specification wants as the rest), no Armature, no mesh,
// no skin; the humanoid map from the Mixamo name table; the walk with the Armature's turn and
// scale taken out (the same motion in the new frame). Nodes are named `VRMA_<joint>`, which no name
// table knows, so only the map can say which is which. Also an expression node ("blink", preset:
// translation.x 0 -> 1 -> 0 over the walk), a custom one ("wink") and a lookAt node. A second clip
// "limbs" moves the two sides differently (left arm up as the right goes down, left thigh out,
// right thigh forward), so a map with its sides swapped shows.
struct VrmAnimationOptions {
    bool swap_sides = false;  // the map's left and right bones exchanged (a negative control)
    // false: the walk without its blink track (the expression nodes stay, at 0): a file that
    // differs from the default in the face alone (a control for the track's effect).
    bool expression_tracks = true;
};
Asset build_vrm_animation(const VrmAnimationOptions& options = {});

}  // namespace sv::anim

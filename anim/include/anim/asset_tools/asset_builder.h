// Test characters built by the project's own code (written to disk by anim/gltf/gltf_write.h).
//
// These are the fixtures every tier uses and the assets the viewer opens by default, so they are
// built here deterministically (no clock, no randomness): the same build writes the same bytes,
// which is what lets generated files under assets/ be committed and checked.
#pragma once

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace sv::anim {

// A three-joint arm (Shoulder, Elbow, Wrist along +Y, metres) skinning a cylinder, with blended
// vertices around each joint and a clip "bend" (elbow 0 -> 90 -> 0 degrees about Z over 2 s).
Asset build_arm_asset();

// The two shapes real exports take.
//  MixamoExport: an ancestor "Armature" (scale 0.01, +90 degrees about X) above both the mesh node
//    and the joints, geometry in centimetres, inverse binds such that joint.global x inverse_bind
//    is the identity at rest.
//  PreScale: the same character, but inverse binds in pre-scale space, so joint.global x
//    inverse_bind equals mesh.global at rest (the mesh node already is the bind transform).
enum class HumanoidShape { MixamoExport, PreScale };

// A 65-joint humanoid (Mixamo names, 12 joints deep at the finger tips), 180 cm tall, facing +Z,
// skinned box geometry per bone with single-joint and blended vertices, and one 2 s LINEAR clip
// "walk" (arms swinging, a twisting forearm, legs stepping, Hips translating and turning).
Asset build_humanoid_asset(HumanoidShape shape);

}  // namespace sv::anim

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

// What the humanoid's skin is made of.
//  Boxes: a four-sided tube of three rings a bone (12 vertices; 600 in all), half-and-half weights
//    at the joints. The fixtures every tier reads: goldens, vertex counts and the committed
//    humanoid_mixamo.glb / humanoid_prescale.glb are pinned to it.
//  Rounded: a capsule a bone (12 sides, a ring every 2 cm or less, hemispherical ends; 7544
//    vertices), each joint blended with its parent over the bone's first third and with its child
//    over the last, more on one side of the limb than the other (as exported weights are near a
//    bend). The built-in character (assets/humanoid.glb). Why the sides differ: with the correction
//    off every part is drawn at 1/100 of its size where its joint's motion carries it, and a
//    triangle whose corners share one blend stays inside that speck; corners with different blends
//    stretch it between the pieces, so the soup is sheets a person sees, not one-pixel specks
//    (tests/gl/framing/soup_visible_test.cpp).
enum class HumanoidSurface { Boxes, Rounded };

// A 65-joint humanoid (Mixamo names, 12 joints deep at the finger tips), 180 cm tall, facing +Z,
// skinned geometry per bone (see HumanoidSurface) with single-joint and blended vertices, and one
// 2 s LINEAR clip "walk" (arms swinging, a twisting forearm, legs stepping, Hips translating and
// turning). The surface changes the mesh only: nodes, skin and clip are the same for both.
Asset build_humanoid_asset(HumanoidShape shape, HumanoidSurface surface = HumanoidSurface::Boxes);

}  // namespace sv::anim

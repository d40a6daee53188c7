// What a VRM avatar adds to its glTF: which VRM (0.x's `VRM` extension or 1.0's `VRMC_vrm`), the
// meta as the file states it, the humanoid map, the expressions' names, and the spring bones
// (0.x `secondaryAnimation`, 1.0 `VRMC_springBone`) in one form for both versions.
//
// Plain data filled by the reader (anim/src/gltf/vrm_import.cpp) or the asset builder, and read by
// the runtime (anim/avatar/). Node indices are the file's, which the importer keeps as Scene
// indices. Values are stored as the file gives them except where 0.x and 1.0 differ only in
// spelling (0.x's collider offset z, see VrmCollider), so one simulation serves both.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <vector>

namespace sv::anim {

// Animation: a VRM Animation file (.vrma, `VRMC_vrm_animation`): no avatar, only a humanoid map
// (in 1.0's bone names) over nodes a clip drives, so that the clip can be retargeted.
enum class VrmVersion { None, V0, V1, Animation };

struct VrmField {
    std::string key;    // the file's own key (0.x "licenseName", 1.0 "licenseUrl", ...)
    std::string value;  // strings as given; numbers, booleans and lists as compact JSON
};

struct VrmHumanBone {
    std::string bone;  // the spec's name: "hips", "leftUpperArm", ... (0.x and 1.0 agree on them)
    int node = -1;
};

// A sphere (tail == offset, capsule false) or capsule from offset to tail, both in the node's
// space. 0.x files store offsets with z mirrored (UniVRM 0.x's ReverseZ was not applied to them);
// the reader turns them back (three-vrm does the same), so offsets here are the glTF node's own.
struct VrmCollider {
    int node = -1;
    glm::dvec3 offset{0.0};
    glm::dvec3 tail{0.0};
    double radius = 0.0;
    bool capsule = false;
};

// One simulated bone: `node` swings so that its tail (`tail_node`, or for a 0.x chain end a point
// 7 cm along the node's own translation, three-vrm's and UniVRM's rule) follows the Verlet update.
struct VrmSpringJoint {
    int node = -1;
    int tail_node = -1;  // -1: the 0.x virtual 7 cm tail
    double hit_radius = 0.0;
    double stiffness = 1.0;
    double gravity_power = 0.0;
    glm::dvec3 gravity_dir{0.0, -1.0, 0.0};
    double drag_force = 0.4;
};

struct VrmSpring {
    std::string name;
    // Parents before children, as the simulation must visit them (each joint's world transform
    // depends on the rotation just written to the one above it).
    std::vector<VrmSpringJoint> joints;
    std::vector<int> colliders;  // indices into Vrm::colliders, the spring's collider groups flattened
    int center = -1;             // node whose space the tails live in; -1 the world
};

// One morph target an expression drives: node's mesh target `index` at `weight` (0..1; 0.x's 0..100
// is divided by 100 on reading) times the expression's own weight.
struct VrmMorphBind {
    int node = -1;
    int index = 0;
    double weight = 1.0;
};

// One material colour an expression drives (1.0 materialColorBinds, 0.x materialValues): the
// material's value moves toward `target` by the expression's weight (the specification's
// Base + (Target - Base) x Weight, summed over expressions). skinview draws Color (the base colour
// factor) and EmissionColor (the emissive factor); the MToon ones are read and not drawn.
enum class VrmColorTarget { Color, EmissionColor, ShadeColor, MatcapColor, RimColor, OutlineColor };

struct VrmColorBind {
    int material = -1;
    VrmColorTarget target = VrmColorTarget::Color;
    glm::dvec4 value{1.0};  // the 4th component ignored where the property has three
};

// One texture-transform bind (1.0 textureTransformBinds, 0.x `_MainTex_ST`): every UV-read texture
// of the material takes uv x scale + offset, blended from (1, 1) and (0, 0) by the weight.
struct VrmTextureBind {
    int material = -1;
    glm::dvec2 scale{1.0};
    glm::dvec2 offset{0.0};
};

enum class VrmOverride { None, Block, Blend };

struct VrmExpression {
    std::string name;  // preset or custom name as the file gives it (0.x: presetName or name)
    std::vector<VrmMorphBind> binds;
    std::vector<VrmColorBind> color_binds;
    std::vector<VrmTextureBind> texture_binds;
    int other_binds = 0;  // binds read but not drawn: MToon colours (shade, matcap, rim, outline)
    bool is_binary = false;
    // 1.0's overrideBlink / overrideLookAt / overrideMouth (0.x has none).
    VrmOverride override_blink = VrmOverride::None;
    VrmOverride override_look_at = VrmOverride::None;
    VrmOverride override_mouth = VrmOverride::None;
};

// One VRMC_node_constraint (a node extension; 1.0 only): `node` (the destination) turns by what
// `source` does, per the specification's roll, aim or rotation rule, slerped from its rest by weight.
enum class VrmConstraintType { Roll, Aim, Rotation };

struct VrmNodeConstraint {
    int node = -1;
    int source = -1;
    VrmConstraintType type = VrmConstraintType::Rotation;
    // Roll: 0, 1, 2 for "X", "Y", "Z". Aim: 0..5 for PositiveX, NegativeX, PositiveY, NegativeY,
    // PositiveZ, NegativeZ. Rotation: unused.
    int axis = 0;
    double weight = 1.0;
};

// One of lookAt's four range maps (1.0 `rangeMap*`, 0.x `lookAt*` degree maps): a yaw or pitch of
// |a| degrees becomes min(|a|, input_max) / input_max x output_scale (degrees for a bone, a weight
// for an expression). 0.x's `curve` is read as this line, as three-vrm reads it (see the reader).
struct VrmRangeMap {
    double input_max = 90.0;
    double output_scale = 10.0;
};

// 1.0 `VRMC_vrm.lookAt`, 0.x `firstPerson.lookAt*`: how the eyes follow a point.
enum class VrmLookAtType { Bone, Expression };

struct VrmLookAt {
    bool present = false;
    VrmLookAtType type = VrmLookAtType::Bone;
    // From the head bone to the point between the eyes, in the head's space (0.x's z mirrored on
    // reading, as for collider offsets, so this is the glTF node's own).
    glm::dvec3 offset{0.0, 0.06, 0.0};
    VrmRangeMap horizontal_inner, horizontal_outer, vertical_down, vertical_up;
};

// VRMC_vrm_animation's expression and look-at entries: a node whose animated translation carries
// the value (an expression's weight in translation.x; the point the eyes look at).
struct VrmAnimationNode {
    std::string name;  // the expression's preset or custom name; "lookAt" for the look-at
    int node = -1;
    bool preset = true;
};

struct Vrm {
    VrmVersion version = VrmVersion::None;
    std::string spec_version;  // 1.0's specVersion, 0.x's exporterVersion/specVersion as stated
    std::vector<VrmField> meta;
    std::vector<VrmHumanBone> humanoid;
    std::vector<VrmExpression> expressions;
    std::vector<VrmCollider> colliders;
    std::vector<VrmSpring> springs;
    std::vector<VrmNodeConstraint> constraints;  // VRMC_node_constraint, file node order
    VrmLookAt look_at;
    // Animation only: expressions (preset, then custom) and the look-at node (-1: none).
    std::vector<VrmAnimationNode> animation_expressions;
    int animation_look_at = -1;
    bool present() const { return version != VrmVersion::None; }
};

}  // namespace sv::anim

// What a loaded character is: a node graph, meshes, skins, clips, materials and images.
//
// Plain data, owned by value, filled by the glTF importer (anim/gltf_import.h) or by the
// project's own asset builder (anim/asset_builder.h). Nothing here knows GL.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "anim/scene/animated_property.h"
#include "anim/scene/material.h"
#include "anim/scene/scene.h"
#include "anim/scene/vrm.h"

namespace sv::anim {

// A vertex's first eight influences (glTF's JOINTS_0/1, WEIGHTS_0/1) are held inline, as every hot
// path reads them; JOINTS_2/WEIGHTS_2 and on go to the primitive's overflow (Primitive::extra_*).
// Joint indices index the skin's `joints` list as sorted by the importer (parents first), already
// remapped.
inline constexpr int kInlineInfluences = 8;
// The old name, kept so code written before the overflow still compiles: it is the inline count,
// not a limit on influences (Primitive::influence_count() is).
inline constexpr int kMaxInfluences = kInlineInfluences;

// One morph target of a primitive: per-vertex displacements added to the base attributes before
// skinning, each scaled by the target's weight. An empty array: the target does not move that
// attribute.
struct MorphTarget {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
    std::vector<glm::vec3> tangents;
};

// KHR_materials_variants: the material a primitive takes when `variant` (an index into
// Asset::variants) is chosen.
struct VariantMaterial {
    int variant = -1;
    int material = -1;
};

struct Primitive {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;  // empty when the file had none
    std::vector<glm::vec2> uvs;      // empty when the file had none
    std::vector<glm::vec2> uvs1;     // TEXCOORD_1; empty when the file had none
    // TANGENT (xyz unit, w = +-1 the bitangent's sign); empty when the file had none (the renderer
    // then generates them from the UVs of the normal texture's set).
    std::vector<glm::vec4> tangents;
    std::vector<glm::vec4> colors;  // COLOR_0, linear RGBA (alpha 1 for VEC3); empty when none
    // The first kInlineInfluences influences a vertex; empty when not skinned. Weights sum to 1
    // after import over all of a vertex's influences, inline and extra together.
    std::vector<std::array<std::uint16_t, kInlineInfluences>> joints;
    std::vector<std::array<float, kInlineInfluences>> weights;
    // Influences past the eighth (JOINTS_2/WEIGHTS_2 and on), `extra_influences` a vertex, the
    // same for every vertex as glTF stores them (4 a set from a file; a builder may give any
    // count, and the writer pads the last set with zeros): vertex v's are at
    // [v * extra_influences, (v + 1) * extra_influences) of extra_joints and extra_weights. 0 and
    // empty for the common four or eight. What the layout costs: nothing where no vertex has more
    // than eight (one loop bound of 0); with a twelfth influence on one vertex, every vertex stores
    // four extra slots (zeros mostly), as the file did. A flat list with per-vertex offsets would
    // store only the non-zero ones, at an offset per vertex and an indirection on every read.
    int extra_influences = 0;
    std::vector<std::uint16_t> extra_joints;
    std::vector<float> extra_weights;
    // How many influence slots each vertex has: 0 when not skinned, else 8 + extra_influences.
    int influence_count() const { return joints.empty() ? 0 : kInlineInfluences + extra_influences; }
    // Slot k (0 <= k < influence_count()) of vertex v, inline or extra alike.
    std::uint16_t influence_joint(size_t v, int k) const {
        return k < kInlineInfluences ? joints[v][static_cast<size_t>(k)]
                                     : extra_joints[v * static_cast<size_t>(extra_influences) +
                                                    static_cast<size_t>(k - kInlineInfluences)];
    }
    float influence_weight(size_t v, int k) const {
        return k < kInlineInfluences ? weights[v][static_cast<size_t>(k)]
                                     : extra_weights[v * static_cast<size_t>(extra_influences) +
                                                     static_cast<size_t>(k - kInlineInfluences)];
    }
    // Calls f(joint, weight) for every slot of vertex v, inline first, in the file's order (which
    // the dual-quaternion rungs' hemisphere pivot depends on).
    template <class F>
    void for_each_influence(size_t v, F&& f) const {
        for (size_t k = 0; k < static_cast<size_t>(kInlineInfluences); ++k) f(joints[v][k], weights[v][k]);
        const size_t n = static_cast<size_t>(extra_influences), at = v * n;
        for (size_t k = 0; k < n; ++k) f(extra_joints[at + k], extra_weights[at + k]);
    }
    // True when the primitive is skinned and its skinning arrays agree with the vertex count (the
    // extras included): what every reader checks before indexing them.
    bool influences_consistent() const {
        const size_t n = positions.size(), e = static_cast<size_t>(extra_influences);
        return joints.size() == n && weights.size() == n && extra_influences >= 0 &&
               extra_joints.size() == n * e && extra_weights.size() == n * e;
    }
    // Appends vertex v of `src`'s influences to this primitive (whose extra_influences must equal
    // src's), for code that subsamples or splits vertices.
    void append_influences_of(const Primitive& src, size_t v) {
        joints.push_back(src.joints[v]);
        weights.push_back(src.weights[v]);
        const size_t n = static_cast<size_t>(src.extra_influences), at = v * n;
        extra_joints.insert(extra_joints.end(), src.extra_joints.begin() + static_cast<std::ptrdiff_t>(at),
                            src.extra_joints.begin() + static_cast<std::ptrdiff_t>(at + n));
        extra_weights.insert(extra_weights.end(), src.extra_weights.begin() + static_cast<std::ptrdiff_t>(at),
                             src.extra_weights.begin() + static_cast<std::ptrdiff_t>(at + n));
    }
    std::vector<std::uint32_t> indices;  // triangles; generated 0..n-1 when the file had none
    std::vector<MorphTarget> targets;    // every primitive of a mesh has the same number
    int material = -1;
    // KHR_materials_variants' mappings; a variant not listed draws `material` (the default).
    std::vector<VariantMaterial> variant_materials;
    // glTF's mode after import: 4 (triangles; strips and fans are converted to lists), or 0..3
    // (points and lines, indices as given: posed and exported, never shaded).
    int mode = 4;
    bool triangles() const { return mode == 4; }
};

struct Mesh {
    std::string name;
    std::vector<Primitive> primitives;
    // The mesh's default morph weights, one per target (zeros when the file gave none).
    std::vector<float> weights;
    // The file's mesh index. Joint indices are remapped per skin, so a file mesh drawn with two
    // skins is imported once per skin (the remap belongs to the (mesh, skin) pair); messages and
    // exports name the file's mesh.
    int source_mesh = -1;
};

struct Image {
    std::string name;
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // width * height * 4, top row first
};

struct Skin {
    std::string name;
    // Node indices, sorted so that a joint's parent joint (its nearest ancestor that is a joint of
    // this skin) comes before it. Vertex joint indices are remapped to this order by the importer.
    std::vector<int> joints;
    std::vector<glm::dmat4> inverse_bind;  // one per joint, identity when the file gave none
    int skeleton = -1;                     // the file's "skeleton" hint, informational
};

enum class Interpolation { Step, Linear, CubicSpline };
enum class TargetPath { Translation, Rotation, Scale, Weights };

// One animated property of one node. For CUBICSPLINE, `values` holds three elements per key
// (in-tangent, value, out-tangent) as glTF lays them out.
struct Channel {
    int node = -1;
    TargetPath path = TargetPath::Translation;
    Interpolation interpolation = Interpolation::Linear;
    std::vector<float> times;  // strictly increasing, checked at import
    // components: 3 (translation, scale), 4 (rotation, xyzw) or one per morph target (weights)
    std::vector<float> values;
    int weight_count = 0;  // Weights only: the number of morph targets of the node's mesh
    int components() const {
        return path == TargetPath::Rotation ? 4 : path == TargetPath::Weights ? weight_count : 3;
    }
};

// One animated material, light or camera property (a KHR_animation_pointer channel that is not a
// node's TRS or weights): `values` holds property_components(target.property) floats a key, three
// elements a key for CUBICSPLINE, as Channel does.
struct PropertyChannel {
    PropertyTarget target;
    Interpolation interpolation = Interpolation::Linear;
    std::vector<float> times;  // strictly increasing, checked at import
    std::vector<float> values;
    int components() const { return property_components(target.property); }
};

struct Clip {
    std::string name;
    float duration = 0.0f;  // the last key time over all channels (keys start at or after 0)
    std::vector<Channel> channels;
    std::vector<PropertyChannel> properties;
};

// A camera the file defines (glTF camera), placed by the node that names it (Node::camera): it looks
// down that node's -Z with +Y up. Lengths in metres, angles in radians, as glTF gives them.
struct Camera {
    std::string name;
    bool orthographic = false;
    float yfov = 0.8f;               // perspective: vertical field of view
    float aspect_ratio = 0.0f;       // perspective: 0 when the file leaves it to the viewport
    float xmag = 1.0f, ymag = 1.0f;  // orthographic: half the view's width and height
    float znear = 0.01f;
    float zfar = 0.0f;  // 0: none given (perspective: an infinite far plane)
    int node = -1;      // the first node that places it; -1: no node does (it cannot be used)
};

// A KHR_lights_punctual light, placed by the node that names it (Node::light): it shines down that
// node's -Z (directional, spot) or from its origin (point, spot). Units as the extension says:
// directional in lux, point and spot in candela; range 0 means none (inverse square alone).
struct Light {
    enum class Type { Directional, Point, Spot };
    std::string name;
    Type type = Type::Directional;
    glm::vec3 color{1.0f};
    float intensity = 1.0f;
    float range = 0.0f;
    float inner_cone = 0.0f;                 // radians
    float outer_cone = 0.7853981633974483f;  // radians, pi/4 by default
};

struct Asset {
    std::string source;  // file path or a description of where it came from
    Scene scene;
    std::vector<Mesh> meshes;
    std::vector<Skin> skins;
    std::vector<Clip> clips;
    std::vector<Material> materials;
    std::vector<Image> images;
    std::vector<Sampler> samplers;
    std::vector<Camera> cameras;
    std::vector<Light> lights;
    // VRM 0.x / 1.0 avatar data; version None for plain glTF.
    Vrm vrm;
    // KHR_materials_variants' names, in the file's order (empty when it has none).
    std::vector<std::string> variants;
    // Things a careful reader should know that did not stop the load: renormalised weights,
    // ignored morph targets, validator-style skin warnings. One line each.
    std::vector<std::string> report;
    // Images the file names that could not be drawn (a missing file, bytes no decoder reads, a size
    // past the limit), one line each naming the image and why: the file loads and draws without
    // them (their slots are emptied; the Image stays, 0x0, so indices hold), and `audit` counts
    // each as a failure. Each line is also in `report`.
    std::vector<std::string> image_failures;
    // The report lines that change the picture (an extension used and not drawn, a texture not
    // drawn, instances drawn once): what `render` prints on stderr so that a user holding a
    // surprising image learns why. Each line is also in `report`.
    std::vector<std::string> picture_notes;
};

}  // namespace sv::anim

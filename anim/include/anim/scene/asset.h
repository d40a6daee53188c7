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

// glTF's sampler, as GL enums (glTF uses GL's values). 0 filters: the file left them to the
// viewer, which then filters linearly with mipmaps.
struct Sampler {
    int mag_filter = 0;
    int min_filter = 0;
    int wrap_s = 10497;  // REPEAT
    int wrap_t = 10497;
};

// One of a material's texture slots: which image, sampled how, through which UV set, moved by
// KHR_texture_transform (uv' = T * R * S * uv, glTF's order).
struct TextureRef {
    int image = -1;     // index into Asset::images; -1: the slot is empty
    int sampler = -1;   // index into Asset::samplers; -1: the default sampler
    int tex_coord = 0;  // TEXCOORD_n, 0 or 1 (the extension's texCoord overrides the slot's)
    glm::vec2 offset{0.0f};
    float rotation = 0.0f;  // radians
    glm::vec2 scale{1.0f};
    // normalTexture.scale or occlusionTexture.strength; 1 for the other slots.
    float strength = 1.0f;
    bool present() const { return image >= 0; }
};

enum class AlphaMode { Opaque, Mask, Blend };

// How a material's colour is computed: glTF's metallic-roughness, the archived
// KHR_materials_pbrSpecularGlossiness (base_color then holds diffuseFactor and base_color_texture
// the diffuseTexture), or KHR_materials_unlit (the base colour is the output, no light at all).
enum class Workflow { MetallicRoughness, SpecularGlossiness, Unlit };

// VRMC_materials_mtoon 1.0 (or VRM 0.x's "VRM/MToon" materialProperties, mapped to 1.0's
// parameters as three-vrm's VRM0 importer maps them) on a material. Defaults are the 1.0
// specification's; `present` false: the material is drawn as glTF says (PBR).
enum class MToonOutlineMode { None, WorldCoordinates, ScreenCoordinates };

struct MToon {
    bool present = false;
    glm::vec3 shade_color{0.0f};
    TextureRef shade_texture;  // sRGB RGB, multiplies shade_color
    float shading_shift = 0.0f;
    TextureRef shading_shift_texture;  // R, times its `scale` (held in strength), added to the shift
    float shading_toony = 0.9f;
    float gi_equalization = 0.9f;
    glm::vec3 matcap_factor{1.0f};  // read, not drawn
    TextureRef matcap_texture;      // read, not drawn
    glm::vec3 rim_color{0.0f};      // parametricRimColorFactor
    float rim_fresnel_power = 5.0f;
    float rim_lift = 0.0f;
    TextureRef rim_texture;  // sRGB RGB, multiplies the rim
    float rim_lighting_mix = 1.0f;
    MToonOutlineMode outline_mode = MToonOutlineMode::None;
    float outline_width = 0.0f;        // metres (world) or a share of the screen height (screen)
    TextureRef outline_width_texture;  // G, multiplies the width
    glm::vec3 outline_color{0.0f};
    float outline_lighting_mix = 1.0f;
    bool has_outline() const {
        return present && outline_mode != MToonOutlineMode::None && outline_width > 0.0f;
    }
};

// glTF 2.0's metallic-roughness material with KHR_materials_emissive_strength, unlit,
// pbrSpecularGlossiness, ior, specular and clearcoat. Defaults are the
// specification's, so a material the file leaves empty draws as glTF says it should.
struct Material {
    std::string name;
    glm::vec4 base_color{1.0f};
    int base_color_image = -1;  // index into Asset::images (base_color_texture.image mirrors it)
    TextureRef base_color_texture;
    float metallic = 1.0f;
    float roughness = 1.0f;
    TextureRef metallic_roughness_texture;  // B metal, G rough, linear
    TextureRef normal_texture;              // strength: the normal scale
    TextureRef occlusion_texture;           // R, strength: how much of it applies
    TextureRef emissive_texture;            // sRGB
    glm::vec3 emissive{0.0f};
    float emissive_strength = 1.0f;
    AlphaMode alpha_mode = AlphaMode::Opaque;
    float alpha_cutoff = 0.5f;
    bool double_sided = false;

    Workflow workflow = Workflow::MetallicRoughness;
    // KHR_materials_pbrSpecularGlossiness: F0 and glossiness (roughness = 1 - glossiness); the
    // texture is sRGB specular in RGB and linear glossiness in A.
    glm::vec3 specular_glossiness_factor{1.0f};
    float glossiness = 1.0f;
    TextureRef specular_glossiness_texture;
    // KHR_materials_ior: the dielectric F0 is ((ior - 1) / (ior + 1))^2; 1.5 gives glTF's 0.04.
    float ior = 1.5f;
    // KHR_materials_specular: the dielectric lobe's strength (A of its texture) and F0 tint (sRGB).
    float specular = 1.0f;
    TextureRef specular_texture;
    glm::vec3 specular_color{1.0f};
    TextureRef specular_color_texture;
    // KHR_materials_clearcoat: a GGX layer with F0 0.04 over the material (0: none), its
    // roughness (G of its texture), its own normal map (strength: the normal scale).
    float clearcoat = 0.0f;
    TextureRef clearcoat_texture;  // R
    float clearcoat_roughness = 0.0f;
    TextureRef clearcoat_roughness_texture;  // G
    TextureRef clearcoat_normal_texture;
    // KHR_materials_sheen: a Charlie-distribution layer of this colour (black: none) and roughness,
    // over the material; colour texture sRGB RGB, roughness texture A.
    glm::vec3 sheen_color{0.0f};
    TextureRef sheen_color_texture;
    float sheen_roughness = 0.0f;
    TextureRef sheen_roughness_texture;
    // KHR_materials_transmission: the share of light that passes through the surface (R of its
    // texture), seen as the opaque scene behind, blurred by roughness. 0 everywhere: an ordinary
    // surface, drawn without the transmission pass.
    float transmission = 0.0f;
    TextureRef transmission_texture;  // R
    // KHR_materials_volume: the thickness in the mesh's own units (G of its texture; 0: thin
    // walled, no refraction offset), and Beer-Lambert attenuation to attenuation_color over
    // attenuation_distance (infinite: none).
    float thickness = 0.0f;
    TextureRef thickness_texture;  // G
    float attenuation_distance = std::numeric_limits<float>::infinity();
    glm::vec3 attenuation_color{1.0f};
    // KHR_materials_diffuse_transmission: the share of the diffuse (non-specular) light that
    // leaves through the far side of the surface as a Lambertian lobe instead of being reflected
    // (A of its texture), tinted by the colour (sRGB RGB of its texture). 0 everywhere: none, and
    // the material draws without the DIFFUSE_TRANSMISSION program.
    float diffuse_transmission = 0.0f;
    TextureRef diffuse_transmission_texture;  // A
    glm::vec3 diffuse_transmission_color{1.0f};
    TextureRef diffuse_transmission_color_texture;  // sRGB RGB
    // KHR_materials_dispersion: the spread of the ior over R, G, B (the Khronos renderer's
    // (ior - 1) * 0.025 * dispersion either side of G); 0 none.
    float dispersion = 0.0f;
    // KHR_materials_iridescence: a thin film over the material (0: none) of index iridescence_ior,
    // its thickness in nanometres mixed from min to max by G of its texture (max without one);
    // the factor's texture is R.
    float iridescence = 0.0f;
    TextureRef iridescence_texture;
    float iridescence_ior = 1.3f;
    float iridescence_thickness_min = 100.0f;
    float iridescence_thickness_max = 400.0f;
    TextureRef iridescence_thickness_texture;
    // KHR_materials_anisotropy: strength (0: isotropic) and rotation (radians, counter-clockwise
    // from the tangent); its texture holds the direction in RG (0..1 for -1..1) and strength in B.
    float anisotropy = 0.0f;
    float anisotropy_rotation = 0.0f;
    TextureRef anisotropy_texture;
    // VRMC_materials_mtoon (VRM avatars): drawn by the MTOON program instead of the PBR shading.
    MToon mtoon;

    // Every texture slot, for what must treat them all alike (an image that failed to decode is
    // dropped from each slot that uses it). A new slot goes here too, or that code misses it.
    template <class F>
    void for_each_texture(F&& f) {
        for (TextureRef* t :
             {&base_color_texture, &metallic_roughness_texture, &normal_texture, &occlusion_texture,
              &emissive_texture, &specular_glossiness_texture, &specular_texture, &specular_color_texture,
              &clearcoat_texture, &clearcoat_roughness_texture, &clearcoat_normal_texture,
              &sheen_color_texture, &sheen_roughness_texture, &transmission_texture, &thickness_texture,
              &iridescence_texture, &iridescence_thickness_texture, &anisotropy_texture})
            f(*t);
        for (TextureRef* t : {&diffuse_transmission_texture, &diffuse_transmission_color_texture}) f(*t);
        for (TextureRef* t : {&mtoon.shade_texture, &mtoon.shading_shift_texture, &mtoon.matcap_texture,
                              &mtoon.rim_texture, &mtoon.outline_width_texture})
            f(*t);
    }
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

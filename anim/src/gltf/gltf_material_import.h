// glTF materials and samplers into anim::Material / anim::Sampler: metallic-roughness factors and
// textures, normal / occlusion / emissive, KHR_materials_emissive_strength, _unlit, _pbrSpecularGlossiness,
// _ior, _specular, _clearcoat and _variants' names, KHR_texture_transform,
// alpha modes and doubleSided. Kept apart from the accessors (gltf_accessor.h) and the images
// (gltf_image_import.cpp), which it only indexes.
#pragma once

#include <map>
#include <string>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace tinygltf {
class Model;
class Value;
struct Material;
}  // namespace tinygltf

namespace sv::anim {

// Appends one Material per file material and one Sampler per file sampler to `out`. Texture and
// sampler indices are checked against the model; errors name the material and the slot.
Status import_materials(const tinygltf::Model& model, Asset& out);
// One texture slot (the texture's image and sampler, texCoord, KHR_texture_transform), checked
// against the model; `extensions` is the textureInfo's own extensions. Errors name `what`.
Status read_slot(const tinygltf::Model& m, const std::string& what, int index, int tex_coord,
                 const std::map<std::string, tinygltf::Value>& extensions, TextureRef& out, Asset& asset);
// A textureInfo inside an extension's JSON (`x`'s member `key`): index, texCoord, scale (into
// strength) and its KHR_texture_transform.
Status read_value_slot(const tinygltf::Model& m, const std::string& what, const tinygltf::Value& x,
                       const char* key, TextureRef& out, Asset& asset);

// KHR_materials_transmission, _volume, _diffuse_transmission and _dispersion of material `src`
// (called `name` in messages) into `d` (gltf_transmission_import.cpp). A value outside its range
// drops that extension with a note; a bad texture reference is refused.
Status import_transmission_volume(const tinygltf::Model& m, const std::string& name,
                                  const tinygltf::Material& src, Material& d, Asset& asset);

// KHR_materials_variants' names into Asset::variants (before the meshes, whose mappings index them).
Status import_variant_names(const tinygltf::Model& model, Asset& out);

}  // namespace sv::anim

// glTF materials and samplers into anim::Material / anim::Sampler: metallic-roughness factors and
// textures, normal / occlusion / emissive, KHR_materials_emissive_strength, _unlit, _pbrSpecularGlossiness,
// _ior, _specular, _clearcoat and _variants' names, KHR_texture_transform,
// alpha modes and doubleSided. Kept apart from the accessors (gltf_accessor.h) and the images
// (gltf_image_import.cpp), which it only indexes.
#pragma once

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace tinygltf {
class Model;
}

namespace sv::anim {

// Appends one Material per file material and one Sampler per file sampler to `out`. Texture and
// sampler indices are checked against the model; errors name the material and the slot.
Status import_materials(const tinygltf::Model& model, Asset& out);
// KHR_materials_variants' names into Asset::variants (before the meshes, whose mappings index them).
Status import_variant_names(const tinygltf::Model& model, Asset& out);

}  // namespace sv::anim

// VRM expressions' material binds (1.0 materialColorBinds and textureTransformBinds, 0.x
// materialValues) turned into the material values a frame draws: what "angry = 1" asks of each
// material's colour, emission and texture placement.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <utility>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace sv::anim {

// One material as the expressions leave it; only the parts some active bind touches are set.
struct ExpressionMaterialValue {
    int material = -1;
    bool has_color = false, has_emission = false, has_uv = false;
    glm::dvec4 base_color{1.0};  // the base colour factor
    glm::dvec3 emissive{0.0};    // the emissive factor (KHR_materials_emissive_strength still applies)
    // Every UV-read texture of the material: uv' = uv x uv_scale + uv_offset, after the texture's
    // own KHR_texture_transform.
    glm::dvec2 uv_scale{1.0}, uv_offset{0.0};
};

// Per VRMC_vrm-1.0 expressions.md: each bound value is Base + sum over expressions of
// (Target - Base) x the expression's output weight (expression_output_weights: isBinary and the
// override rules), Base the material's own value; a texture transform blends from scale (1, 1) and
// offset (0, 0) alike. Only the colour and emission targets are returned: skinview draws no MToon
// shade, matcap, rim or outline colour. An unknown expression name is refused as by
// expression_morph_weights; a bind naming a material the asset lacks is skipped (the reader noted it).
Expected<std::vector<ExpressionMaterialValue>> expression_material_values(
    const Asset& asset, const std::vector<std::pair<std::string, double>>& values);

}  // namespace sv::anim

// Which texture coordinates the base colour texture reads, and KHR_texture_transform applied to
// them at import (private to anim/src). skinview draws one texture, the base colour, so its
// textureInfo.texCoord (TEXCOORD_1 as well as TEXCOORD_0) and its transform are folded into the
// primitive's coordinates once, and the renderer keeps reading plain UVs. What this costs: a
// file whose other textures use other coordinates or transforms is drawn with the base colour's
// only, which is all skinview draws.
#pragma once

#include <tiny_gltf.h>

#include <glm/glm.hpp>
#include <string>

#include "anim/expected.h"

namespace sv::anim::gltf {

struct UvSource {
    int set = 0;                // TEXCOORD_<set>
    glm::dmat3 transform{1.0};  // KHR_texture_transform's offset * rotation * scale
    bool transformed = false;
};

// For a primitive drawn with `material` (-1: none). `name` names the material for the message.
Expected<UvSource> base_color_uv_source(const tinygltf::Model& m, int material);

// glm::dvec2 through the 3x3 affine transform.
inline glm::vec2 apply(const UvSource& s, glm::dvec2 uv) {
    return glm::vec2(glm::dvec2(s.transform * glm::dvec3(uv, 1.0)));
}

}  // namespace sv::anim::gltf

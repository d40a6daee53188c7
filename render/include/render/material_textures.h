// A character's images and samplers on the GPU, and its materials resolved to MaterialBindings.
// Colour textures (base colour, emissive) are uploaded as sRGB so the sampler decodes them to
// linear before filtering; data textures (metallic-roughness, normal, occlusion) stay linear. An
// image used both ways is uploaded twice.
#pragma once

#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "render/gl.h"
#include "render/gl_name.h"
#include "render/material_binding.h"

namespace sv::render {

class MaterialTextures {
public:
    static Expected<MaterialTextures> create(const anim::Asset& asset);
    // Material `m` of the asset (glTF's default material when m is -1 or out of range).
    MaterialBinding binding(const anim::Asset& asset, int m) const;

private:
    std::vector<GlTexture> linear_;  // per image, empty when no data slot uses it
    std::vector<GlTexture> srgb_;    // per image, empty when no colour slot uses it
    std::vector<GlSampler> samplers_;
};

}  // namespace sv::render

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
    // Uploads asset.images (kept as they are).
    static Expected<MaterialTextures> create(const anim::Asset& asset);
    // Uploads `texels` in place of asset.images (index for index: what
    // anim::Character::take_image_texels took out of the asset) and frees each image's texels
    // (left empty, no capacity) as soon as its last texture is made, so the CPU copy of the
    // textures shrinks as the driver's grows instead of both peaking together.
    static Expected<MaterialTextures> create(const anim::Asset& asset, std::vector<anim::Image>& texels);
    // Material `m` of the asset (glTF's default material when m is -1 or out of range).
    MaterialBinding binding(const anim::Asset& asset, int m) const;

private:
    // `owned`: the same vector as `images`, whose texels may be freed as they are uploaded; null
    // when they must be kept.
    static Expected<MaterialTextures> create_from(const anim::Asset& asset,
                                                  const std::vector<anim::Image>& images,
                                                  std::vector<anim::Image>* owned);
    std::vector<GlTexture> linear_;  // per image, empty when no data slot uses it
    std::vector<GlTexture> srgb_;    // per image, empty when no colour slot uses it
    std::vector<GlSampler> samplers_;
};

}  // namespace sv::render

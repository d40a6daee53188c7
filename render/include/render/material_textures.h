// A character's images and samplers on the GPU, and its materials resolved to MaterialBindings.
// Colour textures (base colour, emissive) are uploaded as sRGB so the sampler decodes them to
// linear before filtering; data textures (metallic-roughness, normal, occlusion) stay linear. An
// image used both ways is uploaded twice.
#pragma once

#include <vector>

#include "anim/asset.h"
#include "anim/expected.h"
#include "render/gl.h"
#include "render/material_binding.h"

namespace sv::render {

class MaterialTextures {
public:
    static Expected<MaterialTextures> create(const anim::Asset& asset);
    MaterialTextures() = default;
    MaterialTextures(const MaterialTextures&) = delete;
    MaterialTextures& operator=(const MaterialTextures&) = delete;
    MaterialTextures(MaterialTextures&& o) noexcept { *this = std::move(o); }
    MaterialTextures& operator=(MaterialTextures&& o) noexcept;
    ~MaterialTextures();

    // Material `m` of the asset (glTF's default material when m is -1 or out of range).
    MaterialBinding binding(const anim::Asset& asset, int m) const;

private:
    void release();
    std::vector<GLuint> linear_;  // per image, 0 when no data slot uses it
    std::vector<GLuint> srgb_;    // per image, 0 when no colour slot uses it
    std::vector<GLuint> samplers_;
};

}  // namespace sv::render

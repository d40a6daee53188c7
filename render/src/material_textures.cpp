#include "render/material_textures.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "render/brdf.h"
#include "render/mip_chain.h"

namespace sv::render {

namespace {

GLsizei level_count(int width, int height) {
    GLsizei n = 1;
    for (int side = std::max(width, height); side > 1; side /= 2) ++n;
    return n;
}

GlTexture upload(const anim::Image& img, bool srgb) {
    GlTexture tex = GlTexture::make();
    glBindTexture(GL_TEXTURE_2D, tex.get());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    const GLenum format = srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8;
    // Immutable storage for the whole chain where the context has it (render/src/context.cpp's
    // load_gl says why: Mesa holds a chain given level by level about twice); the same texels
    // either way, and the same sampling, since both chains are complete.
    const bool storage = glad_glTexStorage2D != nullptr;
    const auto level_image = [&](GLint level, int w, int h, const std::uint8_t* texels) {
        if (storage)
            glTexSubImage2D(GL_TEXTURE_2D, level, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, texels);
        else
            glTexImage2D(GL_TEXTURE_2D, level, static_cast<GLint>(format), w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                         texels);
    };
    if (storage)
        glTexStorage2D(GL_TEXTURE_2D, level_count(img.width, img.height), format, img.width, img.height);
    level_image(0, img.width, img.height, img.rgba.data());
    // The levels on the CPU where the sides are powers of two (render/mip_chain.h: llvmpipe's
    // glGenerateMipmap was 116 ms of a 1024x1024 sRGB texture); the driver's elsewhere. A level at
    // a time, each uploaded and freed once the next is made from it.
    MipLevel level = next_mip_level(img.rgba.data(), img.width, img.height, srgb);
    if (level.rgba.empty()) glGenerateMipmap(GL_TEXTURE_2D);
    for (GLint i = 1; !level.rgba.empty(); ++i) {
        level_image(i, level.width, level.height, level.rgba.data());
        level = next_mip_level(level.rgba.data(), level.width, level.height, srgb);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    return tex;
}

bool valid_image(const std::vector<anim::Image>& images, int i) {
    if (i < 0 || static_cast<size_t>(i) >= images.size()) return false;
    const anim::Image& img = images[static_cast<size_t>(i)];
    return img.width > 0 && img.height > 0 &&
           img.rgba.size() == static_cast<size_t>(img.width) * img.height * 4;
}

GLint wrap_of(int w) { return w == GL_CLAMP_TO_EDGE || w == GL_MIRRORED_REPEAT ? w : GL_REPEAT; }

}  // namespace

Expected<MaterialTextures> MaterialTextures::create(const anim::Asset& a) {
    return create_from(a, a.images, nullptr);
}

Expected<MaterialTextures> MaterialTextures::create(const anim::Asset& a, std::vector<anim::Image>& texels) {
    return create_from(a, texels, &texels);
}

Expected<MaterialTextures> MaterialTextures::create_from(const anim::Asset& a,
                                                         const std::vector<anim::Image>& images,
                                                         std::vector<anim::Image>* owned) {
    MaterialTextures t;
    // resize, not assign: the owners are move-only, and default ones are empty.
    t.linear_.resize(images.size());
    t.srgb_.resize(images.size());
    // Every (image, colour space) the materials need, in the order the slots below name them, then
    // uploaded in that order; an owned image's texels are freed after its last texture is made.
    std::vector<std::pair<int, bool>> wanted;
    const auto need = [&](int image, bool srgb) {
        if (!valid_image(images, image)) return;
        for (const auto& w : wanted)
            if (w.first == image && w.second == srgb) return;
        wanted.emplace_back(image, srgb);
    };
    for (const anim::Material& m : a.materials) {
        need(m.base_color_image, true);
        need(m.emissive_texture.image, true);
        need(m.metallic_roughness_texture.image, false);
        need(m.normal_texture.image, false);
        need(m.occlusion_texture.image, false);
        // Specular-glossiness RGB is sRGB; an sRGB texture decodes RGB only, so A (glossiness) stays linear.
        need(m.specular_glossiness_texture.image, true);
        need(m.specular_texture.image, false);
        need(m.specular_color_texture.image, true);
        need(m.clearcoat_texture.image, false);
        need(m.clearcoat_roughness_texture.image, false);
        need(m.clearcoat_normal_texture.image, false);
        need(m.transmission_texture.image, false);
        need(m.thickness_texture.image, false);
        need(m.diffuse_transmission_texture.image, false);
        need(m.diffuse_transmission_color_texture.image, true);
        need(m.sheen_color_texture.image, true);
        need(m.sheen_roughness_texture.image, false);
        need(m.iridescence_texture.image, false);
        need(m.iridescence_thickness_texture.image, false);
        need(m.anisotropy_texture.image, false);
        need(m.mtoon.shade_texture.image, true);
        need(m.mtoon.shading_shift_texture.image, false);
        need(m.mtoon.rim_texture.image, true);
        need(m.mtoon.outline_width_texture.image, false);
    }
    std::vector<size_t> last_use(images.size(), 0);
    for (size_t k = 0; k < wanted.size(); ++k) last_use[static_cast<size_t>(wanted[k].first)] = k;
    for (size_t k = 0; k < wanted.size(); ++k) {
        const auto [image, srgb] = wanted[k];
        const size_t i = static_cast<size_t>(image);
        (srgb ? t.srgb_ : t.linear_)[i] = upload(images[i], srgb);
        // swap, not clear(): clear() keeps the capacity, which is the memory this is for.
        if (owned && last_use[i] == k) std::vector<std::uint8_t>().swap((*owned)[i].rgba);
    }
    for (const anim::Sampler& s : a.samplers) {
        GlSampler sampler = GlSampler::make();
        const GLuint id = sampler.get();
        // Unset filters are the viewer's choice: trilinear, as the texture's own parameters.
        glSamplerParameteri(id, GL_TEXTURE_MIN_FILTER, s.min_filter ? s.min_filter : GL_LINEAR_MIPMAP_LINEAR);
        glSamplerParameteri(id, GL_TEXTURE_MAG_FILTER, s.mag_filter ? s.mag_filter : GL_LINEAR);
        glSamplerParameteri(id, GL_TEXTURE_WRAP_S, wrap_of(s.wrap_s));
        glSamplerParameteri(id, GL_TEXTURE_WRAP_T, wrap_of(s.wrap_t));
        t.samplers_.push_back(std::move(sampler));
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    if (const GLenum err = glGetError(); err != GL_NO_ERROR)
        return make_error("material textures: GL error " + std::to_string(err) + " while uploading " +
                          std::to_string(images.size()) + " images");
    return t;
}

MaterialBinding MaterialTextures::binding(const anim::Asset& a, int index) const {
    MaterialBinding b;
    if (index < 0 || static_cast<size_t>(index) >= a.materials.size()) return b;
    const anim::Material& m = a.materials[static_cast<size_t>(index)];
    b.base_color = m.base_color;
    b.metallic = m.metallic;
    b.roughness = m.roughness;
    b.emissive = m.emissive * m.emissive_strength;
    b.normal_scale = m.normal_texture.strength;
    b.occlusion_strength = m.occlusion_texture.strength;
    b.alpha_mode = m.alpha_mode;
    b.alpha_cutoff = m.alpha_cutoff;
    b.double_sided = m.double_sided;
    b.workflow = m.workflow;
    b.f0_from_ior = brdf::f0_from_ior(m.ior);
    b.specular = m.specular;
    b.specular_color = m.specular_color;
    b.specular_glossiness = m.specular_glossiness_factor;
    b.glossiness = m.glossiness;
    b.clearcoat = m.clearcoat;
    b.clearcoat_roughness = m.clearcoat_roughness;
    b.clearcoat_normal_scale = m.clearcoat_normal_texture.strength;
    b.sheen_color = m.sheen_color;
    b.sheen_roughness = m.sheen_roughness;
    b.iridescence = m.iridescence;
    b.anisotropy = m.anisotropy;
    b.anisotropy_rotation = m.anisotropy_rotation;
    b.iridescence_ior = m.iridescence_ior;
    b.iridescence_thickness_min = m.iridescence_thickness_min;
    b.iridescence_thickness_max = m.iridescence_thickness_max;
    const auto fill = [&](TextureBinding& t, const anim::TextureRef& ref, int image, bool srgb) {
        if (image < 0 || static_cast<size_t>(image) >= linear_.size()) return;
        t.texture = (srgb ? srgb_ : linear_)[static_cast<size_t>(image)].get();
        // The reference's sampler and transform belong to this image only when it names it (a
        // test may point base_color_image elsewhere by hand).
        if (ref.image != image) return;
        if (ref.sampler >= 0 && static_cast<size_t>(ref.sampler) < samplers_.size())
            t.sampler = samplers_[static_cast<size_t>(ref.sampler)].get();
        t.set = ref.tex_coord;
        t.transform = texture_transform(ref.offset, ref.rotation, ref.scale);
    };
    const auto slot = [&](TextureSlot k, const anim::TextureRef& ref, int image, bool srgb) {
        fill(b.textures[k], ref, image, srgb);
    };
    slot(kSlotBaseColor, m.base_color_texture, m.base_color_image, true);
    slot(kSlotMetallicRoughness, m.metallic_roughness_texture, m.metallic_roughness_texture.image, false);
    slot(kSlotNormal, m.normal_texture, m.normal_texture.image, false);
    slot(kSlotOcclusion, m.occlusion_texture, m.occlusion_texture.image, false);
    slot(kSlotEmissive, m.emissive_texture, m.emissive_texture.image, true);
    if (m.workflow == anim::Workflow::SpecularGlossiness)
        slot(kSlotMetallicRoughness, m.specular_glossiness_texture, m.specular_glossiness_texture.image,
             true);
    slot(kSlotSpecular, m.specular_texture, m.specular_texture.image, false);
    slot(kSlotSpecularColor, m.specular_color_texture, m.specular_color_texture.image, true);
    slot(kSlotClearcoat, m.clearcoat_texture, m.clearcoat_texture.image, false);
    slot(kSlotClearcoatRoughness, m.clearcoat_roughness_texture, m.clearcoat_roughness_texture.image, false);
    slot(kSlotClearcoatNormal, m.clearcoat_normal_texture, m.clearcoat_normal_texture.image, false);
    slot(kSlotSheenColor, m.sheen_color_texture, m.sheen_color_texture.image, true);
    slot(kSlotSheenRoughness, m.sheen_roughness_texture, m.sheen_roughness_texture.image, false);
    slot(kSlotIridescence, m.iridescence_texture, m.iridescence_texture.image, false);
    slot(kSlotAnisotropy, m.anisotropy_texture, m.anisotropy_texture.image, false);
    slot(kSlotIridescenceThickness, m.iridescence_thickness_texture, m.iridescence_thickness_texture.image,
         false);
    TransmissionBinding& tr = b.transmission;
    tr.factor = m.transmission;
    fill(tr.texture, m.transmission_texture, m.transmission_texture.image, false);
    tr.thickness = m.thickness;
    fill(tr.thickness_texture, m.thickness_texture, m.thickness_texture.image, false);
    tr.attenuation_distance = std::isfinite(m.attenuation_distance) ? m.attenuation_distance : 0.0f;
    tr.attenuation_color = m.attenuation_color;
    tr.dispersion = m.dispersion;
    tr.ior = m.ior;
    DiffuseTransmissionBinding& dt = b.diffuse_transmission;
    dt.factor = m.diffuse_transmission;
    fill(dt.texture, m.diffuse_transmission_texture, m.diffuse_transmission_texture.image, false);
    dt.color = m.diffuse_transmission_color;
    fill(dt.color_texture, m.diffuse_transmission_color_texture, m.diffuse_transmission_color_texture.image,
         true);
    dt.thickness = m.thickness;
    fill(dt.thickness_texture, m.thickness_texture, m.thickness_texture.image, false);
    dt.attenuation_distance = tr.attenuation_distance;
    dt.attenuation_color = m.attenuation_color;
    const anim::MToon& mt = m.mtoon;
    MToonBinding& mb = b.mtoon;
    mb.present = mt.present;
    mb.shade_color = mt.shade_color;
    fill(mb.shade_texture, mt.shade_texture, mt.shade_texture.image, true);
    mb.shading_shift = mt.shading_shift;
    fill(mb.shading_shift_texture, mt.shading_shift_texture, mt.shading_shift_texture.image, false);
    mb.shading_shift_scale = mt.shading_shift_texture.strength;
    mb.shading_toony = mt.shading_toony;
    mb.gi_equalization = mt.gi_equalization;
    mb.rim_color = mt.rim_color;
    mb.rim_fresnel_power = mt.rim_fresnel_power;
    mb.rim_lift = mt.rim_lift;
    mb.rim_lighting_mix = mt.rim_lighting_mix;
    fill(mb.rim_texture, mt.rim_texture, mt.rim_texture.image, true);
    mb.outline_mode = static_cast<int>(mt.outline_mode);
    mb.outline_width = mt.outline_width;
    fill(mb.outline_width_texture, mt.outline_width_texture, mt.outline_width_texture.image, false);
    mb.outline_color = mt.outline_color;
    mb.outline_lighting_mix = mt.outline_lighting_mix;
    return b;
}

}  // namespace sv::render

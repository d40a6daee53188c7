#include "render/material_textures.h"

#include <cmath>
#include <utility>
#include <vector>

#include "render/brdf.h"
#include "render/mip_chain.h"

namespace sv::render {

namespace {

GlTexture upload(const anim::Image& img, bool srgb) {
    GlTexture tex = GlTexture::make();
    glBindTexture(GL_TEXTURE_2D, tex.get());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    const GLint format = srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8;
    glTexImage2D(GL_TEXTURE_2D, 0, format, img.width, img.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 img.rgba.data());
    // The levels on the CPU where the sides are powers of two (render/mip_chain.h: llvmpipe's
    // glGenerateMipmap was 116 ms of a 1024x1024 sRGB texture); the driver's elsewhere.
    const std::vector<MipLevel> levels = box_mip_chain(img.rgba.data(), img.width, img.height, srgb);
    if (levels.empty()) glGenerateMipmap(GL_TEXTURE_2D);
    for (size_t i = 0; i < levels.size(); ++i)
        glTexImage2D(GL_TEXTURE_2D, static_cast<GLint>(i + 1), format, levels[i].width, levels[i].height, 0,
                     GL_RGBA, GL_UNSIGNED_BYTE, levels[i].rgba.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    return tex;
}

bool valid_image(const anim::Asset& a, int i) {
    if (i < 0 || static_cast<size_t>(i) >= a.images.size()) return false;
    const anim::Image& img = a.images[static_cast<size_t>(i)];
    return img.width > 0 && img.height > 0 &&
           img.rgba.size() == static_cast<size_t>(img.width) * img.height * 4;
}

GLint wrap_of(int w) { return w == GL_CLAMP_TO_EDGE || w == GL_MIRRORED_REPEAT ? w : GL_REPEAT; }

}  // namespace

Expected<MaterialTextures> MaterialTextures::create(const anim::Asset& a) {
    MaterialTextures t;
    // resize, not assign: the owners are move-only, and default ones are empty.
    t.linear_.resize(a.images.size());
    t.srgb_.resize(a.images.size());
    const auto need = [&](int image, bool srgb) {
        if (!valid_image(a, image)) return;
        GlTexture& slot = (srgb ? t.srgb_ : t.linear_)[static_cast<size_t>(image)];
        if (!slot) slot = upload(a.images[static_cast<size_t>(image)], srgb);
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
                          std::to_string(a.images.size()) + " images");
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

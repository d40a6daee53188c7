#include "render/material_binding.h"

#include <cmath>
#include <cstring>
#include <glm/gtc/type_ptr.hpp>
#include <string>

#include "render/texture_units.h"

namespace sv::render {

void bind_texture_binding(const ShaderProgram& program, GLuint unit, const TextureBinding& t,
                          const char* sampler, const char* set, const char* transform) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, t.texture);
    glBindSampler(unit, t.sampler);
    glUniform1i(program.uniform(sampler), static_cast<GLint>(unit));
    glUniform1i(program.uniform(set), t.texture ? t.set : -1);
    glUniformMatrix3fv(program.uniform(transform), 1, GL_FALSE, glm::value_ptr(t.transform));
}

glm::mat3 texture_transform(glm::vec2 offset, float rotation, glm::vec2 scale) {
    const float c = std::cos(rotation), s = std::sin(rotation);
    // The extension's matrices, written as columns: translation, then rotation by -rotation in
    // UV space (its R has sin in the top-right), then scale.
    const glm::mat3 t(1, 0, 0, 0, 1, 0, offset.x, offset.y, 1);
    const glm::mat3 r(c, -s, 0, s, c, 0, 0, 0, 1);
    const glm::mat3 sc(scale.x, 0, 0, 0, scale.y, 0, 0, 0, 1);
    return t * r * sc;
}

void bind_material(const ShaderProgram& program, const MaterialBinding& m, const Environment* environment,
                   const LightingSettings& lighting, const glm::vec3& camera_position, bool mirrored) {
    glUniform4fv(program.uniform("u_base_color"), 1, glm::value_ptr(m.base_color));
    glUniform1f(program.uniform("u_metallic"), m.metallic);
    glUniform1f(program.uniform("u_roughness"), m.roughness);
    glUniform3fv(program.uniform("u_emissive"), 1, glm::value_ptr(m.emissive));
    glUniform1f(program.uniform("u_normal_scale"), m.normal_scale);
    glUniform1f(program.uniform("u_occlusion_strength"), m.occlusion_strength);
    glUniform1i(program.uniform("u_alpha_mode"), static_cast<GLint>(m.alpha_mode));
    glUniform1f(program.uniform("u_alpha_cutoff"), m.alpha_cutoff);
    glUniform1i(program.uniform("u_workflow"), static_cast<GLint>(m.workflow));
    glUniform1f(program.uniform("u_f0_ior"), m.f0_from_ior);
    glUniform1f(program.uniform("u_specular"), m.specular);
    glUniform3fv(program.uniform("u_specular_color"), 1, glm::value_ptr(m.specular_color));
    glUniform4f(program.uniform("u_specular_glossiness"), m.specular_glossiness.r, m.specular_glossiness.g,
                m.specular_glossiness.b, m.glossiness);
    glUniform3f(program.uniform("u_clearcoat"), m.clearcoat, m.clearcoat_roughness, m.clearcoat_normal_scale);
    glUniform4f(program.uniform("u_sheen"), m.sheen_color.r, m.sheen_color.g, m.sheen_color.b,
                m.sheen_roughness);
    glUniform3f(program.uniform("u_anisotropy"), std::cos(m.anisotropy_rotation),
                std::sin(m.anisotropy_rotation), m.anisotropy);
    glUniform4f(program.uniform("u_iridescence"), m.iridescence, m.iridescence_ior,
                m.iridescence_thickness_min, m.iridescence_thickness_max);
    GLint sets[kSlotCount];
    float transforms[kSlotCount * 9];
    for (size_t k = 0; k < kSlotCount; ++k) {
        const TextureBinding& t = m.textures[k];
        sets[k] = t.texture ? t.set : -1;
        std::memcpy(&transforms[k * 9], glm::value_ptr(t.transform), sizeof(float) * 9);
        glActiveTexture(GL_TEXTURE0 + kMaterialUnits[k]);
        glBindTexture(GL_TEXTURE_2D, t.texture);
        glBindSampler(kMaterialUnits[k], t.sampler);
        glUniform1i(program.uniform(kMaterialSamplers[k]), static_cast<GLint>(kMaterialUnits[k]));
    }
    glUniform1iv(program.uniform("u_texture_set[0]"), kSlotCount, sets);
    glUniformMatrix3fv(program.uniform("u_texture_transform[0]"), kSlotCount, GL_FALSE, transforms);

    const float env = environment ? lighting.environment_intensity : 0.0f;
    glActiveTexture(GL_TEXTURE0 + kEnvironmentUnit);
    glBindTexture(GL_TEXTURE_2D, environment ? environment->atlas() : 0);
    glActiveTexture(GL_TEXTURE0 + kBrdfLutUnit);
    glBindTexture(GL_TEXTURE_2D, environment ? environment->lut() : 0);
    glActiveTexture(GL_TEXTURE0 + kSheenAtlasUnit);
    glBindTexture(GL_TEXTURE_2D, environment ? environment->sheen_atlas() : 0);
    glActiveTexture(GL_TEXTURE0 + kSheenAlbedoUnit);
    glBindTexture(GL_TEXTURE_2D, environment ? environment->sheen_albedo() : 0);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(program.uniform("u_sheen_atlas"), static_cast<GLint>(kSheenAtlasUnit));
    glUniform1i(program.uniform("u_sheen_albedo"), static_cast<GLint>(kSheenAlbedoUnit));
    glUniform1i(program.uniform("u_env_atlas"), static_cast<GLint>(kEnvironmentUnit));
    glUniform1i(program.uniform("u_brdf_lut"), static_cast<GLint>(kBrdfLutUnit));
    if (environment) glUniform3fv(program.uniform("u_env_sh[0]"), 9, glm::value_ptr(environment->sh()[0]));
    // The Khronos renderer's environmentRotation (gl-matrix rotateY): a world direction w reads the
    // environment at Ry(angle) w, so `--env-rotation 90` here and environmentRotation 90 there light
    // a model alike (tests/khronos_reference holds the two against each other).
    const float a = glm::radians(lighting.environment_rotation_deg);
    const glm::mat3 rot(std::cos(a), 0, -std::sin(a), 0, 1, 0, std::sin(a), 0, std::cos(a));
    glUniformMatrix3fv(program.uniform("u_env_rotation"), 1, GL_FALSE, glm::value_ptr(rot));
    glUniform1f(program.uniform("u_env_intensity"), env);
    glUniform3fv(program.uniform("u_key_direction"), 1,
                 glm::value_ptr(glm::normalize(lighting.key_direction)));
    const glm::vec3 key = lighting.key_light ? glm::vec3(lighting.key_intensity) : glm::vec3(0.0f);
    glUniform3fv(program.uniform("u_key_color"), 1, glm::value_ptr(key));
    // KHR_lights_punctual (punctual_lights.glsl); the arrays are uploaded whole, only `count` are read.
    const PunctualLights& pl = lighting.punctual;
    const int count = lighting.file_lights ? pl.count : 0;
    glUniform1i(program.uniform("u_punctual_count"), count);
    if (count > 0) {
        GLint types[kMaxPunctualLights];
        glm::vec3 pos[kMaxPunctualLights], to[kMaxPunctualLights], rad[kMaxPunctualLights];
        float range[kMaxPunctualLights];
        glm::vec2 cone[kMaxPunctualLights];
        for (int i = 0; i < kMaxPunctualLights; ++i) {
            const PunctualLight& l = pl.lights[static_cast<size_t>(i)];
            types[i] = l.type;
            pos[i] = l.position;
            to[i] = l.to_light;
            rad[i] = l.radiance;
            range[i] = l.range;
            cone[i] = glm::vec2(l.cone_scale, l.cone_offset);
        }
        glUniform1iv(program.uniform("u_punctual_type[0]"), kMaxPunctualLights, types);
        glUniform3fv(program.uniform("u_punctual_position[0]"), kMaxPunctualLights, glm::value_ptr(pos[0]));
        glUniform3fv(program.uniform("u_punctual_to_light[0]"), kMaxPunctualLights, glm::value_ptr(to[0]));
        glUniform3fv(program.uniform("u_punctual_radiance[0]"), kMaxPunctualLights, glm::value_ptr(rad[0]));
        glUniform1fv(program.uniform("u_punctual_range[0]"), kMaxPunctualLights, range);
        glUniform2fv(program.uniform("u_punctual_cone[0]"), kMaxPunctualLights, glm::value_ptr(cone[0]));
    }
    glUniform1f(program.uniform("u_exposure"), lighting.exposure);
    glUniform3fv(program.uniform("u_camera_position"), 1, glm::value_ptr(camera_position));

    if (m.double_sided) {
        glDisable(GL_CULL_FACE);
    } else {
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
    }
    // A mirroring placement turns counter-clockwise triangles clockwise on screen.
    glFrontFace(mirrored ? GL_CW : GL_CCW);
    if (m.alpha_mode == anim::AlphaMode::Blend) {
        glEnable(GL_BLEND);
        // Colour blends over what is there; alpha accumulates coverage, so an opaque clear stays 1.
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(GL_FALSE);
    } else {
        glDisable(GL_BLEND);
        glDepthMask(GL_TRUE);
    }
}

void unbind_material() {
    glDisable(GL_CULL_FACE);
    glFrontFace(GL_CCW);
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    for (GLuint unit : kMaterialUnits) glBindSampler(unit, 0);
}

}  // namespace sv::render

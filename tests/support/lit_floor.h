// A lit floor for KHR_lights_punctual's tests: a 20 m white floor at y = 0 (normals up, metal 0,
// roughness 1, double-sided) with one light on node 1 at height `h` pointing straight down, drawn
// from straight above with an orthographic view, the light alone lighting it (sky intensity 0, key
// light off, no grid, exposure 1) over a blue clear colour. Shared by the range/cone test
// (punctual_lights_test) and the formula-shape test (punctual_falloff_shape_test): both read a floor
// pixel as a known distance and angle from the light, which only holds for this exact set-up.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/character/character.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/gl.h"
#include "render/image.h"
#include "render/punctual_lights.h"
#include "render/render_target.h"

namespace sv::test {

// `no_specular`: KHR_materials_specular's factor 0, so the BRDF is base / pi and nothing else.
inline anim::Asset lit_floor_asset(const anim::Light& light, double h, bool no_specular) {
    anim::Asset a;
    a.source = "lit_floor";
    anim::Mesh m;
    m.name = "floor";
    anim::Primitive p;
    p.positions = {{-10, 0, -10}, {10, 0, -10}, {10, 0, 10}, {-10, 0, 10}};
    p.normals = {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}};
    p.indices = {0, 2, 1, 0, 3, 2};
    p.material = 0;
    m.primitives.push_back(p);
    a.meshes.push_back(m);
    anim::Material mat;
    mat.metallic = 0.0f;
    mat.roughness = 1.0f;
    if (no_specular) mat.specular = 0.0f;
    mat.double_sided = true;
    a.materials.push_back(mat);
    a.lights.push_back(light);
    a.scene.nodes.resize(2);
    a.scene.nodes[0].name = "floor";
    a.scene.nodes[0].mesh = 0;
    a.scene.nodes[1].name = "light";
    a.scene.nodes[1].translation = {0.0, h, 0.0};
    // -Z (a light's axis) turned onto -Y.
    a.scene.nodes[1].rotation = glm::dquat(std::cos(-M_PI / 4), std::sin(-M_PI / 4), 0.0, 0.0);
    a.scene.nodes[1].light = 0;
    a.scene.update_matrices();
    return a;
}

// The floor seen from 20 m above: `pixels` square, spanning -half..half metres in x and z (+x to the
// right, -z up). Empty on a failure, which has been reported through EXPECT.
inline render::RgbaImage draw_lit_floor(const anim::Light& light, double h, bool no_specular, int pixels,
                                        float half) {
    auto ctx = render::create_headless_context(render::Api::GL);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return {};
    auto c = anim::Character::create(lit_floor_asset(light, h, no_specular));
    EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
    if (!c) return {};
    c->pose_at(-1, 0.0f, false);
    auto r = render::CharacterRenderer::create(render::Api::GL, *c);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    if (!r) return {};
    render::RenderTarget target;
    EXPECT_TRUE(target.resize(pixels, pixels).ok());
    target.bind();
    glViewport(0, 0, pixels, pixels);
    glEnable(GL_DEPTH_TEST);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    render::DrawOptions o;
    o.draw_grid = false;
    o.lighting.key_light = false;
    o.lighting.environment_intensity = 0.0f;
    o.lighting.exposure = 1.0f;
    o.lighting.punctual = render::gather_punctual_lights(*c);
    EXPECT_EQ(o.lighting.punctual.count, 1);
    const glm::mat4 vp = glm::ortho(-half, half, -half, half, 0.1f, 100.0f) *
                         glm::lookAt(glm::vec3(0, 20, 0), glm::vec3(0), glm::vec3(0, 0, -1));
    (*r)->draw(*c, {render::CharacterInstance{}}, vp, o);
    return target.read();
}

}  // namespace sv::test

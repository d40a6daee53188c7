// EXT_mesh_gpu_instancing on a skinned mesh, drawn: the asset builder's arm, bent at its elbow by its
// clip, with three instances (tests/support/instanced_arm.h). The extension places a copy at
// NodeWorld x Instance x vertex; for a skinned node the skinned vertex stands in for the vertex
// (expressed in the node's frame: G x Instance x G^-1 x skinned, G the node's global). The CPU
// expectation is worked here from the specifications alone: linear blend skinning
// sum_j w_j (joint global_j x inverse bind_j) v over the posed scene's joint globals, then each
// instance's T x R x S built from the values written into the file. Held on GL and GLES:
//  - the read-back of each copy (the placement the draw uses) against it, within float rounding;
//  - the drawn picture: every copy's expected vertices land on drawn pixels;
// with negative controls: copy 2's read-back against copy 0's expectation, and the file without
// the extension, whose copies 1 and 2 are not drawn.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/gtc/matrix_transform.hpp>
#include <optional>

#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "instanced_arm.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/gl.h"
#include "render/image.h"
#include "render/render_target.h"
#include "test_paths.h"

using namespace sv;

namespace {

constexpr int kW = 320, kH = 200;

struct Drawn {
    std::vector<std::vector<glm::dvec3>> expected;  // per copy, per vertex, world
    std::vector<std::vector<glm::vec3>> read_back;  // per copy (with the extension only)
    std::vector<double> covered;                    // per copy: share of expected vertices on drawn pixels
};

glm::dmat4 trs(const test::InstanceTrs& i) {
    return glm::translate(glm::dmat4(1.0), glm::dvec3(i.translation)) *
           glm::mat4_cast(glm::dquat(i.rotation)) * glm::scale(glm::dmat4(1.0), glm::dvec3(i.scale));
}

Drawn run(render::Api api, bool with_extension) {
    Drawn out;
    const auto copies = test::three_arm_instances();
    int node = -1;
    auto asset =
        anim::load_gltf_from_memory(test::instanced_arm_glb(copies, with_extension, &node), "", true);
    EXPECT_TRUE(asset.ok()) << (asset.ok() ? "" : asset.error().message);
    if (!asset) return out;
    auto ctx = render::create_headless_context(api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return out;
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
    if (!c) return out;
    c->pose_at(0, 1.0f, false);  // "bend" at 1 s: the elbow at 90 degrees
    auto r = render::CharacterRenderer::create(api, *c);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    if (!r) return out;
    render::CharacterInstance placement;
    EXPECT_TRUE((*r)->write_palettes(*c, placement).ok());
    (*r)->upload_palettes();

    // The CPU expectation: linear blend skinning from the posed joint globals, by hand.
    const anim::Asset& a = c->asset();
    const anim::Skin& skin = a.skins[0];
    const anim::Primitive& prim =
        a.meshes[static_cast<size_t>(a.scene.nodes[static_cast<size_t>(node)].mesh)].primitives[0];
    std::vector<glm::dvec3> skinned(prim.positions.size());
    for (size_t v = 0; v < prim.positions.size(); ++v) {
        glm::dvec4 sum(0.0);
        for (size_t k = 0; k < prim.joints[v].size(); ++k) {
            const double w = prim.weights[v][k];
            if (w == 0.0) continue;
            const int j = prim.joints[v][k];
            const glm::dmat4 m = c->scene_pose().global(skin.joints[static_cast<size_t>(j)]) *
                                 skin.inverse_bind[static_cast<size_t>(j)];
            sum += w * (m * glm::dvec4(glm::dvec3(prim.positions[v]), 1.0));
        }
        skinned[v] = glm::dvec3(sum);
    }
    const glm::dmat4 g = c->scene_pose().global(node);
    for (size_t k = 0; k < copies.size(); ++k) {
        const glm::dmat4 place = g * trs(copies[k]) * glm::inverse(g);
        std::vector<glm::dvec3> e;
        for (const glm::dvec3& p : skinned) e.push_back(glm::dvec3(place * glm::dvec4(p, 1.0)));
        out.expected.push_back(std::move(e));
        if (with_extension) {
            auto back = (*r)->read_back(*c, 0, 0, placement, true, render::SkinMode::LinearBlend,
                                        static_cast<int>(k));
            EXPECT_TRUE(back.ok()) << (back.ok() ? "" : back.error().message);
            out.read_back.push_back(back ? *back : std::vector<glm::vec3>{});
        }
    }
    if (with_extension) {
        auto beyond = (*r)->read_back(*c, 0, 0, placement, true, render::SkinMode::LinearBlend, 3);
        EXPECT_FALSE(beyond.ok()) << "a fourth copy was read back";
    }

    render::RenderTarget target;
    EXPECT_TRUE(target.resize(kW, kH).ok());
    target.bind();
    glViewport(0, 0, kW, kH);
    glEnable(GL_DEPTH_TEST);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    render::DrawOptions o;
    o.draw_grid = false;
    o.auto_rung = false;
    o.rung = render::SkinMode::LinearBlend;
    // x -5..5, y -2..4.25, looking along -Z: all three copies in view.
    const glm::mat4 vp = glm::ortho(-5.0f, 5.0f, -2.0f, 4.25f, 0.1f, 100.0f) *
                         glm::lookAt(glm::vec3(0, 0, 20), glm::vec3(0), glm::vec3(0, 1, 0));
    (*r)->draw(*c, {placement}, vp, o);
    const render::RgbaImage img = target.read();
    (void)render::write_png(
        (test::output_dir() / (test::current_test_stem() + (with_extension ? "" : "_plain") + ".png"))
            .string(),
        img);
    const auto drawn = [&](int x, int y) {
        // Within a pixel: an expected vertex on the silhouette may round to the pixel beside it.
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int px = std::clamp(x + dx, 0, kW - 1), py = std::clamp(y + dy, 0, kH - 1);
                const std::uint8_t* p = img.at(px, py);
                if (!(p[0] == 0 && p[1] == 0 && p[2] == 255)) return true;
            }
        return false;
    };
    for (const auto& e : out.expected) {
        int hit = 0;
        for (const glm::dvec3& w : e) {
            const glm::vec4 clip = vp * glm::vec4(glm::vec3(w), 1.0f);
            const int x = static_cast<int>(std::floor((clip.x / clip.w * 0.5f + 0.5f) * kW));
            const int y = static_cast<int>(std::floor((0.5f - clip.y / clip.w * 0.5f) * kH));
            if (x >= 0 && x < kW && y >= 0 && y < kH && drawn(x, y)) ++hit;
        }
        out.covered.push_back(double(hit) / double(e.size()));
    }
    return out;
}

double worst(const std::vector<glm::vec3>& got, const std::vector<glm::dvec3>& want) {
    if (got.size() != want.size()) return 1e9;
    double w = 0.0;
    for (size_t i = 0; i < got.size(); ++i) w = std::max(w, glm::length(glm::dvec3(got[i]) - want[i]));
    return w;
}

class SkinnedInstancing : public ::testing::TestWithParam<render::Api> {};

TEST_P(SkinnedInstancing, EveryCopyPlaysThePosePlacedByItsInstance) {
    const Drawn d = run(GetParam(), true);
    ASSERT_EQ(d.read_back.size(), 3u);
    for (size_t k = 0; k < 3; ++k) {
        const double err = worst(d.read_back[k], d.expected[k]);
        std::printf(
            "[ figure ] copy %zu: read-back within %.2e m of the CPU expectation; %.1f%% of its vertices "
            "on drawn pixels\n",
            k, err, 100.0 * d.covered[k]);
        // Float skinning of an arm 2.5 m long: rounding is of order 1e-7 x 2.5 per operation.
        EXPECT_LT(err, 1e-4) << "copy " << k;
        EXPECT_GE(d.covered[k], 0.97) << "copy " << k;
    }
    const double swapped = worst(d.read_back[2], d.expected[0]);
    std::printf("[ figure ] control: copy 2 against copy 0's expectation: %.2f m\n", swapped);
    EXPECT_GT(swapped, 1.0) << "negative control: the copies are not placed apart";
}

TEST_P(SkinnedInstancing, WithoutTheExtensionOneArmIsDrawn) {
    const Drawn d = run(GetParam(), false);
    ASSERT_EQ(d.covered.size(), 3u);
    std::printf("[ figure ] without the extension: %.1f%%, %.1f%%, %.1f%% of the copies' vertices drawn\n",
                100.0 * d.covered[0], 100.0 * d.covered[1], 100.0 * d.covered[2]);
    EXPECT_LT(d.covered[0], 0.5);  // the copies stand apart from where the plain arm is
    EXPECT_LT(d.covered[2], 0.5);
}

INSTANTIATE_TEST_SUITE_P(Apis, SkinnedInstancing, ::testing::Values(render::Api::GL, render::Api::GLES),
                         [](const auto& info) { return std::string(render::api_name(info.param)); });

}  // namespace

// Materials, samplers and the attributes materials read (TANGENT, COLOR_0, TEXCOORD_1), imported
// from the Khronos samples in ../shared/khronos/ (skipped when absent), and the refusals that name
// the material and slot. Also the generated tangents against the ones a file supplies.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "anim/gltf/gltf_import.h"
#include "anim/scene/tangents.h"
#include "glb_edit.h"
#include "test_paths.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {

std::string khronos(const std::string& model, const std::string& file) {
    const auto p = sv::test::shared_assets().parent_path() / "khronos" / model / file;
    return std::filesystem::exists(p) ? p.string() : std::string();
}
std::string glb(const std::string& model) { return khronos(model, "glTF-Binary/" + model + ".glb"); }

#define LOAD_OR_SKIP(var, path)                                                 \
    const std::string var##_path = path;                                        \
    if (var##_path.empty()) GTEST_SKIP() << "not in ../shared/khronos: " #path; \
    auto var##_loaded = load_gltf(var##_path);                                  \
    ASSERT_TRUE(var##_loaded.ok()) << var##_loaded.error().message;             \
    const Asset& var = *var##_loaded

const Material* by_name(const Asset& a, const std::string& name) {
    for (const auto& m : a.materials)
        if (m.name == name) return &m;
    return nullptr;
}

TEST(MaterialImport, AlphaModesCutoffsAndSidedness) {
    LOAD_OR_SKIP(a, glb("AlphaBlendModeTest"));
    const Material* blend = by_name(a, "MatBlend");
    const Material* c25 = by_name(a, "MatCutoff25");
    const Material* c75 = by_name(a, "MatCutoff75");
    const Material* cdef = by_name(a, "MatCutoffDefault");
    const Material* opaque = by_name(a, "MatOpaque");
    const Material* bed = by_name(a, "MatBed");
    ASSERT_TRUE(blend && c25 && c75 && cdef && opaque && bed);
    EXPECT_EQ(blend->alpha_mode, AlphaMode::Blend);
    EXPECT_EQ(c25->alpha_mode, AlphaMode::Mask);
    EXPECT_FLOAT_EQ(c25->alpha_cutoff, 0.25f);
    EXPECT_FLOAT_EQ(c75->alpha_cutoff, 0.75f);
    EXPECT_FLOAT_EQ(cdef->alpha_cutoff, 0.5f);  // the specification's default
    EXPECT_EQ(opaque->alpha_mode, AlphaMode::Opaque);
    EXPECT_TRUE(opaque->double_sided);
    EXPECT_FALSE(bed->double_sided);
    EXPECT_FLOAT_EQ(blend->metallic, 0.0f);
    EXPECT_NEAR(blend->roughness, 0.8f, 1e-6f);
    // The bed leaves its factors to the defaults (metallic 1, roughness 1) and uses four slots:
    // textures 0..2 name images 0..2 (normal 0, occlusion and metallic-roughness 1, base 2).
    EXPECT_FLOAT_EQ(bed->metallic, 1.0f);
    EXPECT_FLOAT_EQ(bed->roughness, 1.0f);
    EXPECT_EQ(bed->normal_texture.image, 0);
    EXPECT_EQ(bed->occlusion_texture.image, 1);
    EXPECT_EQ(bed->metallic_roughness_texture.image, 1);
    EXPECT_EQ(bed->base_color_image, 2);
    EXPECT_EQ(bed->base_color_texture.image, 2);
    EXPECT_FALSE(bed->emissive_texture.present());
}

TEST(MaterialImport, EmissiveStrength) {
    LOAD_OR_SKIP(a, glb("EmissiveStrengthTest"));
    for (const auto& [name, strength] : std::vector<std::pair<std::string, float>>{
             {"Emit1", 1.0f}, {"Emit2", 2.0f}, {"Emit4", 4.0f}, {"Emit8", 8.0f}, {"Emit16", 16.0f}}) {
        const Material* m = by_name(a, name);
        ASSERT_TRUE(m) << name;
        EXPECT_FLOAT_EQ(m->emissive_strength, strength) << name;
        EXPECT_NEAR(m->emissive.g, 0.5f, 1e-6f) << name;
    }
}

TEST(MaterialImport, SamplersKeepTheirWraps) {
    LOAD_OR_SKIP(a, glb("TextureSettingsTest"));
    const auto sampler_of = [&](const std::string& name) -> Sampler {
        const Material* m = by_name(a, name);
        EXPECT_TRUE(m) << name;
        if (!m || m->base_color_texture.sampler < 0) return {};
        return a.samplers[static_cast<size_t>(m->base_color_texture.sampler)];
    };
    EXPECT_EQ(sampler_of("TextureClampMaterialT").wrap_t, 33071);  // CLAMP_TO_EDGE
    EXPECT_EQ(sampler_of("TextureClampMaterialS").wrap_s, 33071);
    EXPECT_EQ(sampler_of("TextureMirrorMaterialT").wrap_t, 33648);  // MIRRORED_REPEAT
    EXPECT_EQ(sampler_of("TextureMirrorMaterialS").wrap_s, 33648);
    EXPECT_EQ(sampler_of("TextureRepeatMaterialS").wrap_s, 10497);  // REPEAT
    EXPECT_EQ(sampler_of("TextureRepeatMaterialS").min_filter, 9986);
}

TEST(MaterialImport, VertexColoursAndTangents) {
    LOAD_OR_SKIP(a, glb("VertexColorTest"));
    size_t coloured = 0;
    for (const auto& mesh : a.meshes)
        for (const auto& p : mesh.primitives) {
            if (p.colors.empty()) continue;
            ++coloured;
            EXPECT_EQ(p.colors.size(), p.positions.size());
            EXPECT_EQ(p.tangents.size(), p.positions.size());
            for (const auto& t : p.tangents) EXPECT_TRUE(t.w == 1.0f || t.w == -1.0f);
        }
    EXPECT_GT(coloured, 0u);
}

TEST(MaterialImport, TextureTransform) {
    LOAD_OR_SKIP(a, khronos("TextureTransformTest", "glTF/TextureTransformTest.gltf"));
    bool rotated = false, scaled = false, offset = false;
    for (const auto& m : a.materials) {
        const TextureRef& t = m.base_color_texture;
        if (std::abs(t.rotation - 0.39269908f) < 1e-5f) rotated = true;
        if (t.scale == glm::vec2(1.5f)) scaled = true;
        if (t.offset == glm::vec2(0.5f, 0.0f)) offset = true;
    }
    EXPECT_TRUE(rotated);
    EXPECT_TRUE(scaled);
    EXPECT_TRUE(offset);
}

// The generated tangents agree with the ones the file's author generated (MikkTSpace in their
// exporter) on a model that supplies them: same handedness everywhere, same direction within a
// few degrees where the UV layout is not degenerate.
TEST(GeneratedTangents, AgreeWithTheFilesOwn) {
    LOAD_OR_SKIP(a, glb("AlphaBlendModeTest"));
    size_t compared = 0, sign_agrees = 0, direction_agrees = 0;
    for (const auto& mesh : a.meshes)
        for (const auto& p : mesh.primitives) {
            if (p.tangents.empty() || p.uvs.empty() || p.normals.empty()) continue;
            const auto g = generate_tangents(p, p.normals, p.uvs);
            ASSERT_EQ(g.size(), p.tangents.size());
            for (size_t i = 0; i < g.size(); ++i) {
                ++compared;
                if (g[i].w == p.tangents[i].w) ++sign_agrees;
                if (glm::dot(glm::vec3(g[i]), glm::normalize(glm::vec3(p.tangents[i]))) > 0.99f)
                    ++direction_agrees;
            }
        }
    ASSERT_GT(compared, 100u);
    // Seams shared by one vertex can differ (see tangents.h); 95% is far above chance (50%).
    EXPECT_GT(double(sign_agrees) / compared, 0.95) << sign_agrees << " of " << compared;
    EXPECT_GT(double(direction_agrees) / compared, 0.9) << direction_agrees << " of " << compared;
}

TEST(GeneratedTangents, PerpendicularToTheNormalAndUnit) {
    Primitive p;
    p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    p.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    p.uvs = {{0, 1}, {1, 1}, {0, 0}};  // u along +x, v down the image along -y: a plain layout
    p.indices = {0, 1, 2};
    const auto t = generate_tangents(p, p.normals, p.uvs);
    ASSERT_EQ(t.size(), 3u);
    for (const auto& x : t) {
        EXPECT_NEAR(x.x, 1.0f, 1e-6f);  // dP/du is +x
        EXPECT_NEAR(glm::length(glm::vec3(x)), 1.0f, 1e-6f);
        // cross(N, T) = +y is "up the image" (v decreasing): right-handed, w = +1.
        EXPECT_EQ(x.w, 1.0f);
    }
    // Mirror the UVs left-right and the handedness flips.
    p.uvs = {{1, 1}, {0, 1}, {1, 0}};
    for (const auto& x : generate_tangents(p, p.normals, p.uvs)) {
        EXPECT_NEAR(x.x, -1.0f, 1e-6f);
        EXPECT_EQ(x.w, -1.0f);
    }
}

TEST(MaterialImportErrors, NameTheMaterialAndSlot) {
    const std::string path = glb("AlphaBlendModeTest");
    if (path.empty()) GTEST_SKIP() << "AlphaBlendModeTest is not in ../shared/khronos";
    const auto base = Glb::parse(sv::test::read_bytes(path));
    {
        Glb g = base;
        g.json["materials"][1]["pbrMetallicRoughness"]["baseColorTexture"]["index"] = 99;
        auto r = load_gltf_from_memory(g.pack(), "", true);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(
            r.error().message.find("material 1 ('MatBlend') baseColorTexture: texture 99 is out of range"),
            std::string::npos)
            << r.error().message;
    }
    {
        Glb g = base;
        g.json["materials"][0]["normalTexture"]["texCoord"] = 2;
        auto r = load_gltf_from_memory(g.pack(), "", true);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().message.find("normalTexture: texCoord 2"), std::string::npos)
            << r.error().message;
    }
    {
        // A valid edit loads: the negative control for the two above.
        Glb g = base;
        g.json["materials"][0]["normalTexture"]["texCoord"] = 0;
        EXPECT_TRUE(load_gltf_from_memory(g.pack(), "", true).ok());
    }
}

}  // namespace

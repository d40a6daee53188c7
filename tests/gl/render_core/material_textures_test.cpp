// Every texture slot a material can name is uploaded and bound, whatever other slot does or does
// not share its image. Uploading is per image and colour space, on the slots `create` lists, while
// binding reads what was uploaded: a slot missing from that list draws as if it had no texture,
// silently, whenever no other slot of the file names the same image (found so for the sheen,
// iridescence and anisotropy slots, IridescenceSuzanne's thickness texture among them).
#include "render/material_textures.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "anim/scene/asset.h"
#include "render/context.h"
#include "render/gl.h"

namespace {

using namespace sv;

struct Slot {
    const char* name;
    std::function<anim::TextureRef&(anim::Material&)> ref;
    std::function<const render::TextureBinding&(const render::MaterialBinding&)> bound;
};

std::vector<Slot> slots() {
    using M = anim::Material;
    using B = render::MaterialBinding;
    const auto arr = [](render::TextureSlot k) {
        return [k](const B& b) -> const render::TextureBinding& { return b.textures[k]; };
    };
    return {
        {"baseColorTexture", [](M& m) -> anim::TextureRef& { return m.base_color_texture; },
         arr(render::kSlotBaseColor)},
        {"metallicRoughnessTexture", [](M& m) -> anim::TextureRef& { return m.metallic_roughness_texture; },
         arr(render::kSlotMetallicRoughness)},
        {"normalTexture", [](M& m) -> anim::TextureRef& { return m.normal_texture; },
         arr(render::kSlotNormal)},
        {"occlusionTexture", [](M& m) -> anim::TextureRef& { return m.occlusion_texture; },
         arr(render::kSlotOcclusion)},
        {"emissiveTexture", [](M& m) -> anim::TextureRef& { return m.emissive_texture; },
         arr(render::kSlotEmissive)},
        {"specularTexture", [](M& m) -> anim::TextureRef& { return m.specular_texture; },
         arr(render::kSlotSpecular)},
        {"specularColorTexture", [](M& m) -> anim::TextureRef& { return m.specular_color_texture; },
         arr(render::kSlotSpecularColor)},
        {"clearcoatTexture", [](M& m) -> anim::TextureRef& { return m.clearcoat_texture; },
         arr(render::kSlotClearcoat)},
        {"clearcoatRoughnessTexture", [](M& m) -> anim::TextureRef& { return m.clearcoat_roughness_texture; },
         arr(render::kSlotClearcoatRoughness)},
        {"clearcoatNormalTexture", [](M& m) -> anim::TextureRef& { return m.clearcoat_normal_texture; },
         arr(render::kSlotClearcoatNormal)},
        {"sheenColorTexture", [](M& m) -> anim::TextureRef& { return m.sheen_color_texture; },
         arr(render::kSlotSheenColor)},
        {"sheenRoughnessTexture", [](M& m) -> anim::TextureRef& { return m.sheen_roughness_texture; },
         arr(render::kSlotSheenRoughness)},
        {"iridescenceTexture", [](M& m) -> anim::TextureRef& { return m.iridescence_texture; },
         arr(render::kSlotIridescence)},
        {"iridescenceThicknessTexture",
         [](M& m) -> anim::TextureRef& { return m.iridescence_thickness_texture; },
         arr(render::kSlotIridescenceThickness)},
        {"anisotropyTexture", [](M& m) -> anim::TextureRef& { return m.anisotropy_texture; },
         arr(render::kSlotAnisotropy)},
        {"transmissionTexture", [](M& m) -> anim::TextureRef& { return m.transmission_texture; },
         [](const B& b) -> const render::TextureBinding& { return b.transmission.texture; }},
        {"thicknessTexture", [](M& m) -> anim::TextureRef& { return m.thickness_texture; },
         [](const B& b) -> const render::TextureBinding& { return b.transmission.thickness_texture; }},
        {"diffuseTransmissionTexture",
         [](M& m) -> anim::TextureRef& { return m.diffuse_transmission_texture; },
         [](const B& b) -> const render::TextureBinding& { return b.diffuse_transmission.texture; }},
        {"diffuseTransmissionColorTexture",
         [](M& m) -> anim::TextureRef& { return m.diffuse_transmission_color_texture; },
         [](const B& b) -> const render::TextureBinding& { return b.diffuse_transmission.color_texture; }},
    };
}

// One 2 x 2 image named by exactly one slot of the only material.
anim::Asset one_slot_asset(const Slot& s) {
    anim::Asset a;
    anim::Image img;
    img.width = img.height = 2;
    img.rgba.assign(16, 200);
    a.images.push_back(img);
    anim::Material m;
    s.ref(m).image = 0;
    if (std::string(s.name) == "baseColorTexture") m.base_color_image = 0;
    a.materials.push_back(m);
    return a;
}

TEST(MaterialTextures, EverySlotAloneOnItsImageIsBound) {
    auto ctx = render::create_headless_context(render::Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    const auto all = slots();
    // Every slot of the binding is listed here, so a slot added later must be added too.
    EXPECT_EQ(all.size(), size_t(render::kSlotCount) + 4) << "the slot arrays plus transmission's two and "
                                                             "diffuse transmission's two own textures";
    for (const Slot& s : all) {
        const anim::Asset a = one_slot_asset(s);
        auto t = render::MaterialTextures::create(a);
        ASSERT_TRUE(t.ok()) << s.name << ": " << t.error().message;
        const render::MaterialBinding b = t->binding(a, 0);
        EXPECT_NE(s.bound(b).texture, 0u) << s.name << ": named by the material, but no texture is bound";
    }
}

// Negative control: with no slot naming the image nothing is bound, so the check above can fail.
TEST(MaterialTextures, AnImageNoSlotNamesIsNotBound) {
    auto ctx = render::create_headless_context(render::Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    for (const Slot& s : slots()) {
        anim::Asset a = one_slot_asset(s);
        a.materials[0] = anim::Material();
        auto t = render::MaterialTextures::create(a);
        ASSERT_TRUE(t.ok()) << t.error().message;
        EXPECT_EQ(s.bound(t->binding(a, 0)).texture, 0u) << s.name;
    }
}

// Every level of `texture`, read back as RGBA8 (desktop GL's glGetTexImage), level after level.
std::vector<std::uint8_t> all_levels(GLuint texture) {
    std::vector<std::uint8_t> out;
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    for (GLint level = 0;; ++level) {
        GLint w = 0, h = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &w);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_HEIGHT, &h);
        if (w == 0 || h == 0) break;
        std::vector<std::uint8_t> px(static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
        glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
        out.push_back(static_cast<std::uint8_t>(level));
        out.insert(out.end(), px.begin(), px.end());
        if (w == 1 && h == 1) break;
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    return out;
}

// A power-of-two image named by an sRGB and a linear slot (two uploads of one image, freed after
// the second) and another size (the driver's chain) on a second material.
anim::Asset two_image_asset() {
    std::mt19937 rng(7);
    anim::Asset a;
    for (auto [w, h] : {std::pair{64, 32}, std::pair{12, 10}}) {
        anim::Image img;
        img.width = w;
        img.height = h;
        img.rgba.resize(static_cast<size_t>(w * h * 4));
        for (auto& b : img.rgba) b = static_cast<std::uint8_t>(rng() & 255);
        a.images.push_back(img);
    }
    anim::Material m0, m1;
    m0.base_color_texture.image = m0.base_color_image = 0;
    m0.normal_texture.image = 0;
    m1.base_color_texture.image = m1.base_color_image = 1;
    a.materials = {m0, m1};
    return a;
}

// The three textures two_image_asset's materials bind, each level read back.
std::vector<std::vector<std::uint8_t>> read_back(const render::MaterialTextures& t, const anim::Asset& a) {
    return {all_levels(t.binding(a, 0).textures[render::kSlotBaseColor].texture),
            all_levels(t.binding(a, 0).textures[render::kSlotNormal].texture),
            all_levels(t.binding(a, 1).textures[render::kSlotBaseColor].texture)};
}

// Texels handed over (anim::Character::take_image_texels) are freed once uploaded and give the
// textures the asset's own would, level for level; immutable storage (glTexStorage2D, what the
// upload uses where the context has it) holds the same texels as the chain given level by level
// with glTexImage2D (what it did before, and does without it).
TEST(MaterialTextures, TakenTexelsAreFreedAndImmutableStorageHoldsTheSameLevels) {
    auto ctx = render::create_headless_context(render::Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    ASSERT_NE(glad_glTexStorage2D, nullptr) << "llvmpipe's GL 4.5 has glTexStorage2D";
    const anim::Asset a = two_image_asset();
    auto kept = render::MaterialTextures::create(a);
    ASSERT_TRUE(kept.ok()) << kept.error().message;
    const auto want = read_back(*kept, a);
    ASSERT_EQ(want[0].size(), size_t(7 + 4 * (64 * 32 + 32 * 16 + 16 * 8 + 8 * 4 + 4 * 2 + 2 * 1 + 1)))
        << "seven levels, 64x32 to 1x1";
    std::vector<anim::Image> texels = a.images;
    auto taken = render::MaterialTextures::create(a, texels);
    ASSERT_TRUE(taken.ok()) << taken.error().message;
    for (const anim::Image& im : texels) EXPECT_EQ(im.rgba.capacity(), 0u) << "not freed once uploaded";
    EXPECT_TRUE(read_back(*taken, a) == want);
    const auto storage = glad_glTexStorage2D;
    glad_glTexStorage2D = nullptr;  // the glTexImage2D path, as a context without it takes
    auto plain = render::MaterialTextures::create(a);
    glad_glTexStorage2D = storage;
    ASSERT_TRUE(plain.ok()) << plain.error().message;
    EXPECT_TRUE(read_back(*plain, a) == want);
    // Negative control: one texel changed is seen in the read-back, so the comparisons can fail.
    anim::Asset changed = a;
    changed.images[1].rgba[5] ^= 1;
    auto other = render::MaterialTextures::create(changed);
    ASSERT_TRUE(other.ok());
    EXPECT_FALSE(read_back(*other, changed) == want);
}

}  // namespace

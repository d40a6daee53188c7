// Every texture slot a material can name is uploaded and bound, whatever other slot does or does
// not share its image. Uploading is per image and colour space, on the slots `create` lists, while
// binding reads what was uploaded: a slot missing from that list draws as if it had no texture,
// silently, whenever no other slot of the file names the same image (found so for the sheen,
// iridescence and anisotropy slots, IridescenceSuzanne's thickness texture among them).
#include "render/material_textures.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "anim/scene/asset.h"
#include "render/context.h"

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

}  // namespace

// The palette texture: shape, refusals, one upload over the changed rows, and what the GPU holds.
#include "render/palette_texture.h"

#include <gtest/gtest.h>

#include "anim/pose/palette_layout.h"
#include "api_print.h"
#include "render/context.h"

namespace sv::render {
namespace {

class Palette : public ::testing::TestWithParam<Api> {
protected:
    void SetUp() override {
        auto ctx = create_headless_context(GetParam());
        ASSERT_TRUE(ctx.ok()) << ctx.error().message;
        ctx_ = std::move(*ctx);
    }
    std::unique_ptr<Context> ctx_;
};

TEST_P(Palette, TextureIs2048WideRgba32f) {
    auto p = PaletteTexture::create(3);
    ASSERT_TRUE(p.ok()) << p.error().message;
    EXPECT_EQ(kPaletteTextureWidth, 2048);
    EXPECT_EQ(MAX_JOINTS, kPaletteTextureWidth / 4);
    // What the GPU holds for a row is exactly what was written: RGBA32F loses nothing.
    std::vector<float> m(16 * 3);
    for (size_t i = 0; i < m.size(); ++i) m[i] = 0.1f * float(i) + 1e-7f * float(i * i);
    ASSERT_TRUE(p->set_row(1, m.data(), 3).ok());
    EXPECT_EQ(p->upload(), 1);
    const std::vector<float> back = p->read_back_row(1);
    ASSERT_EQ(back.size(), static_cast<size_t>(kPaletteTextureWidth) * 4);
    for (size_t i = 0; i < m.size(); ++i) EXPECT_EQ(back[i], m[i]) << "float " << i;
    // Four texels a matrix: joint 2's first column starts at texel 8.
    EXPECT_EQ(back[8 * 4], m[32]);
}

TEST_P(Palette, UploadSpansOnlyTheChangedRows) {
    auto p = PaletteTexture::create(8);
    ASSERT_TRUE(p.ok());
    std::vector<float> m(16, 1.0f);
    EXPECT_EQ(p->upload(), 0) << "nothing written, nothing uploaded";
    ASSERT_TRUE(p->set_row(2, m.data(), 1).ok());
    ASSERT_TRUE(p->set_row(5, m.data(), 1).ok());
    EXPECT_EQ(p->upload(), 4) << "rows 2..5 in one span";
    EXPECT_EQ(p->upload(), 0);
}

TEST_P(Palette, RefusesRowsAndJointCountsOutOfRange) {
    auto p = PaletteTexture::create(2);
    ASSERT_TRUE(p.ok());
    std::vector<float> m(16 * (MAX_JOINTS + 1), 0.0f);
    auto bad_row = p->set_row(2, m.data(), 1);
    ASSERT_FALSE(bad_row.ok());
    EXPECT_EQ(bad_row.error().message, "palette row 2 is outside 0..1");
    auto too_many = p->set_row(0, m.data(), MAX_JOINTS + 1);
    ASSERT_FALSE(too_many.ok());
    EXPECT_EQ(too_many.error().message, "palette row 0: 513 joints, a row holds at most 512");
    EXPECT_TRUE(p->set_row(0, m.data(), MAX_JOINTS).ok());
    auto none = PaletteTexture::create(0);
    ASSERT_FALSE(none.ok());
}

INSTANTIATE_TEST_SUITE_P(Apis, Palette, ::testing::Values(Api::GL, Api::GLES),
                         [](const auto& info) { return std::string(api_name(info.param)); });

}  // namespace
}  // namespace sv::render

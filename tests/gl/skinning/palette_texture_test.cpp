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
    EXPECT_EQ(kPaletteMatricesPerRow, kPaletteTextureWidth / 4);
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

TEST_P(Palette, RefusesRowsAndBlocksOutOfRange) {
    auto p = PaletteTexture::create(3);
    ASSERT_TRUE(p.ok());
    std::vector<float> m(16 * (2 * kPaletteMatricesPerRow + 1), 0.0f);
    auto bad_row = p->set_row(3, m.data(), 1);
    ASSERT_FALSE(bad_row.ok());
    EXPECT_EQ(bad_row.error().message, "palette row 3 is outside 0..2");
    // 1025 joints take three rows: from row 0 they fit exactly, from row 1 they would run past.
    EXPECT_TRUE(p->set_row(0, m.data(), 2 * kPaletteMatricesPerRow + 1).ok());
    auto past = p->set_row(1, m.data(), 2 * kPaletteMatricesPerRow + 1);
    ASSERT_FALSE(past.ok());
    EXPECT_EQ(past.error().message,
              "palette rows 1..3 (1025 joints at 512 a row) run past the texture's 3 rows");
    // 1024 joints are exactly two rows, so from row 1 they fit.
    EXPECT_TRUE(p->set_row(1, m.data(), 2 * kPaletteMatricesPerRow).ok());
    auto negative = p->set_row(0, m.data(), -1);
    ASSERT_FALSE(negative.ok());
    auto none = PaletteTexture::create(0);
    ASSERT_FALSE(none.ok());
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    auto too_tall = PaletteTexture::create(max_size + 1);
    ASSERT_FALSE(too_tall.ok());
    EXPECT_NE(too_tall.error().message.find("GL_MAX_TEXTURE_SIZE"), std::string::npos)
        << too_tall.error().message;
}

// A block of several rows: joint j lands in texture row first + j / 512 at texel (j % 512) * 4,
// read back from the GPU texture itself; the shadow's matrix() agrees; one upload spans the block.
TEST_P(Palette, ABlockSpansRowsJointByJoint) {
    auto p = PaletteTexture::create(5);
    ASSERT_TRUE(p.ok());
    const int joints = 2 * kPaletteMatricesPerRow + 7;  // three rows
    std::vector<float> m(16 * static_cast<size_t>(joints));
    for (size_t i = 0; i < m.size(); ++i) m[i] = float(i % 100003) + 0.25f;
    ASSERT_TRUE(p->set_row(1, m.data(), joints).ok());
    EXPECT_EQ(p->upload(), 3) << "rows 1..3 in one span";
    EXPECT_EQ(p->row_joints(1), joints);
    for (int j : {0, 511, 512, 1023, 1024, joints - 1}) {
        const std::vector<float> back = p->read_back_row(1 + j / kPaletteMatricesPerRow);
        ASSERT_EQ(back.size(), static_cast<size_t>(kPaletteTextureWidth) * 4);
        const size_t at = static_cast<size_t>(j % kPaletteMatricesPerRow) * 16;
        for (size_t k = 0; k < 16; ++k) {
            EXPECT_EQ(back[at + k], m[static_cast<size_t>(j) * 16 + k]) << "joint " << j << " float " << k;
            EXPECT_EQ(p->matrix(1, j)[k], m[static_cast<size_t>(j) * 16 + k]) << "joint " << j;
        }
    }
    // Row 4 is no part of the block: still zero.
    const std::vector<float> after = p->read_back_row(4);
    ASSERT_FALSE(after.empty());
    EXPECT_EQ(after[0], 0.0f);
}

INSTANTIATE_TEST_SUITE_P(Apis, Palette, ::testing::Values(Api::GL, Api::GLES),
                         [](const auto& info) { return std::string(api_name(info.param)); });

}  // namespace
}  // namespace sv::render

#include <gtest/gtest.h>

#include "render/image_compare.h"

namespace sv::render {
namespace {

RgbaImage flat(int w, int h, std::uint8_t v) {
    RgbaImage img;
    img.width = w;
    img.height = h;
    img.pixels.assign(static_cast<size_t>(w) * h * 4, v);
    return img;
}

TEST(ImageCompare, IdenticalImagesMatch) {
    auto r = compare_images(flat(10, 10, 100), flat(10, 10, 100));
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->match);
    EXPECT_EQ(r->differing_pixels, 0);
    EXPECT_EQ(r->max_channel_difference, 0);
}

TEST(ImageCompare, SizeMismatchIsAnError) {
    auto r = compare_images(flat(10, 10, 0), flat(10, 11, 0));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "image sizes differ: expected 10x10, actual 10x11");
}

TEST(ImageCompare, ChannelToleranceIsInclusive) {
    RgbaImage a = flat(10, 10, 100), b = a;
    b.at(3, 4)[1] = 108;  // exactly 8: within tolerance
    auto r = compare_images(a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->differing_pixels, 0);
    EXPECT_EQ(r->max_channel_difference, 8);
    b.at(3, 4)[1] = 109;  // 9: differs
    r = compare_images(a, b);
    EXPECT_EQ(r->differing_pixels, 1);
    EXPECT_EQ(r->diff.at(3, 4)[0], 255);
    EXPECT_EQ(r->diff.at(3, 4)[1], 0);
}

// 0.1% of 100x100 is 10 pixels: 10 differing pixels still match, 11 do not.
TEST(ImageCompare, FractionThreshold) {
    RgbaImage a = flat(100, 100, 0), b = a;
    for (int i = 0; i < 10; ++i) b.at(i, 0)[0] = 200;
    auto r = compare_images(a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->differing_pixels, 10);
    EXPECT_TRUE(r->match) << r->summary();
    b.at(10, 0)[0] = 200;
    r = compare_images(a, b);
    EXPECT_FALSE(r->match) << r->summary();
    EXPECT_EQ(r->summary(), "MISMATCH: 11 of 10000 pixels differ (0.1100%), largest channel difference 200/255");
}

}  // namespace
}  // namespace sv::render

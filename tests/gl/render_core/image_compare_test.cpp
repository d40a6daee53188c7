#include "render/image_compare.h"

#include <gtest/gtest.h>

namespace sv::render {
namespace {

RgbaImage flat(int w, int h, std::uint8_t v) {
    RgbaImage img;
    img.width = w;
    img.height = h;
    img.pixels.assign(static_cast<size_t>(w) * h * 4, v);
    return img;
}

// A 100x100 background of 0 with a 50x20 "character" of 200 at the top left: footprint 1000.
RgbaImage with_character() {
    RgbaImage img = flat(100, 100, 0);
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 50; ++x) img.at(x, y)[0] = 200;
    return img;
}

TEST(ImageCompare, IdenticalImagesMatch) {
    auto r = compare_images(with_character(), with_character());
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->match);
    EXPECT_EQ(r->differing_pixels, 0);
    EXPECT_EQ(r->footprint_pixels, 1000);
    EXPECT_EQ(r->max_channel_difference, 0);
}

TEST(ImageCompare, SizeMismatchIsAnError) {
    auto r = compare_images(flat(10, 10, 0), flat(10, 11, 0));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "image sizes differ: expected 10x10, actual 10x11");
    const RgbaImage bg = flat(5, 5, 0);
    r = compare_images(flat(10, 10, 0), flat(10, 10, 0), {}, &bg);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "background size 5x5 differs from the images' 10x10");
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

// The budget is over the footprint (1000 pixels here), not the frame (10,000): 0.1% of it is one
// pixel. Two differing pixels fail although they are 0.02% of the frame, which the old whole-frame
// budget (10 pixels) would have let through.
TEST(ImageCompare, BudgetIsRelativeToTheFootprint) {
    const RgbaImage a = with_character();
    RgbaImage b = a;
    b.at(60, 50)[1] = 200;  // outside the character: joins the footprint (1001) and differs
    auto r = compare_images(a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->differing_pixels, 1);
    EXPECT_EQ(r->footprint_pixels, 1001);
    EXPECT_TRUE(r->match) << r->summary();
    b.at(10, 10)[1] = 200;  // inside the character
    r = compare_images(a, b);
    EXPECT_EQ(r->differing_pixels, 2);
    EXPECT_EQ(r->footprint_pixels, 1001);
    EXPECT_FALSE(r->match) << r->summary();
    EXPECT_EQ(r->summary(),
              "MISMATCH: 2 of 1001 footprint pixels differ (0.1998% of the footprint), 2 of 10000 in the "
              "frame (0.0200%), "
              "largest channel difference 200/255");
}

// With a background image (the frame without the character), what the background draws (a grid
// line here) is not footprint; without one, the most common colour is the background and the line
// counts.
TEST(ImageCompare, BackgroundImageKeepsTheGridOutOfTheFootprint) {
    RgbaImage bg = flat(100, 100, 0);
    for (int x = 0; x < 100; ++x) bg.at(x, 90)[2] = 120;  // a grid line
    RgbaImage a = with_character();
    for (int x = 0; x < 100; ++x) a.at(x, 90)[2] = 120;
    auto with_bg = compare_images(a, a, {}, &bg);
    auto without = compare_images(a, a);
    ASSERT_TRUE(with_bg.ok() && without.ok());
    EXPECT_EQ(with_bg->footprint_pixels, 1000);
    EXPECT_EQ(without->footprint_pixels, 1100);
}

// The frame budget still holds when a caller sets it.
TEST(ImageCompare, OptionalFrameBudget) {
    const RgbaImage a = with_character();
    RgbaImage b = a;
    b.at(10, 10)[1] = 200;
    CompareOptions o;
    o.max_footprint_fraction = 1.0;
    o.max_differing_fraction = 0.0;
    auto r = compare_images(a, b, o);
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(r->match);
    o.max_differing_fraction = 0.0001;  // one pixel of 10,000
    EXPECT_TRUE(compare_images(a, b, o)->match);
}

// A 50x20 block of 200 at (10 + dx, 10), clear of the frame's border so that background lies on
// every side of it (at a border the pixel a shifted edge vacates finds no background within 1 px).
RgbaImage block_at(int dx) {
    RgbaImage img = flat(100, 100, 0);
    for (int y = 10; y < 30; ++y)
        for (int x = 10; x < 60; ++x) img.at(x + dx, y)[0] = 200;
    return img;
}

// One pixel of shift is the encodings' quantization (a silhouette edge a pixel over): it matches by
// default. The exact rule (0) sees both 20-pixel edge columns; a two-pixel shift is a pose that
// moved and fails at the default too.
TEST(ImageCompare, OnePixelShiftMatchesTwoDoNot) {
    const RgbaImage a = block_at(0);
    auto fuzzy = compare_images(a, block_at(1));
    ASSERT_TRUE(fuzzy.ok());
    EXPECT_EQ(fuzzy->differing_pixels, 0) << fuzzy->summary();
    EXPECT_TRUE(fuzzy->match);
    CompareOptions exact;
    exact.shift_tolerance_px = 0;
    auto strict = compare_images(a, block_at(1), exact);
    EXPECT_EQ(strict->differing_pixels, 40) << strict->summary();
    EXPECT_FALSE(strict->match);
    // Two pixels over, at each end: the outer column of the vacated (or newly covered) pair finds
    // nothing like itself within one pixel in all 20 rows; the inner one in the 18 rows whose window
    // stays inside the block (the top and bottom rows see background diagonally). 2 x 38.
    auto two = compare_images(a, block_at(2));
    EXPECT_EQ(two->differing_pixels, 76) << two->summary();
    EXPECT_FALSE(two->match);
}

// Looked at both ways: a thin line present in one image only has background next to it in that
// image, so a one-way search (actual's pixel finds background in expected's window) would pass it;
// the other way (expected's line pixel in actual) finds no line.
TEST(ImageCompare, ShiftToleranceLooksBothWays) {
    RgbaImage a = flat(100, 100, 0), b = a;
    for (int y = 10; y < 90; ++y) a.at(50, y)[1] = 200;
    auto r = compare_images(a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->differing_pixels, 80) << r->summary();
    r = compare_images(b, a);
    EXPECT_EQ(r->differing_pixels, 80) << r->summary();
}

}  // namespace
}  // namespace sv::render

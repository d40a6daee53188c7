// The background open's progress line (ui/load_progress.h): each clause says what the counters
// say and nothing before it is known, and the bar follows the images decoded.
#include "ui/load_progress.h"

#include <gtest/gtest.h>

namespace {

using sv::ui::LoadProgress;

TEST(LoadProgress, TheLineSaysFilesReadThenImagesDecodedThenTheUpload) {
    LoadProgress p;
    EXPECT_FALSE(p.active());
    p.path = "/models/StainedGlassLamp/glTF/StainedGlassLamp.gltf";
    EXPECT_TRUE(p.active());
    p.files_read = 1;
    // Before the parse has counted the images: no "0/0", no "0 images" that may be wrong.
    EXPECT_EQ(p.line(), "opening StainedGlassLamp.gltf: 1 file read");
    EXPECT_EQ(p.fraction(), 0.0f);
    p.files_read = 21;
    p.images_total = 19;
    p.images_decoded = 7;
    EXPECT_EQ(p.line(), "opening StainedGlassLamp.gltf: 21 files read, 7/19 images decoded");
    EXPECT_FLOAT_EQ(p.fraction(), 7.0f / 19.0f);
    p.images_decoded = 19;
    EXPECT_EQ(
        p.line(),
        "opening StainedGlassLamp.gltf: 21 files read, 19/19 images decoded; meshes and character next");
    p.uploading = true;
    p.textures = 19;
    EXPECT_EQ(p.line(), "opening StainedGlassLamp.gltf: uploading to the GPU (19 images)");
    EXPECT_EQ(p.fraction(), 1.0f);
}

// A file without images (the built-in character) never shows an image count.
TEST(LoadProgress, AFileWithoutImagesSaysNoImageCount) {
    LoadProgress p;
    p.path = "arm.glb";
    p.files_read = 1;
    p.images_total = 0;
    EXPECT_EQ(p.line(), "opening arm.glb: 1 file read");
    EXPECT_EQ(p.fraction(), 0.0f);
    p.uploading = true;
    EXPECT_EQ(p.line(), "opening arm.glb: uploading to the GPU");
    p.textures = 1;
    EXPECT_EQ(p.line(), "opening arm.glb: uploading to the GPU (1 image)");
}

}  // namespace

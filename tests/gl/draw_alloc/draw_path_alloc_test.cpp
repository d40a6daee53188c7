// The draw path allocates nothing per frame: pose, palette writes, upload and instanced draws in
// every rung, grid included, counted by replacing global operator new in this executable alone
// (which is why this test has its own folder). The driver's own memory (Mesa is C, malloc) is not
// seen, and is not the renderer's to save. Uniform locations come from the table read at link
// time, never from the driver, on the same frames.
#include <gtest/gtest.h>

#include "allocation_count.h"
#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"
#include "api_print.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/render_target.h"
#include "render/shader_program.h"

namespace sv::render {
namespace {

TEST(DrawPathAllocations, CounterSeesAnAllocation) {
    // Guards the guard: if the replacement were not linked, the next test would pass vacuously.
    const long before = sv::test::allocation_count();
    // At least the vector's buffer: the outer new may be elided (C++14 allows it), its buffer not,
    // since the counting operator new lives in another translation unit.
    auto* v = new std::vector<int>(100);
    delete v;
    EXPECT_GE(sv::test::allocation_count() - before, 1);
}

class DrawAlloc : public ::testing::TestWithParam<Api> {};

TEST_P(DrawAlloc, AnimatedInstancedFramesInEveryRungAllocateNothing) {
    auto ctx = create_headless_context(GetParam());
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    auto character = anim::Character::create(anim::build_humanoid_asset(anim::HumanoidShape::MixamoExport));
    ASSERT_TRUE(character.ok()) << character.error().message;
    const int n = 4;
    auto renderer = CharacterRenderer::create(GetParam(), *character, n);
    ASSERT_TRUE(renderer.ok()) << renderer.error().message;
    RenderTarget target;
    ASSERT_TRUE(target.resize(64, 64).ok());
    std::vector<CharacterInstance> placed(n);
    for (int i = 0; i < n; ++i) {
        placed[static_cast<size_t>(i)].first_row = i * (*renderer)->rows_per_instance();
        placed[static_cast<size_t>(i)].model[3].x = float(i);
    }
    const glm::mat4 view_proj(0.3f);
    const SkinMode modes[3] = {SkinMode::RigidDqs, SkinMode::DqsUniformScale, SkinMode::LinearBlend};
    // This thread's allocations only: a driver may allocate on its own threads (llvmpipe's LLVM is
    // C++, so it would be counted), and that is not the draw path's. Printed, not asserted.
    long driver_threads = 0;
    auto frame = [&](int f, SkinMode mode) -> long {
        DrawOptions o;
        o.auto_rung = false;
        o.rung = mode;
        const long before = sv::test::allocation_count_this_thread();
        const long all_before = sv::test::allocation_count();
        for (int i = 0; i < n; ++i) {
            character->pose_at(0, float(f) / 60.0f + 0.25f * float(i), true);
            EXPECT_TRUE((*renderer)->write_palettes(*character, placed[static_cast<size_t>(i)]).ok());
        }
        (*renderer)->upload_palettes();
        target.bind();
        (*renderer)->draw(*character, placed, view_proj, o);
        const long during = sv::test::allocation_count_this_thread() - before;
        driver_threads += sv::test::allocation_count() - all_before - during;
        glFinish();
        return during;
    };
    // The first frames size the scratch buffers and textures (and llvmpipe compiles its shader
    // variants: thousands of allocations; with one round, GLES still showed 225 in the counted
    // frames, with two none).
    for (int f = -2; f < 0; ++f)
        for (SkinMode m : modes) (void)frame(f, m);
    const long lookups = ShaderProgram::driver_lookups();
    long allocations = 0;
    for (int f = 1; f <= 5; ++f)
        for (SkinMode m : modes) allocations += frame(f, m);
    EXPECT_EQ(allocations, 0);
    std::cout << api_name(GetParam())
              << ": allocations on other threads (the driver's) over the same frames: " << driver_threads
              << "\n";
    EXPECT_EQ(ShaderProgram::driver_lookups() - lookups, 0);
}

INSTANTIATE_TEST_SUITE_P(Apis, DrawAlloc, ::testing::Values(Api::GL, Api::GLES),
                         [](const auto& info) { return std::string(api_name(info.param)); });

}  // namespace
}  // namespace sv::render

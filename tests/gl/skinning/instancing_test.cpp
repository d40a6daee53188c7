// Instancing: several copies in one draw, each reading its own palette row and placement. Checked
// by reading back each instance and holding it against the reference of that instance's pose.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "render/gpu_diagnose.h"

namespace sv::render {
namespace {

TEST(Instancing, EachInstanceReadsItsOwnRowAndPlacement) {
    auto ctx = create_headless_context(Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    auto character = test::load_character(test::project_asset("humanoid_prescale.glb"));
    ASSERT_TRUE(character);
    ASSERT_FALSE(character->asset().clips.empty());
    auto r = CharacterRenderer::create(Api::GL, *character, 3);
    ASSERT_TRUE(r.ok()) << r.error().message;
    std::vector<CharacterInstance> inst(3);
    const float times[3] = {0.1f, 0.6f, 1.1f};
    for (int i = 0; i < 3; ++i) {
        inst[static_cast<size_t>(i)].first_row = i;
        inst[static_cast<size_t>(i)].model =
            glm::translate(glm::mat4(1.0f), glm::vec3(3.0f * float(i), 0.0f, -1.0f * float(i)));
        character->pose_at(0, times[i], true);
        ASSERT_TRUE((*r)->write_palettes(*character, inst[static_cast<size_t>(i)]).ok());
    }
    EXPECT_EQ((*r)->upload_palettes(), 3);
    for (int i = 0; i < 3; ++i) {
        // The reference needs the character in instance i's pose; the GPU reads row i.
        character->pose_at(0, times[i], true);
        auto d = diagnose(**r, *character, inst[static_cast<size_t>(i)], {});
        ASSERT_TRUE(d.ok()) << d.error().message;
        EXPECT_LT(d->worst_error, 1e-5 * d->body_size) << "instance " << i << ": " << d->summary();
    }
    // Negative control: instance 2's row held against instance 0's pose is far off.
    character->pose_at(0, times[0], true);
    auto wrong = diagnose(**r, *character, {inst[2].model, 2}, {});
    ASSERT_TRUE(wrong.ok());
    EXPECT_GT(wrong->worst_error, 1e-3 * wrong->body_size) << wrong->summary();
}

}  // namespace
}  // namespace sv::render

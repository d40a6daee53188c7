// Skins of any joint count: the generated sunflower (anim/asset_tools/many_joint_builder.h) of 513,
// 1024 and 4096 joints, two instances in one palette, each read back by transform feedback and held
// against the CPU double reference of its own pose, within the read-back tier's 1e-5 of the body
// (tests/gl/skinning/readback_test.cpp says why that budget). Every vertex names joints in several
// palette rows (0, 511, 512, 1023, ..., N - 1), so a shader that addressed a block wrongly moves
// them by centimetres, a thousand times the budget.
//
// The instanced draw too: both instances in one draw make the same pixels as each drawn alone.
//
// Negative controls: the palette block rewritten as the old single-row addressing would read it
// (joint j's slot holding joint j % 512's matrix) is far off; instance 1's block held against
// instance 0's pose is far off; both instances drawn from instance 0's block differ from the draw.
#include <gtest/gtest.h>

#include <cstring>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/asset_tools/many_joint_builder.h"
#include "anim/pose/palette_layout.h"
#include "api_print.h"
#include "render/context.h"
#include "render/gpu_diagnose.h"
#include "render/image.h"
#include "render/render_target.h"
#include "test_paths.h"

namespace sv::render {
namespace {

struct Case {
    Api api;
    int joints;
    SkinMode mode;
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.joints << "/" << api_name(c.api) << "/" << anim::to_id(c.mode);
}

class ManyJoints : public ::testing::TestWithParam<Case> {
protected:
    void SetUp() override {
        auto ctx = create_headless_context(GetParam().api);
        ASSERT_TRUE(ctx.ok()) << ctx.error().message;
        ctx_ = std::move(*ctx);
        auto c = anim::Character::create(anim::build_many_joint_asset(GetParam().joints));
        ASSERT_TRUE(c.ok()) << c.error().message;
        character_ = std::make_unique<anim::Character>(std::move(*c));
        auto r = CharacterRenderer::create(GetParam().api, *character_, 2);
        ASSERT_TRUE(r.ok()) << r.error().message;
        renderer_ = std::move(*r);
        options_.auto_rung = false;
        options_.rung = GetParam().mode;
        for (int i = 0; i < 2; ++i) {
            instances_[i].first_row = i * renderer_->rows_per_instance();
            instances_[i].model =
                glm::translate(glm::mat4(1.0f), glm::vec3(2.5f * float(i), 0.0f, -0.5f * float(i)));
        }
    }
    // Poses instance i at its time and writes its block.
    void write(int i) {
        character_->pose_at(0, kTimes[i], true);
        ASSERT_TRUE(renderer_->write_palettes(*character_, instances_[i]).ok());
    }
    DiagnoseResult check(int i, float pose_time) {
        character_->pose_at(0, pose_time, true);
        auto d = diagnose(*renderer_, *character_, instances_[i], options_);
        EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().message);
        return d.ok() ? *d : DiagnoseResult{};
    }
    static constexpr float kTimes[2] = {0.6f, 1.3f};
    std::unique_ptr<Context> ctx_;
    std::unique_ptr<anim::Character> character_;
    std::unique_ptr<CharacterRenderer> renderer_;
    CharacterInstance instances_[2];
    DrawOptions options_;
};

TEST_P(ManyJoints, EveryInstanceReadsBackWithinTheTierTolerance) {
    const int n = GetParam().joints;
    EXPECT_EQ(renderer_->rows_per_instance(), palette_rows_for(n));
    EXPECT_EQ(renderer_->palette().rows(), 2 * palette_rows_for(n));
    write(0);
    write(1);
    EXPECT_EQ(renderer_->upload_palettes(), 2 * palette_rows_for(n)) << "both blocks in one upload";
    for (int i = 0; i < 2; ++i) {
        const DiagnoseResult d = check(i, kTimes[i]);
        ASSERT_EQ(d.vertices, 24L * n);
        EXPECT_LT(d.worst_error, 1e-5 * d.body_size) << "instance " << i << ": " << d.summary();
        std::cout << n << " joints (" << api_name(GetParam().api) << ", " << anim::to_id(GetParam().mode)
                  << ") instance " << i << ": " << d.summary() << "\n";
    }
    // Control: instance 1's block against instance 0's pose.
    const DiagnoseResult wrong = check(1, kTimes[0]);
    EXPECT_GT(wrong.worst_error, 1e-3 * wrong.body_size) << wrong.summary();
}

TEST_P(ManyJoints, TheSingleRowAddressingIsSeen) {
    const int n = GetParam().joints;
    write(0);
    // What `palette_matrix(row, joint % 512)` read: joint j's slot holding joint j % 512's matrix.
    // Instance 1's block follows and is written too, so no read falls into an unwritten row.
    std::vector<float> aliased = character_->skins()[0].skeleton.palette();
    for (int j = kPaletteMatricesPerRow; j < n; ++j)
        for (int k = 0; k < 16; ++k)
            aliased[static_cast<size_t>(j) * 16 + static_cast<size_t>(k)] =
                aliased[static_cast<size_t>(j % kPaletteMatricesPerRow) * 16 + static_cast<size_t>(k)];
    ASSERT_TRUE(renderer_->mutable_palette().set_row(instances_[0].first_row, aliased.data(), n).ok());
    renderer_->upload_palettes();
    const DiagnoseResult d = check(0, kTimes[0]);
    EXPECT_GT(d.worst_error, 1e-3 * d.body_size) << d.summary();
    std::cout << n << " joints, joint % 512 addressing: " << d.summary() << "\n";
}

// An orthographic view over both instances (instance 1 sits 2.5 m to the right).
const glm::mat4 kView = glm::ortho(-1.6f, 4.2f, -2.9f, 2.9f, -10.0f, 10.0f);

// Draws `on` into `target` (cleared first).
RgbaImage draw_instances(CharacterRenderer& r, const anim::Character& c, RenderTarget& target,
                         const std::vector<CharacterInstance>& on, DrawOptions o) {
    o.draw_grid = false;
    target.bind();
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    r.draw(c, on, kView, o);
    return target.read();
}

long differing_pixels(const RgbaImage& a, const RgbaImage& b) {
    long n = 0;
    for (size_t i = 0; i + 3 < a.pixels.size(); i += 4)
        n += std::memcmp(&a.pixels[i], &b.pixels[i], 3) != 0 ? 1 : 0;
    return n;
}

TEST_P(ManyJoints, OneInstancedDrawMakesThePixelsOfEachInstanceDrawnAlone) {
    write(0);
    write(1);
    renderer_->upload_palettes();
    RenderTarget target;
    ASSERT_TRUE(target.resize(200, 200).ok());
    const std::vector<CharacterInstance> both{instances_[0], instances_[1]};
    const RgbaImage together = draw_instances(*renderer_, *character_, target, both, options_);
    // Each alone, the second over the first without a clear between.
    (void)draw_instances(*renderer_, *character_, target, {instances_[0]}, options_);
    DrawOptions no_grid = options_;
    no_grid.draw_grid = false;
    renderer_->draw(*character_, {instances_[1]}, kView, no_grid);
    const RgbaImage apart = target.read();
    long left = 0, right = 0;
    for (int y = 0; y < together.height; ++y)
        for (int x = 0; x < together.width; ++x) {
            const std::uint8_t* p = together.at(x, y);
            if (p[0] + p[1] + p[2] > 0) ++(x < together.width / 2 ? left : right);
        }
    EXPECT_GT(left, 300) << "instance 0 drawn";
    EXPECT_GT(right, 300) << "instance 1 drawn";
    (void)write_png(
        (test::output_dir() / ("many_joints_instanced_" + std::to_string(GetParam().joints) + ".png"))
            .string(),
        together);
    EXPECT_EQ(differing_pixels(together, apart), 0);
    // Control: both instances read instance 0's block; instance 1 then shows instance 0's pose.
    const std::vector<CharacterInstance> same{instances_[0], {instances_[1].model, instances_[0].first_row}};
    const RgbaImage wrong = draw_instances(*renderer_, *character_, target, same, options_);
    EXPECT_GT(differing_pixels(together, wrong), 500);
    std::cout << GetParam().joints << " joints: " << left << " + " << right << " lit pixels; "
              << differing_pixels(together, wrong) << " differ when instance 1 reads instance 0's block\n";
}

// The real limit: every instance's rows together at most GL_MAX_TEXTURE_SIZE. One instance more than
// fits is refused before anything is allocated, naming the joints, the rows and the limit. (The
// largest count that fits is not made here: at 16384 rows that is a 512 MiB texture.)
TEST(ManyJointLimits, MoreInstancesThanTheTextureHoldsAreRefusedNamingTheLimit) {
    auto ctx = create_headless_context(Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    auto c = anim::Character::create(anim::build_many_joint_asset(4096));
    ASSERT_TRUE(c.ok()) << c.error().message;
    GLint max_rows = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_rows);
    ASSERT_GE(max_rows, 2048);
    const int instances = max_rows / 8 + 1;
    auto r = CharacterRenderer::create(Api::GL, *c, instances);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "palette texture: " + std::to_string(instances) +
                                     " instance(s) of 4096 joints take 8 rows each (512 joints a row), " +
                                     std::to_string(8 * instances) +
                                     " in all, more than this driver's GL_MAX_TEXTURE_SIZE of " +
                                     std::to_string(max_rows));
}

std::vector<Case> cases() {
    std::vector<Case> c;
    for (int n : {513, 1024, 4096})
        for (SkinMode m : {SkinMode::LinearBlend, SkinMode::RigidDqs}) c.push_back({Api::GL, n, m});
    c.push_back({Api::GLES, 4096, SkinMode::RigidDqs});
    c.push_back({Api::GLES, 1024, SkinMode::LinearBlend});
    return c;
}

INSTANTIATE_TEST_SUITE_P(Counts, ManyJoints, ::testing::ValuesIn(cases()), [](const auto& info) {
    return std::to_string(info.param.joints) + "_" + api_name(info.param.api) + "_" +
           (info.param.mode == SkinMode::LinearBlend ? "lbs" : "dqs");
});

}  // namespace
}  // namespace sv::render

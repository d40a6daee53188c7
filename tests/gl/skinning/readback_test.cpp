// The GPU read-back against the CPU double-precision reference, with its negative controls.
#include <gtest/gtest.h>

#include "gl_fixture.h"
#include "render/gpu_diagnose.h"

namespace sv::render {
namespace {

struct Case {
    Api api;
    std::string file;  // "shared:NAME" or "project:NAME"
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.file << "/" << api_name(c.api); }

std::string path_of(const std::string& f) {
    if (f.rfind("shared:", 0) == 0) return test::shared_asset(f.substr(7));
    return test::project_asset(f.substr(8));
}

class ReadBack : public ::testing::TestWithParam<Case> {
protected:
    void SetUp() override {
        if (GetParam().file.rfind("shared:", 0) == 0) {
            SKINVIEW_SHARED_ASSET_OR_SKIP(p, GetParam().file.substr(7));
        }
        path_ = path_of(GetParam().file);
        auto ctx = create_headless_context(GetParam().api);
        ASSERT_TRUE(ctx.ok()) << ctx.error().message;
        ctx_ = std::move(*ctx);
        character_ = test::load_character(path_);
        ASSERT_TRUE(character_);
        auto r = CharacterRenderer::create(GetParam().api, *character_);
        ASSERT_TRUE(r.ok()) << r.error().message;
        renderer_ = std::move(*r);
    }
    DiagnoseResult run(bool correction, int clip, float time) {
        character_->pose_at(clip, time, true);
        EXPECT_TRUE(renderer_->write_palettes(*character_, {}).ok());
        renderer_->upload_palettes();
        DrawOptions options;
        options.correction = correction;
        auto d = diagnose(*renderer_, *character_, {}, options);
        EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().message);
        return d.ok() ? *d : DiagnoseResult{};
    }
    std::string path_;
    std::unique_ptr<Context> ctx_;
    std::unique_ptr<anim::Character> character_;
    std::unique_ptr<CharacterRenderer> renderer_;
};

// With the correction on, the bind pose comes back within 1e-5 of the body size. The budget: the
// shader forms M_j = frame^-1 x A_j in float (relative error ~1e-7 per product, a few products), a
// dual quaternion from it and a screw motion, all at single precision, on coordinates the size of
// the body: a few times 1e-7 of the body, so 1e-5 leaves an order of magnitude of room and is still
// four orders below the smallest frame violation the tool reports.
TEST_P(ReadBack, BindPoseWithCorrectionMatchesReference) {
    const DiagnoseResult d = run(true, -1, 0.0f);
    ASSERT_GT(d.vertices, 0);
    ASSERT_GT(d.body_size, 0.0);
    EXPECT_LT(d.worst_error, 1e-5 * d.body_size) << d.summary();
    std::cout << GetParam().file << " (" << api_name(GetParam().api) << ") corrected bind: " << d.summary()
              << "\n";
}

// With it off, on a file whose mesh node is not its skin frame, the error is of the body's size:
// the soup, asserted to be soup. Files already on their skin frame are left out (nothing to show).
TEST_P(ReadBack, BindPoseWithoutCorrectionIsSoupWhereTheFrameIsWrong) {
    bool frame_wrong = false;
    for (const auto& s : character_->skinned_meshes())
        frame_wrong |= s.report.verdict == anim::FrameVerdict::Corrected;
    const DiagnoseResult d = run(false, -1, 0.0f);
    std::cout << GetParam().file << " (" << api_name(GetParam().api) << ") uncorrected bind: " << d.summary()
              << "\n";
    if (frame_wrong) {
        EXPECT_GT(d.worst_error, 0.1 * d.body_size) << d.summary();
        EXPECT_GT(d.mean_error, 0.05 * d.body_size) << d.summary();
    } else {
        EXPECT_LT(d.worst_error, 1e-5 * d.body_size)
            << "a file on its skin frame needs no correction: " << d.summary();
    }
}

// Posed: the first clip a third of the way in. Blended vertices differ between DQS and the exact
// answer only by what the rung itself computes, and the reference computes the same rung.
TEST_P(ReadBack, PosedWithCorrectionMatchesReference) {
    if (character_->asset().clips.empty()) GTEST_SKIP() << "no clip to pose with";
    const float t = character_->asset().clips[0].duration / 3.0f;
    const DiagnoseResult d = run(true, 0, t);
    EXPECT_LT(d.worst_error, 1e-5 * d.body_size) << d.summary();
}

INSTANTIATE_TEST_SUITE_P(
    Files, ReadBack,
    ::testing::Values(Case{Api::GL, "shared:Xbot.glb"}, Case{Api::GLES, "shared:Xbot.glb"},
                      Case{Api::GL, "shared:Fox.glb"}, Case{Api::GL, "shared:RobotExpressive.glb"},
                      Case{Api::GL, "project:humanoid_mixamo.glb"},
                      Case{Api::GLES, "project:humanoid_mixamo.glb"},
                      Case{Api::GL, "project:humanoid_prescale.glb"}, Case{Api::GL, "project:arm.glb"}),
    [](const auto& info) {
        std::string n = std::string(api_name(info.param.api)) + "_" +
                        info.param.file.substr(info.param.file.find(':') + 1);
        for (auto& c : n)
            if (!isalnum(static_cast<unsigned char>(c))) c = '_';
        return n;
    });

}  // namespace
}  // namespace sv::render

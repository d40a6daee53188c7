// The tangent frame survives skinning: on every rung, the normal and tangent the vertex shader
// hands the fragment stage (read back by transform feedback) stay finite, non-zero and
// perpendicular, so normal maps on a posed character shade as they do at rest.
#include <gtest/gtest.h>

#include <cmath>

#include "gl_fixture.h"

namespace sv::render {
namespace {

struct Case {
    std::string file;  // "shared:NAME" or "project:NAME"
    SkinMode mode;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.file << "/" << anim::to_id(c.mode); }

std::string path_of(const std::string& f) {
    if (f.rfind("shared:", 0) == 0) return test::shared_asset(f.substr(7));
    return test::project_asset(f.substr(8));
}

class TangentFrame : public ::testing::TestWithParam<Case> {};

TEST_P(TangentFrame, StaysPerpendicularWhenPosed) {
    const std::string path = path_of(GetParam().file);
    if (path.empty()) GTEST_SKIP() << GetParam().file << " is not present (../shared/assets missing)";
    auto ctx = create_headless_context(Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    auto character = test::load_character(path);
    ASSERT_TRUE(character);
    auto r = CharacterRenderer::create(Api::GL, *character);
    ASSERT_TRUE(r.ok()) << r.error().message;
    const int clip = character->asset().clips.empty() ? -1 : 0;
    const float time = clip < 0 ? 0.0f : 0.6f * character->asset().clips[0].duration;
    character->pose_at(clip, time, true);
    ASSERT_TRUE((*r)->write_palettes(*character, {}).ok());
    (*r)->upload_palettes();
    long checked = 0;
    double worst = 0.0;
    for (size_t m = 0; m < character->skinned_meshes().size(); ++m) {
        const anim::Mesh& mesh =
            character->asset().meshes[static_cast<size_t>(character->skinned_meshes()[m].mesh)];
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            // A morph target moves normals but not generated tangents (skinview does not morph
            // tangents), so morphing primitives are not this test's business.
            if (!mesh.primitives[p].targets.empty() || !mesh.primitives[p].triangles()) continue;
            auto frames = (*r)->read_back_frames(*character, static_cast<int>(m), static_cast<int>(p), {},
                                                 true, GetParam().mode);
            ASSERT_TRUE(frames.ok()) << frames.error().message;
            for (size_t v = 0; v < frames->size(); ++v) {
                const glm::vec3 n = (*frames)[v].normal, t = glm::vec3((*frames)[v].tangent);
                const float ln = glm::length(n), lt = glm::length(t);
                ASSERT_TRUE(std::isfinite(ln) && std::isfinite(lt))
                    << "mesh " << m << " primitive " << p << " vertex " << v;
                ASSERT_GT(ln, 0.0f) << "mesh " << m << " primitive " << p << " vertex " << v;
                ASSERT_GT(lt, 0.0f) << "mesh " << m << " primitive " << p << " vertex " << v;
                // Normalised, as the fragment stage uses them: unit, and at right angles.
                const double c = std::abs(glm::dot(n / ln, t / lt));
                worst = std::max(worst, c);
                ++checked;
            }
        }
    }
    ASSERT_GT(checked, 0) << "no skinned vertex was checked";
    // 2e-3 (about 0.1 degree): the float rounding of a blended matrix and its inverse transpose on
    // unit vectors is near 1e-6; a tangent carried by the wrong matrix under linear blending is
    // off by the blend's shear, degrees where joints bend.
    EXPECT_LT(worst, 2e-3) << checked << " vertices; worst |cos(normal, tangent)| " << worst;
}

std::vector<Case> cases() {
    std::vector<Case> v;
    for (SkinMode mode : {SkinMode::RigidDqs, SkinMode::DqsUniformScale, SkinMode::LinearBlend}) {
        v.push_back({"project:humanoid_mixamo.glb", mode});
        v.push_back({"shared:Xbot.glb", mode});
    }
    return v;
}

INSTANTIATE_TEST_SUITE_P(Rungs, TangentFrame, ::testing::ValuesIn(cases()), [](const auto& info) {
    std::string n = info.param.file.substr(info.param.file.find(':') + 1);
    n = n.substr(0, n.find('.')) + "_" + anim::to_id(info.param.mode);
    for (auto& c : n)
        if (c == '-') c = '_';
    return n;
});

}  // namespace
}  // namespace sv::render

// The GPU half of the dense-time test (tests/unit/spec_evaluator/spec_dense_time_test.cpp has the
// CPU half and the reasoning for its tolerance): the character posed at 64 evenly spaced times of
// every clip and read back by transform feedback, as `skinview bake --skinning lbs --source gpu`
// does, every vertex within 1e-5 of the body of the independent specification evaluator. In process,
// on one headless context per file, so 64 poses cost 64 read-backs rather than 64 processes.
//
// Every file of the CPU half; a file without clips is read back once, at bind.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "gltf_spec_evaluator.h"
#include "model_files.h"
#include "scene_session.h"
#include "test_paths.h"
#include "ui/viewer_model.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

constexpr double kRelativeTolerance = 1e-5;
constexpr int kTimes = 64;

using Drawn = std::map<std::pair<int, int>, std::vector<glm::vec3>>;

Expected<Drawn> gpu_positions(viewer::SceneSession& s) {
    s.pose();
    const anim::Character& c = s.character();
    Drawn out;
    for (size_t i = 0; i < c.skinned_meshes().size(); ++i) {
        const auto& sm = c.skinned_meshes()[i];
        const auto mode = s.renderer().rung_for(c, sm.skin, s.state().draw);
        const auto& mesh = c.asset().meshes[static_cast<size_t>(sm.mesh)];
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            auto v = s.renderer().read_back(c, static_cast<int>(i), static_cast<int>(p), {},
                                            s.state().draw.correction, mode);
            if (!v) return v.error();
            out[{sm.node, static_cast<int>(p)}] = std::move(*v);
        }
    }
    for (size_t i = 0; i < c.static_meshes().size(); ++i) {
        const auto& st = c.static_meshes()[i];
        const auto& mesh = c.asset().meshes[static_cast<size_t>(st.mesh)];
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            auto v = s.renderer().read_back_static(c, static_cast<int>(i), static_cast<int>(p), {});
            if (!v) return v.error();
            out[{st.node, static_cast<int>(p)}] = std::move(*v);
        }
    }
    return out;
}

class DenseGpu : public ::testing::TestWithParam<ModelFile> {};

TEST_P(DenseGpu, EveryClipAt64TimesMatchesTheSpecificationOnTheGpu) {
    const std::string path = GetParam().path;
    if (!fs::exists(path)) {
        if (in_ci()) FAIL() << "CI is set: needs " << path;
        GTEST_SKIP() << "needs " << path;
    }
    tinygltf::Model model;
    ASSERT_EQ(spec::load_model(path, &model), "");
    viewer::SceneOptions options;
    options.file = path;
    options.skinning = "lbs";
    // The file as glTF stores it: a VRM 0.x avatar is not turned and its springs stay at rest
    // (both are held in tests/gl/vrm), so the evaluator's reading of the file is the reference.
    options.no_vrm_facing = true;
    options.springs = "off";
    auto h = viewer::open_headless(options);
    // As in the CPU half: an extension the file requires and skinview lacks is the extension
    // policy's question, skipped by name.
    if (!h && h.error().message.find("extensionsRequired") != std::string::npos)
        GTEST_SKIP() << h.error().message;
    ASSERT_TRUE(h) << h.error().message;
    viewer::SceneSession& s = *h->session;
    s.model().animation.loop = false;
    ASSERT_EQ(s.character().asset().clips.size(), model.animations.size());

    double worst_ratio = 0;
    std::string worst_where;
    const int clips = static_cast<int>(model.animations.size());
    for (int clip = clips == 0 ? -1 : 0; clip < clips; ++clip) {
        const double d = clip < 0 ? 0.0 : spec::clip_duration(model, clip);
        for (int i = 0; i < (clip < 0 ? 1 : kTimes); ++i) {
            const float t = static_cast<float>(d * i / (kTimes - 1));
            s.model().animation.clip = clip;
            s.model().animation.time = t;
            const spec::Evaluation want = spec::evaluate(model, clip, static_cast<double>(t));
            ASSERT_TRUE(want.ok()) << want.error;
            const auto got = gpu_positions(s);
            ASSERT_TRUE(got) << path << " clip " << clip << " t=" << t << ": " << got.error().message;
            ASSERT_EQ(got->size(), want.primitives.size()) << path;
            const double tol = kRelativeTolerance * spec::body_size(want);
            for (const auto& p : want.primitives) {
                const auto it = got->find({p.node, p.primitive});
                ASSERT_TRUE(it != got->end() && it->second.size() == p.positions.size())
                    << path << " node " << p.node << " primitive " << p.primitive;
                double worst = 0;
                size_t at = 0;
                for (size_t v = 0; v < p.positions.size(); ++v) {
                    const double e = glm::length(glm::dvec3(it->second[v]) - p.positions[v]);
                    if (!(e <= worst)) worst = std::isnan(e) ? 1e300 : e, at = v;
                }
                EXPECT_LE(worst, tol) << path << " clip " << clip << " t=" << t << " node " << p.node
                                      << " primitive " << p.primitive << " vertex " << at;
                if (tol > 0 && worst / tol >= worst_ratio) {
                    worst_ratio = worst / tol;
                    worst_where = "clip " + std::to_string(clip) + " t=" + std::to_string(t) + " node " +
                                  std::to_string(p.node) + " vertex " + std::to_string(at);
                }
            }
        }
    }
    std::printf("%s: worst %.3g of the tolerance at %s\n", path.c_str(), worst_ratio, worst_where.c_str());
}

// The CPU half's list (spec_dense_time_test.cpp), Draco folders left out as there.
INSTANTIATE_TEST_SUITE_P(Files, DenseGpu, ::testing::ValuesIn(model_files(DracoFolders::leave_out)),
                         [](const ::testing::TestParamInfo<ModelFile>& i) { return i.param.label; });

}  // namespace
}  // namespace sv::test

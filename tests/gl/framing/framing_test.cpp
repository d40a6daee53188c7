// The automatic camera keeps what is drawn in view: the posed character over its whole clip, and
// the soup when the correction is off. Checked on every vertex the GPU actually skinned (read back
// by transform feedback) projected through the camera the session chose, not on the bounds the
// camera was framed from (a sampled subset), so a framing that trusts too few vertices or too few
// times fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <string>

#include "scene_session.h"
#include "test_paths.h"
#include "ui/viewer_model.h"

namespace {

using namespace sv;

struct Case {
    std::string file;  // shared asset name, or "project:NAME" for assets/
    std::string correction;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.file << " correction " << c.correction; }

std::string resolve(const std::string& file) {
    if (file.rfind("project:", 0) == 0) return (test::source_dir() / "assets" / file.substr(8)).string();
    return test::shared_asset(file);
}

// The worst |x| or |y| in normalised device coordinates over every drawn vertex: at most 1 means
// every vertex is inside the picture. Vertices the clip planes cut away are counted apart.
struct Extent {
    double worst = 0.0;  // |x| and |y|
    long clipped = 0;    // behind the camera, or outside the near and far planes
    long vertices = 0;
};

Extent drawn_extent(viewer::SceneSession& s, float aspect) {
    Extent e;
    const glm::mat4 vp = s.state().camera.projection(aspect) * s.state().camera.view();
    const auto add = [&](const std::vector<glm::vec3>& pts) {
        for (const auto& p : pts) {
            const glm::vec4 c = vp * glm::vec4(p, 1.0f);
            ++e.vertices;
            // A vertex past the far plane (or behind the camera) is clipped away however centred.
            if (c.w <= 0.0f || std::abs(c.z / c.w) > 1.0f) {
                ++e.clipped;
                continue;
            }
            e.worst = std::max({e.worst, std::abs(double(c.x / c.w)), std::abs(double(c.y / c.w))});
        }
    };
    auto& c = s.character();
    for (size_t i = 0; i < c.skinned_meshes().size(); ++i) {
        const auto& sm = c.skinned_meshes()[i];
        const auto mode = s.renderer().rung_for(c, sm.skin, s.state().draw);
        for (size_t p = 0; p < c.asset().meshes[static_cast<size_t>(sm.mesh)].primitives.size(); ++p) {
            auto pts = s.renderer().read_back(c, static_cast<int>(i), static_cast<int>(p), {},
                                              s.state().draw.correction, mode);
            EXPECT_TRUE(pts.ok()) << pts.error().message;
            if (pts) add(*pts);
        }
    }
    for (size_t i = 0; i < c.static_meshes().size(); ++i)
        for (size_t p = 0;
             p < c.asset().meshes[static_cast<size_t>(c.static_meshes()[i].mesh)].primitives.size(); ++p) {
            auto pts = s.renderer().read_back_static(c, static_cast<int>(i), static_cast<int>(p), {});
            EXPECT_TRUE(pts.ok()) << pts.error().message;
            if (pts) add(*pts);
        }
    return e;
}

class Framing : public ::testing::TestWithParam<Case> {};

TEST_P(Framing, EverythingDrawnStaysInViewOverTheClip) {
    const std::string path = resolve(GetParam().file);
    if (path.empty()) {
        if (test::in_ci()) FAIL() << test::shared_missing_message(GetParam().file);
        GTEST_SKIP() << test::shared_missing_message(GetParam().file);
    }
    viewer::SceneOptions o;
    o.file = path;
    o.correction = GetParam().correction;
    auto h = viewer::open_headless(o);
    ASSERT_TRUE(h.ok()) << h.error().message;
    viewer::SceneSession& s = *h->session;
    const float aspect = 640.0f / 480.0f;
    const int clip = s.clip();
    const float duration = clip >= 0 ? s.character().asset().clips[static_cast<size_t>(clip)].duration : 0.0f;
    double worst = 0.0;
    // Times the framing did not sample (it takes 16 evenly spaced ones): thirds of its steps.
    for (int k = 0; k <= 9; ++k) {
        s.model().animation.time = duration * static_cast<float>(k) / 9.0f;
        s.model().animation.loop = false;
        s.pose();
        const Extent e = drawn_extent(s, aspect);
        ASSERT_GT(e.vertices, 0);
        EXPECT_EQ(e.clipped, 0) << "t=" << s.time();
        worst = std::max(worst, e.worst);
    }
    // 1.0 is the edge of the picture. The camera frames with a margin, so a correctly framed
    // character stays well inside; a vertex past 1 is out of the picture.
    EXPECT_LE(worst, 1.0) << GetParam().file << " correction " << GetParam().correction
                          << ": a drawn vertex left the picture (NDC " << worst << ")";
    // And what is drawn fills a fair part of it: framed on something far larger (the character's
    // bounds while the soup is drawn a hundredth of its size, or the reverse) it is a speck.
    EXPECT_GE(worst, 0.3) << GetParam().file << ": what is drawn spans only " << worst
                          << " of the half-frame";

    std::printf("%s correction %s: worst NDC extent over the clip %.3f\n", GetParam().file.c_str(),
                GetParam().correction.c_str(), worst);
}

INSTANTIATE_TEST_SUITE_P(
    Characters, Framing,
    ::testing::Values(Case{"project:humanoid.glb", "on"}, Case{"project:humanoid.glb", "off"},
                      Case{"project:humanoid_mixamo.glb", "on"}, Case{"project:humanoid_mixamo.glb", "off"},
                      Case{"Xbot.glb", "off"}, Case{"RobotExpressive.glb", "on"}, Case{"Fox.glb", "on"},
                      // Morph targets move vertices the bind pose does not show.
                      Case{"../khronos/SimpleMorph/glTF/SimpleMorph.gltf", "on"},
                      Case{"../khronos/AnimatedTriangle/glTF/AnimatedTriangle.gltf", "on"}),
    [](const ::testing::TestParamInfo<Case>& i) {
        const std::string& f = i.param.file;
        const size_t cut = f.find_last_of(":/");
        std::string n = (cut == std::string::npos ? f : f.substr(cut + 1)) + "_" + i.param.correction;
        for (char& ch : n)
            if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
        return n;
    });

}  // namespace

// Retargeting by exact name: validity first (a matched rig transfers), then the unmatched and
// duplicate names, then the root-only translation rule and layering.
#include "anim/graph/retarget.h"

#include <gtest/gtest.h>

#include "graph_test_support.h"

using namespace sv::anim;

namespace {
void set_rot(Pose& p, int j, float x, float y, float z, float w) {
    float* r = &p.rotation[static_cast<size_t>(j) * 4];
    r[0] = x;
    r[1] = y;
    r[2] = z;
    r[3] = w;
}
void set_t(Pose& p, int j, float x, float y, float z) {
    float* t = &p.translation[static_cast<size_t>(j) * 3];
    t[0] = x;
    t[1] = y;
    t[2] = z;
}
}  // namespace

TEST(Retarget, MatchedJointsTakeRotationsAndOnlyTheRootTakesTranslation) {
    // Source: hips, spine, head. Target: the same names in another order, plus a tail.
    const std::vector<std::string> src = {"hips", "spine", "head"};
    const std::vector<std::string> dst = {"hips", "tail", "spine", "head"};
    const RetargetMap map = build_retarget_map(src, dst, {-1, 0, 0, 2});
    EXPECT_EQ(map.target_of_source, (std::vector<int>{0, 2, 3}));

    Pose s(3), t(4);
    set_t(s, 0, 1.0f, 2.0f, 3.0f);
    set_t(s, 1, 0.0f, 9.0f, 0.0f);  // the source's spine length: must not reach the target
    set_rot(s, 0, 0.0f, 0.6f, 0.0f, 0.8f);
    set_rot(s, 1, 0.6f, 0.0f, 0.0f, 0.8f);
    set_rot(s, 2, 0.0f, 0.0f, 0.6f, 0.8f);
    set_t(t, 2, 0.0f, 0.3f, 0.0f);          // the target's own spine length
    set_rot(t, 1, 0.0f, 0.0f, 1.0f, 0.0f);  // the tail's own pose
    t.scale[2 * 3] = 2.0f;
    const Pose before = t;
    retarget_pose(map, s, t);

    EXPECT_EQ(t.translation[0], 1.0f);  // root translation goes across
    EXPECT_EQ(t.translation[2], 3.0f);
    EXPECT_EQ(t.translation[2 * 3 + 1], 0.3f);  // non-root keeps the target's bone length
    for (int c = 0; c < 4; ++c) {
        EXPECT_EQ(t.rotation[static_cast<size_t>(c)], s.rotation[static_cast<size_t>(c)]);
        EXPECT_EQ(t.rotation[2 * 4 + static_cast<size_t>(c)], s.rotation[1 * 4 + static_cast<size_t>(c)]);
        EXPECT_EQ(t.rotation[3 * 4 + static_cast<size_t>(c)], s.rotation[2 * 4 + static_cast<size_t>(c)]);
        EXPECT_EQ(t.rotation[1 * 4 + static_cast<size_t>(c)], before.rotation[1 * 4 + static_cast<size_t>(c)])
            << "the tail keeps what it had";
    }
    EXPECT_EQ(t.scale, before.scale);  // scales are the target's own
}

TEST(Retarget, ReportsUnmatchedNamesBothWays) {
    const RetargetMap map =
        build_retarget_map({"Hips", "spine", "wing"}, {"hips", "spine", "tail"}, {-1, 0, 1});
    // Exact names: "Hips" is not "hips".
    EXPECT_EQ(map.unmatched_source, (std::vector<std::string>{"Hips", "wing"}));
    EXPECT_EQ(map.unmatched_target, (std::vector<std::string>{"hips", "tail"}));
    EXPECT_EQ(map.target_of_source, (std::vector<int>{-1, 1, -1}));
}

TEST(Retarget, DuplicateTargetNameMapsToTheFirst) {
    const RetargetMap map = build_retarget_map({"a", "b"}, {"a", "b", "b"}, {-1, 0, 1});
    EXPECT_EQ(map.target_of_source, (std::vector<int>{0, 1}));
    EXPECT_EQ(map.unmatched_target, (std::vector<std::string>{"b"}));
}

TEST(Retarget, NoMatchLeavesTheTargetUntouchedAndAllocatesNothing) {
    const RetargetMap map = build_retarget_map({"x", "y"}, {"a", "b"}, {-1, 0});
    Pose s(2), t(2);
    set_rot(s, 0, 0.6f, 0.0f, 0.0f, 0.8f);
    set_t(t, 1, 4.0f, 5.0f, 6.0f);
    const Pose before = t;
    const long n0 = sv::test::allocation_count();
    retarget_pose(map, s, t);
    EXPECT_EQ(sv::test::allocation_count() - n0, 0);
    EXPECT_TRUE(sv::test::bit_equal(before, t));
}

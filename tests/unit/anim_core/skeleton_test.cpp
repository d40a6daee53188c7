// Skeleton: parents-first joints, counts checked, palette = world x inverse bind, two doors agree.
#include "anim/pose/skeleton.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <random>

#include "anim/scene/asset.h"

using namespace sv::anim;

namespace {
glm::mat4 at(const std::vector<float>& a, int j) { return glm::make_mat4(&a[static_cast<size_t>(j) * 16]); }

// A three-joint arm along +Y: Shoulder at (0,1,0), Elbow one up, Hand one up, the elbow bent
// 90 degrees about Z.
SkeletonDesc arm_desc() {
    SkeletonDesc d;
    d.names = {"Shoulder", "Elbow", "Hand"};
    d.parents = {-1, 0, 1};
    d.rest.resize(3);
    for (int j = 0; j < 3; ++j) d.rest.translation[static_cast<size_t>(j) * 3 + 1] = 1.0f;
    d.rest.rotation[1 * 4 + 2] = std::sqrt(0.5f);
    d.rest.rotation[1 * 4 + 3] = std::sqrt(0.5f);
    d.inverse_bind.assign(3, glm::mat4(1.0f));
    return d;
}
}  // namespace

TEST(Skeleton, ApplyPoseComposesParentsFirst) {
    auto sk = Skeleton::create(arm_desc());
    ASSERT_TRUE(sk.ok()) << sk.error().message;
    // create() applies the rest pose. By hand: Elbow at (0,2,0), its +Y turned about Z points -X,
    // so Hand sits at (-1,2,0).
    const glm::mat4 hand = at(sk->world(), 2);
    // 1e-6: float products of sqrt(0.5), values of order 1.
    EXPECT_NEAR(hand[3].x, -1.0f, 1e-6);
    EXPECT_NEAR(hand[3].y, 2.0f, 1e-6);
    EXPECT_NEAR(hand[3].z, 0.0f, 1e-6);
}

TEST(Skeleton, PaletteIsWorldTimesInverseBind) {
    SkeletonDesc d = arm_desc();
    // Inverse binds of the rest pose written by hand: translate back, then unturn.
    d.inverse_bind[0] = glm::translate(glm::mat4(1.0f), glm::vec3(0, -1, 0));
    d.inverse_bind[1] = glm::rotate(glm::mat4(1.0f), -glm::half_pi<float>(), glm::vec3(0, 0, 1)) *
                        glm::translate(glm::mat4(1.0f), glm::vec3(0, -2, 0));
    d.inverse_bind[2] = glm::rotate(glm::mat4(1.0f), -glm::half_pi<float>(), glm::vec3(0, 0, 1)) *
                        glm::translate(glm::mat4(1.0f), glm::vec3(1, -2, 0));
    auto sk = Skeleton::create(d);
    ASSERT_TRUE(sk.ok()) << sk.error().message;
    for (int j = 0; j < 3; ++j) {
        const glm::mat4 p = at(sk->palette(), j);
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                EXPECT_NEAR(p[c][r], c == r ? 1.0f : 0.0f, 1e-6) << j << " " << c << r;
    }
}

TEST(Skeleton, RootParentWorldIsFoldedIntoRoots) {
    SkeletonDesc d = arm_desc();
    d.root_parent_world.assign(3, glm::mat4(1.0f));
    d.root_parent_world[0] = glm::scale(glm::mat4(1.0f), glm::vec3(0.01f));
    auto sk = Skeleton::create(d);
    ASSERT_TRUE(sk.ok());
    EXPECT_NEAR(at(sk->world(), 2)[3].x, -0.01f, 1e-8);
    sk->set_root_parent_world(0, glm::mat4(1.0f));
    sk->apply_pose(sk->rest_pose());
    EXPECT_NEAR(at(sk->world(), 2)[3].x, -1.0f, 1e-6);
}

TEST(Skeleton, ApplyPoseAndApplyLocalMatricesAgree) {
    // Random non-uniform TRS on a 40-joint tree, locals built by glm (a second method).
    const int n = 40;
    SkeletonDesc d;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), s(0.5f, 1.5f);
    d.rest.resize(n);
    for (int j = 0; j < n; ++j) {
        d.parents.push_back(j == 0 ? -1 : static_cast<int>(rng() % static_cast<unsigned>(j)));
        d.inverse_bind.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(u(rng), u(rng), u(rng))));
    }
    auto sk = Skeleton::create(d);
    ASSERT_TRUE(sk.ok());
    Pose pose(n);
    std::vector<float> locals(static_cast<size_t>(n) * 16);
    for (int j = 0; j < n; ++j) {
        const glm::vec3 t(u(rng), u(rng), u(rng)), sc(s(rng), s(rng), s(rng));
        const glm::quat q = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
        std::copy(&t.x, &t.x + 3, &pose.translation[static_cast<size_t>(j) * 3]);
        pose.rotation[static_cast<size_t>(j) * 4 + 0] = q.x;
        pose.rotation[static_cast<size_t>(j) * 4 + 1] = q.y;
        pose.rotation[static_cast<size_t>(j) * 4 + 2] = q.z;
        pose.rotation[static_cast<size_t>(j) * 4 + 3] = q.w;
        std::copy(&sc.x, &sc.x + 3, &pose.scale[static_cast<size_t>(j) * 3]);
        const glm::mat4 m =
            glm::translate(glm::mat4(1.0f), t) * glm::mat4_cast(q) * glm::scale(glm::mat4(1.0f), sc);
        std::copy(glm::value_ptr(m), glm::value_ptr(m) + 16, &locals[static_cast<size_t>(j) * 16]);
    }
    sk->apply_pose(pose);
    const std::vector<float> world_a = sk->world(), palette_a = sk->palette();
    sk->apply_local_matrices(locals.data());
    // 1e-4: float rounding compounded along chains up to ~10 deep with scales up to 1.5 (values
    // reach tens of units); the two doors differ only in the order of float operations.
    for (size_t i = 0; i < world_a.size(); ++i) {
        EXPECT_NEAR(world_a[i], sk->world()[i], 1e-4 * (1.0f + std::abs(world_a[i]))) << i;
        EXPECT_NEAR(palette_a[i], sk->palette()[i], 1e-4 * (1.0f + std::abs(palette_a[i]))) << i;
    }
}

TEST(Skeleton, RefusesUnsortedJointsNamingJointAndParent) {
    SkeletonDesc d = arm_desc();
    d.parents = {1, -1, 1};  // Shoulder's parent is Elbow, which comes after it
    const auto sk = Skeleton::create(d);
    ASSERT_FALSE(sk.ok());
    EXPECT_NE(sk.error().message.find("'Shoulder'"), std::string::npos) << sk.error().message;
    EXPECT_NE(sk.error().message.find("'Elbow'"), std::string::npos) << sk.error().message;
    EXPECT_NE(sk.error().message.find("parents-first"), std::string::npos) << sk.error().message;
}

TEST(Skeleton, RefusesASelfParent) {
    SkeletonDesc d = arm_desc();
    d.parents = {-1, 1, 1};
    EXPECT_FALSE(Skeleton::create(d).ok());
}

TEST(Skeleton, RefusesWrongInverseBindCount) {
    SkeletonDesc d = arm_desc();
    d.inverse_bind.pop_back();
    const auto sk = Skeleton::create(d);
    ASSERT_FALSE(sk.ok());
    EXPECT_NE(sk.error().message.find("inverse bind"), std::string::npos) << sk.error().message;
}

TEST(Skeleton, RefusesWrongRestCount) {
    SkeletonDesc d = arm_desc();
    d.rest.resize(2);
    EXPECT_FALSE(Skeleton::create(d).ok());
}

TEST(Skeleton, AcceptsAnyJointCountAVertexCanAddressAndRefusesOneMoreSayingWhy) {
    auto chain = [](int n) {
        SkeletonDesc d;
        for (int j = 0; j < n; ++j) d.parents.push_back(j - 1);
        d.inverse_bind.assign(static_cast<size_t>(n), glm::mat4(1.0f));
        d.rest.resize(n);
        return d;
    };
    // 513 was refused while a skin had to fit one palette row; now only a vertex's index limits it.
    EXPECT_TRUE(Skeleton::create(chain(513)).ok());
    EXPECT_TRUE(Skeleton::create(chain(4096)).ok());
    EXPECT_TRUE(Skeleton::create(chain(sv::kMaxSkinJoints)).ok());
    const auto sk = Skeleton::create(chain(sv::kMaxSkinJoints + 1));
    ASSERT_FALSE(sk.ok());
    EXPECT_EQ(
        sk.error().message,
        "skeleton: 65537 joints is more than 65536, the most a vertex's joint index (unsigned short) can "
        "address");
}

TEST(Skeleton, RefusesANonAffineInverseBind) {
    // The frame path multiplies affine matrices only (bottom row 0 0 0 1); a projective inverse
    // bind would be silently truncated, so create() refuses it and names the joint.
    SkeletonDesc d = arm_desc();
    d.inverse_bind[1][0][3] = 0.5f;
    const auto sk = Skeleton::create(d);
    ASSERT_FALSE(sk.ok());
    EXPECT_NE(sk.error().message.find("'Elbow'"), std::string::npos) << sk.error().message;
    EXPECT_NE(sk.error().message.find("affine"), std::string::npos) << sk.error().message;
    // Float noise in the bottom row is not projective: accepted.
    d.inverse_bind[1][0][3] = 1e-7f;
    EXPECT_TRUE(Skeleton::create(d).ok());
}

TEST(Skeleton, RefusesNoJoints) { EXPECT_FALSE(Skeleton::create(SkeletonDesc{}).ok()); }

namespace {
// Armature (scale 0.01, a non-joint) -> Hips -> Spine; a skin over Spine and Hips listed
// children-first, as a file may, then sorted by hand here as the importer would.
Asset armature_asset() {
    Asset a;
    a.scene.nodes.resize(3);
    a.scene.nodes[0].name = "Armature";
    a.scene.nodes[0].scale = glm::dvec3(0.01);
    a.scene.nodes[0].children = {1};
    a.scene.nodes[1].name = "Hips";
    a.scene.nodes[1].parent = 0;
    a.scene.nodes[1].translation = {0, 100, 0};
    a.scene.nodes[1].children = {2};
    a.scene.nodes[2].name = "Spine";
    a.scene.nodes[2].parent = 1;
    a.scene.nodes[2].set_local_matrix(glm::translate(glm::dmat4(1.0), glm::dvec3(0, 10, 0)));
    Skin skin;
    skin.joints = {1, 2};
    skin.inverse_bind.assign(2, glm::dmat4(1.0));
    a.skins.push_back(skin);
    return a;
}
}  // namespace

TEST(Skeleton, FromAssetFoldsTheNonJointParentAndReadsRestFromNodes) {
    Asset a = armature_asset();
    a.scene.update_matrices();
    auto sk = Skeleton::from_asset(a, 0);
    ASSERT_TRUE(sk.ok()) << sk.error().message;
    EXPECT_EQ(sk->parents(), (std::vector<int>{-1, 0}));
    EXPECT_EQ(sk->find("Spine"), 1);
    // By hand: (100 + 10) cm in a 0.01-scaled armature is 1.1 m; matches the scene's own walk.
    // 1e-5: float storage of a 0.01 scale times 110.
    EXPECT_NEAR(at(sk->world(), 1)[3].y, 1.1f, 1e-5);
    EXPECT_NEAR(at(sk->world(), 1)[3].y, a.scene.nodes[2].global[3].y, 1e-5);
    EXPECT_NEAR(sk->rest_pose().translation[1 * 3 + 1], 10.0f, 1e-6);  // decomposed from the matrix
}

TEST(Skeleton, FromAssetRefusesAnUnwalkedScene) {
    const Asset a = armature_asset();  // update_matrices never called
    const auto sk = Skeleton::from_asset(a, 0);
    ASSERT_FALSE(sk.ok());
    EXPECT_NE(sk.error().message.find("never walked"), std::string::npos) << sk.error().message;
}

TEST(Skeleton, FromAssetRefusesAnUnsortedSkin) {
    Asset a = armature_asset();
    a.skins[0].joints = {2, 1};
    a.scene.update_matrices();
    const auto sk = Skeleton::from_asset(a, 0);
    ASSERT_FALSE(sk.ok());
    EXPECT_NE(sk.error().message.find("'Spine'"), std::string::npos) << sk.error().message;
}

TEST(Skeleton, FromAssetRefusesAMissingSkin) {
    Asset a = armature_asset();
    a.scene.update_matrices();
    EXPECT_FALSE(Skeleton::from_asset(a, 1).ok());
}

TEST(Skeleton, ApplyPoseMatchesADoublePrecisionWalkForEveryGroupSize) {
    // apply_pose forms locals four joints at a time; 1 to 9 joints cover full groups and every
    // length of the short last group. The reference walks the same chain in double precision with
    // glm, from the TRS (a second method), and multiplies by the inverse bind.
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), s(0.5f, 1.5f);
    for (int n = 1; n <= 9; ++n) {
        SkeletonDesc d;
        d.rest.resize(n);
        for (int j = 0; j < n; ++j) {
            d.parents.push_back(j == 0 ? -1 : static_cast<int>(rng() % static_cast<unsigned>(j)));
            d.inverse_bind.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(u(rng), u(rng), u(rng))) *
                                     glm::scale(glm::mat4(1.0f), glm::vec3(s(rng))));
        }
        auto sk = Skeleton::create(d);
        ASSERT_TRUE(sk.ok());
        Pose pose(n);
        std::vector<glm::dmat4> world(static_cast<size_t>(n));
        for (int j = 0; j < n; ++j) {
            const size_t ju = static_cast<size_t>(j);
            const glm::dvec3 t(u(rng), u(rng), u(rng)), sc(s(rng), s(rng), s(rng));
            const glm::dquat q = glm::normalize(glm::dquat(u(rng), u(rng), u(rng), u(rng)));
            for (int i = 0; i < 3; ++i) {
                pose.translation[ju * 3 + static_cast<size_t>(i)] = static_cast<float>(t[i]);
                pose.scale[ju * 3 + static_cast<size_t>(i)] = static_cast<float>(sc[i]);
            }
            const float qf[4] = {float(q.x), float(q.y), float(q.z), float(q.w)};
            std::copy(qf, qf + 4, &pose.rotation[ju * 4]);
            const glm::dquat qd{double(qf[3]), double(qf[0]), double(qf[1]), double(qf[2])};
            const glm::dmat4 local = glm::translate(glm::dmat4(1.0), glm::dvec3(glm::vec3(t))) *
                                     glm::mat4_cast(qd) *
                                     glm::scale(glm::dmat4(1.0), glm::dvec3(glm::vec3(sc)));
            const int p = d.parents[ju];
            world[ju] = p < 0 ? local : world[static_cast<size_t>(p)] * local;
        }
        sk->apply_pose(pose);
        for (int j = 0; j < n; ++j) {
            const glm::dmat4 pal =
                world[static_cast<size_t>(j)] * glm::dmat4(d.inverse_bind[static_cast<size_t>(j)]);
            const glm::mat4 got_w = at(sk->world(), j), got_p = at(sk->palette(), j);
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 4; ++r) {
                    // 1e-4 relative: float rounding over chains at most 9 deep, scales up to 1.5.
                    EXPECT_NEAR(got_w[c][r], world[static_cast<size_t>(j)][c][r],
                                1e-4 * (1.0 + std::abs(world[static_cast<size_t>(j)][c][r])))
                        << n << " joints, joint " << j;
                    EXPECT_NEAR(got_p[c][r], pal[c][r], 1e-4 * (1.0 + std::abs(pal[c][r])))
                        << n << " joints, joint " << j;
                }
            // The bottom row is exact, not merely near: the renderer and the affine products rely on it.
            EXPECT_EQ(got_p[0][3], 0.0f);
            EXPECT_EQ(got_p[3][3], 1.0f);
            EXPECT_FALSE(std::signbit(got_w[1][3])) << "bottom row holds -0";
        }
    }
}

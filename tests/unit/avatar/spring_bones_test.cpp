// Spring bones against a second implementation written here from the VRMC_springBone text alone:
// its own node walk (world matrices recomposed from TRS every time they are asked for), its own
// shortest-arc rotation (acos and an axis, where the runtime uses the half-way quaternion), the
// Verlet update in double. The project's VRM avatar (1.0 and 0.x, whose 0.x chain adds a virtual
// 7 cm tail) is driven by a scripted chest twist and head nod for 120 frames; the hair tip must
// agree to 1e-9 m every frame. The same comparison with the reference's gravity or stiffness
// removed must be far off, or the agreement would prove nothing about either term.
#include "anim/avatar/spring_bones.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/constants.hpp>

#include "anim/asset_tools/vrm_builder.h"

using namespace sv::anim;

namespace {

struct RefNode {
    int parent = -1;
    glm::dvec3 t{0.0};
    glm::dquat r{1, 0, 0, 0};
};

struct RefJoint {
    VrmSpringJoint p;
    glm::dvec3 local_tail{0.0}, axis{0.0}, cur{0.0}, prev{0.0};
    glm::dquat init{1, 0, 0, 0};
    double len = 0.0;
};

// The reference: knows nothing of Scene beyond the parents and TRS it copies at the start.
struct Reference {
    std::vector<RefNode> nodes;
    std::vector<RefJoint> joints;
    std::vector<VrmCollider> colliders;
    std::vector<int> spring_colliders;
    double gravity_scale = 1.0, stiffness_scale = 1.0;
    int hits = 0;

    glm::dmat4 world(int n) const {
        if (n < 0) return glm::dmat4(1.0);
        const RefNode& x = nodes[static_cast<size_t>(n)];
        glm::dmat4 local = glm::mat4_cast(x.r);
        local[3] = glm::dvec4(x.t, 1.0);
        return world(x.parent) * local;
    }

    static glm::dquat arc(glm::dvec3 a, glm::dvec3 b) {
        const double c = glm::clamp(glm::dot(a, b), -1.0, 1.0);
        const glm::dvec3 axis = glm::cross(a, b);
        const double s = glm::length(axis);
        if (s < 1e-15) return glm::dquat(1, 0, 0, 0);
        return glm::angleAxis(std::atan2(s, c), axis / s);
    }

    void init(const Scene& scene, const Vrm& vrm) {
        for (const Node& n : scene.nodes) nodes.push_back({n.parent, n.translation, n.rotation});
        colliders = vrm.colliders;
        for (const auto& s : vrm.springs) {
            spring_colliders = s.colliders;
            for (const auto& p : s.joints) {
                RefJoint j;
                j.p = p;
                const RefNode& n = nodes[static_cast<size_t>(p.node)];
                j.local_tail =
                    p.tail_node >= 0 ? nodes[static_cast<size_t>(p.tail_node)].t : glm::normalize(n.t) * 0.07;
                j.axis = glm::normalize(j.local_tail);
                j.init = n.r;
                const glm::dmat4 w = world(p.node);
                j.cur = j.prev = glm::dvec3(w * glm::dvec4(j.local_tail, 1.0));
                j.len = glm::length(j.cur - glm::dvec3(w[3]));
                joints.push_back(j);
            }
        }
    }

    void step(double dt) {
        for (RefJoint& j : joints) {
            RefNode& n = nodes[static_cast<size_t>(j.p.node)];
            glm::dmat4 rest_local = glm::mat4_cast(j.init);
            rest_local[3] = glm::dvec4(n.t, 1.0);
            const glm::dmat4 rest = world(n.parent) * rest_local;
            const glm::dvec3 pos(rest[3]);
            const glm::dvec3 axis_w = glm::normalize(glm::dmat3(rest) * j.axis);
            glm::dvec3 next = j.cur + (j.cur - j.prev) * (1.0 - j.p.drag_force) +
                              axis_w * (j.p.stiffness * stiffness_scale * dt) +
                              j.p.gravity_dir * (j.p.gravity_power * gravity_scale * dt);
            next = pos + glm::normalize(next - pos) * j.len;
            for (int ci : spring_colliders) {
                const VrmCollider& c = colliders[static_cast<size_t>(ci)];
                const glm::dvec3 centre(world(c.node) * glm::dvec4(c.offset, 1.0));
                const double r = c.radius + j.p.hit_radius;
                if (glm::length(next - centre) < r) {
                    ++hits;
                    next = centre + glm::normalize(next - centre) * r;
                    next = pos + glm::normalize(next - pos) * j.len;
                }
            }
            j.prev = j.cur;
            j.cur = next;
            const glm::dvec3 local_dir = glm::normalize(glm::inverse(glm::dmat3(rest)) * (next - pos));
            n.r = j.init * arc(j.axis, local_dir);
        }
    }
};

// The scripted drive: the chest twists and the head nods, different rates, so the hair swings,
// lags, and (nodding back) meets the collider behind the neck.
glm::dquat chest_at(int frame) { return glm::angleAxis(0.6 * std::sin(frame * 0.09), glm::dvec3(0, 1, 0)); }
// 0.x is the same avatar turned half a turn about +Y, so its nod is about -X.
glm::dquat head_at(int frame, VrmVersion v) {
    return glm::angleAxis(-0.5 * std::sin(frame * 0.13), glm::dvec3(v == VrmVersion::V0 ? -1 : 1, 0, 0));
}

struct Trace {
    std::vector<glm::dvec3> runtime, reference;
    int hits = 0;
    double rest_tip_travel = 0.0;  // how far the runtime's tip got from its rest position
};

Trace run(VrmVersion version, double gravity_scale, double stiffness_scale) {
    Asset a = build_vrm_avatar(version);
    a.scene.update_matrices();
    const int chest = a.scene.find("J_Bip_C_Chest"), head = a.scene.find("J_Bip_C_Head");
    const int tip = a.scene.find("J_Sec_HairTip");
    auto sb = SpringBones::create(a.vrm, a.scene);
    EXPECT_TRUE(sb.ok()) << sb.error().message;
    Reference ref;
    ref.gravity_scale = gravity_scale;
    ref.stiffness_scale = stiffness_scale;
    ref.init(a.scene, a.vrm);
    const glm::dvec3 rest_tip(a.scene.nodes[static_cast<size_t>(tip)].global[3]);
    Trace out;
    for (int f = 1; f <= 120; ++f) {
        a.scene.nodes[static_cast<size_t>(chest)].rotation = chest_at(f);
        a.scene.nodes[static_cast<size_t>(head)].rotation = head_at(f, version);
        a.scene.update_matrices();
        sb->step(a.scene, SpringBones::kStep);
        ref.nodes[static_cast<size_t>(chest)].r = chest_at(f);
        ref.nodes[static_cast<size_t>(head)].r = head_at(f, version);
        ref.step(SpringBones::kStep);
        // The 0.x chain's last joint swings HairTip itself: compare its virtual tail there.
        const glm::dvec3 rt = version == VrmVersion::V0
                                  ? sb->tail_world(a.scene, sb->joint_count() - 1)
                                  : glm::dvec3(a.scene.nodes[static_cast<size_t>(tip)].global[3]);
        const glm::dvec3 rf =
            version == VrmVersion::V0 ? ref.joints.back().cur : glm::dvec3(ref.world(tip)[3]);
        out.runtime.push_back(rt);
        out.reference.push_back(rf);
        out.rest_tip_travel =
            std::max(out.rest_tip_travel,
                     glm::length(glm::dvec3(a.scene.nodes[static_cast<size_t>(tip)].global[3]) - rest_tip));
    }
    out.hits = ref.hits;
    return out;
}

double worst(const Trace& r) {
    double w = 0.0;
    for (size_t i = 0; i < r.runtime.size(); ++i) w = std::max(w, glm::length(r.runtime[i] - r.reference[i]));
    return w;
}

}  // namespace

TEST(SpringBones, HairTipFollowsTheIndependentImplementationFor120Frames) {
    for (VrmVersion v : {VrmVersion::V1, VrmVersion::V0}) {
        const Trace r = run(v, 1.0, 1.0);
        ASSERT_EQ(r.runtime.size(), 120u);
        EXPECT_LT(worst(r), 1e-9) << (v == VrmVersion::V1 ? "1.0" : "0.x");
        // The drive is strong enough to mean something: the tip travels, the collider is met.
        EXPECT_GT(r.rest_tip_travel, 0.05);
        EXPECT_GT(r.hits, 0) << "the scripted nod never reaches the neck collider";
        std::printf(
            "[spring] %s: worst tip difference %.3g m over 120 frames, tip travel %.3f m, %d collider hits\n",
            v == VrmVersion::V1 ? "1.0" : "0.x", worst(r), r.rest_tip_travel, r.hits);
    }
}

// Negative controls: the reference without gravity, or without stiffness, is centimetres away; a
// runtime that dropped either term would fail the test above by as much.
TEST(SpringBones, ComparisonSeesGravityAndStiffness) {
    const double no_gravity = worst(run(VrmVersion::V1, 0.0, 1.0));
    const double no_stiffness = worst(run(VrmVersion::V1, 1.0, 0.0));
    std::printf("[spring] reference without gravity: %.3f m off; without stiffness: %.3f m off\n", no_gravity,
                no_stiffness);
    EXPECT_GT(no_gravity, 0.01);
    EXPECT_GT(no_stiffness, 0.01);
}

TEST(SpringBones, FixedStepIndependentOfCallCadence) {
    Asset a = build_vrm_avatar(VrmVersion::V1), b = build_vrm_avatar(VrmVersion::V1);
    a.scene.update_matrices();
    b.scene.update_matrices();
    auto sa = SpringBones::create(a.vrm, a.scene), sb = SpringBones::create(b.vrm, b.scene);
    ASSERT_TRUE(sa.ok() && sb.ok());
    // 0.2 s in one call, or in 24 calls of 1/120 s: 12 steps either way, the same tails bit for bit.
    EXPECT_EQ(sa->advance(a.scene, 0.2 + 1e-9), 12);
    int steps = 0;
    for (int i = 0; i < 24; ++i) steps += sb->advance(b.scene, 1.0 / 120.0 + 1e-12);
    EXPECT_EQ(steps, 12);
    for (size_t j = 0; j < sa->joint_count(); ++j)
        EXPECT_EQ(sa->tail_world(a.scene, j), sb->tail_world(b.scene, j)) << "joint " << j;
    // Gravity did act: the hair tip left its rest.
    EXPECT_LT(sa->tail_world(a.scene, sa->joint_count() - 1).y, 1.67 - 0.01);
}

TEST(SpringBones, RefusesATailOnTheJoint) {
    Asset a = build_vrm_avatar(VrmVersion::V1);
    a.scene.update_matrices();
    a.scene.nodes[static_cast<size_t>(a.scene.find("J_Sec_Hair2"))].translation = glm::dvec3(0.0);
    auto sb = SpringBones::create(a.vrm, a.scene);
    ASSERT_FALSE(sb.ok());
    EXPECT_NE(sb.error().message.find("tail sits on the joint"), std::string::npos) << sb.error().message;
}

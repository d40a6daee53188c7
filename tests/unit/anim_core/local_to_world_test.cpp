// apply_pose and apply_local_matrices (anim/src/pose/local_to_world.cpp) give the bits of the
// scalar formulas they document: T x R x S as glTF composes it, then each world and palette element
// as ((a0 b0 + a1 b1) + a2 b2) (+ a3 for the translation column), in float, in that order. The
// SSE2 path broadcasts its operands from other places (lanes of four joints' columns, pre-broadcast
// inverse binds, the previous joint's world in registers); this holds that it still computes the
// same numbers, on trees whose joints follow their parent (the register path) and jump back to an
// earlier one (the memory path), for every length of the last short group.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <glm/gtc/matrix_transform.hpp>
#include <random>

#include "anim/pose/skeleton.h"

using namespace sv::anim;

// Named, not anonymous: the folder compiles as unity batches, where another file's helpers share
// the translation unit.
namespace local_to_world_test {

void local_of(const float* t, const float* q, const float* s, float* m) {
    const float x = q[0], y = q[1], z = q[2], w = q[3];
    const float xx = x * x, yy = y * y, zz = z * z;
    const float xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z;
    const float rows[3][3] = {{(1.0f - 2.0f * (yy + zz)), (2.0f * (xy - wz)), (2.0f * (xz + wy))},
                              {(2.0f * (xy + wz)), (1.0f - 2.0f * (xx + zz)), (2.0f * (yz - wx))},
                              {(2.0f * (xz - wy)), (2.0f * (yz + wx)), (1.0f - 2.0f * (xx + yy))}};
    for (int c = 0; c < 3; ++c) {
        for (int r = 0; r < 3; ++r) m[c * 4 + r] = rows[r][c] * s[c];
        m[c * 4 + 3] = 0.0f;
    }
    m[12] = t[0], m[13] = t[1], m[14] = t[2], m[15] = 1.0f;
}

void product(const float* a, const float* b, float* out) {
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 3; ++r) {
            float v = a[r] * b[c * 4] + a[4 + r] * b[c * 4 + 1] + a[8 + r] * b[c * 4 + 2];
            if (c == 3) v += a[12 + r];
            out[c * 4 + r] = v;
        }
        out[c * 4 + 3] = c == 3 ? 1.0f : 0.0f;
    }
}

struct Tree {
    SkeletonDesc desc;
    Pose pose;
    std::vector<float> locals;
};

Tree random_tree(int n, std::mt19937& rng) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), s(0.5f, 1.5f);
    Tree t;
    t.desc.rest.resize(n);
    for (int j = 0; j < n; ++j) {
        // Mostly the joint before (a chain, as depth-first lists are), sometimes any earlier one.
        const int parent = j == 0 ? -1 : (rng() % 3 != 0 ? j - 1 : static_cast<int>(rng() % unsigned(j)));
        t.desc.parents.push_back(parent);
        t.desc.inverse_bind.push_back(
            glm::translate(glm::mat4(1.0f), glm::vec3(u(rng), u(rng), u(rng))) *
            glm::rotate(glm::mat4(1.0f), u(rng), glm::normalize(glm::vec3(1, 2, 3))) *
            glm::scale(glm::mat4(1.0f), glm::vec3(s(rng), s(rng), s(rng))));
    }
    t.desc.root_parent_world.assign(static_cast<size_t>(n), glm::mat4(1.0f));
    t.desc.root_parent_world[0] = glm::scale(glm::mat4(1.0f), glm::vec3(0.01f));
    t.pose.resize(n);
    t.locals.resize(static_cast<size_t>(n) * 16);
    for (size_t j = 0; j < size_t(n); ++j) {
        float q[4] = {u(rng), u(rng), u(rng), u(rng)};
        const float len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        for (float& c : q) c /= len;
        for (int i = 0; i < 3; ++i) {
            t.pose.translation[j * 3 + size_t(i)] = u(rng);
            t.pose.scale[j * 3 + size_t(i)] = s(rng);
        }
        std::copy(q, q + 4, &t.pose.rotation[j * 4]);
        local_of(&t.pose.translation[j * 3], q, &t.pose.scale[j * 3], &t.locals[j * 16]);
    }
    return t;
}

// The documented arithmetic, joint by joint in index order.
void reference(const Tree& t, std::vector<float>& world, std::vector<float>& palette) {
    const size_t n = t.desc.parents.size();
    world.assign(n * 16, 0.0f);
    palette.assign(n * 16, 0.0f);
    for (size_t j = 0; j < n; ++j) {
        const int p = t.desc.parents[j];
        const float* parent = p >= 0 ? &world[size_t(p) * 16] : &t.desc.root_parent_world[j][0][0];
        product(parent, &t.locals[j * 16], &world[j * 16]);
        product(&world[j * 16], &t.desc.inverse_bind[j][0][0], &palette[j * 16]);
    }
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

TEST(LocalToWorld, BothDoorsGiveTheDocumentedProductsBitForBit) {
    std::mt19937 rng(5);
    for (int n : {1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 65}) {
        const Tree t = random_tree(n, rng);
        auto sk = Skeleton::create(t.desc);
        ASSERT_TRUE(sk.ok()) << sk.error().message;
        std::vector<float> world, palette;
        reference(t, world, palette);
        sk->apply_pose(t.pose);
        EXPECT_TRUE(same_bits(sk->world(), world)) << n << " joints: apply_pose's world";
        EXPECT_TRUE(same_bits(sk->palette(), palette)) << n << " joints: apply_pose's palette";
        sk->apply_local_matrices(t.locals.data());
        EXPECT_TRUE(same_bits(sk->world(), world)) << n << " joints: apply_local_matrices' world";
        EXPECT_TRUE(same_bits(sk->palette(), palette)) << n << " joints: apply_local_matrices' palette";
    }
}

TEST(LocalToWorld, TheBitComparisonSeesAReorderedSum) {
    // The control: the same products summed in another association, x + (y + z), differ in some
    // bit on such a tree, so the test above would see an implementation that regrouped them.
    std::mt19937 rng(5);
    const Tree t = random_tree(65, rng);
    std::vector<float> world, palette, other(t.locals.size());
    reference(t, world, palette);
    const size_t n = t.desc.parents.size();
    for (size_t j = 0; j < n; ++j) {
        const int p = t.desc.parents[j];
        const float* a = p >= 0 ? &other[size_t(p) * 16] : &t.desc.root_parent_world[j][0][0];
        const float* b = &t.locals[j * 16];
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r) {
                float v = a[r] * b[c * 4] + (a[4 + r] * b[c * 4 + 1] + a[8 + r] * b[c * 4 + 2]);
                if (c == 3) v += a[12 + r];
                other[j * 16 + size_t(c * 4 + r)] = r == 3 ? (c == 3 ? 1.0f : 0.0f) : v;
            }
    }
    EXPECT_FALSE(same_bits(world, other));
}

}  // namespace local_to_world_test

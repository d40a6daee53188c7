// Both asset shapes a skinned character arrives in, built as scene graphs in code, off the hierarchy
// rather than by typing matrices (so the fixtures say what a file says, not what the code computes).
//
// Mixamo export: a placement root, under it "Armature" carrying a 0.01 scale and a 90-degree X
// rotation (centimetres, Z-up, turned into metres, Y-up), and under that both the mesh node "Body"
// and the joints. The inverse binds are the inverses of the joints' rest globals, so A_j is the
// identity at rest and the geometry is written in the world's metres. mesh.global is 0.01 x Rx(90),
// so mesh.global^-1 x A_j = 100 x Rx(-90): the soup.
//
// Pre-scale: the same hierarchy, with inverse binds authored so that A_j == mesh.global at rest and
// the geometry written in the mesh node's own centimetres: the shape that already satisfies the
// invariant.
#pragma once

#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "anim/scene/asset.h"

namespace sv::test {

enum class FixtureShape { MixamoExport, PreScale };

// Node indices of the fixture, fixed.
inline constexpr int kRoot = 0, kArmature = 1, kBody = 2, kHips = 3, kSpine = 4, kHead = 5, kArm = 6;

inline void fixture_add_node(anim::Scene& s, const char* name, int parent) {
    anim::Node n;
    n.name = name;
    n.parent = parent;
    s.nodes.push_back(n);
    if (parent >= 0)
        s.nodes[static_cast<size_t>(parent)].children.push_back(static_cast<int>(s.nodes.size()) - 1);
}

// `placement` is the root's local, applied after the inverse binds were authored (so it moves the
// character the way a game would).
inline anim::Asset make_character(FixtureShape shape, const glm::dmat4& placement = glm::dmat4(1.0)) {
    anim::Asset a;
    a.source = shape == FixtureShape::MixamoExport ? "fixture: Mixamo export" : "fixture: pre-scale";
    anim::Scene& s = a.scene;
    fixture_add_node(s, "Root", -1);
    fixture_add_node(s, "Armature", kRoot);
    fixture_add_node(s, "Body", kArmature);
    fixture_add_node(s, "Hips", kArmature);
    fixture_add_node(s, "Spine", kHips);
    fixture_add_node(s, "Head", kSpine);
    fixture_add_node(s, "LeftArm", kSpine);
    s.nodes[kArmature].scale = glm::dvec3(0.01);
    s.nodes[kArmature].rotation = glm::angleAxis(glm::radians(90.0), glm::dvec3(1, 0, 0));
    s.nodes[kHips].translation = {0, 0, -100};  // centimetres, Z-up: 1 m above the ground
    s.nodes[kHips].rotation = glm::angleAxis(glm::radians(-90.0), glm::dvec3(1, 0, 0));
    s.nodes[kSpine].translation = {0, 30, 0};
    s.nodes[kSpine].rotation = glm::angleAxis(glm::radians(8.0), glm::dvec3(0, 0, 1));
    s.nodes[kHead].translation = {0, 45, 0};
    s.nodes[kArm].translation = {20, 30, 0};
    s.nodes[kArm].rotation = glm::angleAxis(glm::radians(-70.0), glm::dvec3(0, 0, 1));
    s.nodes[kBody].mesh = 0;
    s.nodes[kBody].skin = 0;
    s.update_matrices();

    anim::Skin skin;
    skin.name = "CharacterSkin";
    skin.joints = {kHips, kSpine, kHead, kArm};
    const glm::dmat4 mesh_global = s.nodes[kBody].global;
    for (int j : skin.joints) {
        const glm::dmat4 inv_joint = glm::inverse(s.nodes[static_cast<size_t>(j)].global);
        skin.inverse_bind.push_back(shape == FixtureShape::MixamoExport ? inv_joint
                                                                        : inv_joint * mesh_global);
    }
    a.skins.push_back(skin);

    // Geometry: a small cloud around each joint bound to it alone at weight 1, plus vertices blended
    // between Spine and LeftArm and between Hips and Spine. Written in world metres, then moved into
    // the bind space of the shape (the identity for Mixamo, mesh-local centimetres for pre-scale).
    anim::Mesh mesh;
    mesh.name = "BodyMesh";
    anim::Primitive p;
    const glm::dmat4 to_bind =
        shape == FixtureShape::MixamoExport ? glm::dmat4(1.0) : glm::inverse(mesh_global);
    auto add = [&](glm::dvec3 world, int j0, float w0, int j1, float w1) {
        p.positions.push_back(glm::vec3(glm::dvec3(to_bind * glm::dvec4(world, 1.0))));
        p.normals.push_back(glm::normalize(glm::vec3(glm::dmat3(to_bind) * glm::dvec3(0.3, 0.4, 0.866))));
        std::array<std::uint16_t, anim::kMaxInfluences> jj{};
        std::array<float, anim::kMaxInfluences> ww{};
        jj[0] = static_cast<std::uint16_t>(j0);
        ww[0] = w0;
        jj[1] = static_cast<std::uint16_t>(j1);
        ww[1] = w1;
        p.joints.push_back(jj);
        p.weights.push_back(ww);
    };
    for (int j = 0; j < 4; ++j) {
        const glm::dvec3 c(s.nodes[static_cast<size_t>(skin.joints[static_cast<size_t>(j)])].global[3]);
        for (int k = 0; k < 6; ++k) {
            const double ang = k * 1.0471975511965976;
            add(c + glm::dvec3(0.08 * std::cos(ang), 0.05 * (k % 3), 0.08 * std::sin(ang)), j, 1.0f, 0, 0.0f);
        }
    }
    const glm::dvec3 spine(s.nodes[kSpine].global[3]), arm(s.nodes[kArm].global[3]),
        hips(s.nodes[kHips].global[3]);
    for (int k = 1; k < 5; ++k) {
        add(glm::mix(spine, arm, k / 5.0) + glm::dvec3(0, 0.02, 0), 1, 0.7f, 3, 0.3f);
        add(glm::mix(hips, spine, k / 5.0) + glm::dvec3(0.1, 0, 0), 0, 0.4f, 1, 0.6f);
    }
    for (size_t i = 0; i < p.positions.size(); ++i) p.indices.push_back(static_cast<std::uint32_t>(i));
    mesh.primitives.push_back(p);
    a.meshes.push_back(mesh);

    s.nodes[kRoot].set_local_matrix(placement);
    s.update_matrices();
    return a;
}

// A placement a game might give: a turn, a lift, a uniform grow.
inline glm::dmat4 some_placement() {
    glm::dmat4 m = glm::translate(glm::dmat4(1.0), glm::dvec3(3.0, -1.0, 7.5));
    m = glm::rotate(m, 0.9, glm::normalize(glm::dvec3(0.2, 1.0, -0.3)));
    return glm::scale(m, glm::dvec3(2.5));
}

inline double max_abs_diff(const glm::dmat4& a, const glm::dmat4& b) {
    double m = 0.0;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) m = std::max(m, std::fabs(a[c][r] - b[c][r]));
    return m;
}

}  // namespace sv::test

#include "anim/asset_tools/asset_builder.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "builder_parts.h"
#include "surface_shapes.h"

namespace sv::anim {

namespace {

constexpr double kPi = glm::pi<double>();

glm::dquat axis_angle(double degrees, glm::dvec3 axis) { return glm::angleAxis(glm::radians(degrees), axis); }

using builder::push_quat;
using builder::rough_dielectric;
using builder::track;

using builder::capsule;
using builder::kCapsuleSides;
using builder::tube;

std::array<float, kMaxInfluences> one_weight() {
    std::array<float, kMaxInfluences> w{};
    w[0] = 1.0f;
    return w;
}

}  // namespace

Asset build_arm_asset() {
    Asset a;
    a.source = "build_arm_asset";
    auto& nodes = a.scene.nodes;
    nodes.resize(4);
    nodes[0].name = "Arm";
    nodes[0].mesh = 0;
    nodes[0].skin = 0;
    const char* names[] = {"Shoulder", "Elbow", "Wrist"};
    for (int j = 0; j < 3; ++j) {
        Node& n = nodes[static_cast<size_t>(j + 1)];
        n.name = names[j];
        n.parent = j == 0 ? -1 : j;
        if (j < 2) n.children = {j + 2};
        n.translation = {0, j == 0 ? 0.0 : 1.0, 0};
    }
    Skin skin;
    skin.name = "ArmSkin";
    skin.joints = {1, 2, 3};
    for (int j = 0; j < 3; ++j)
        skin.inverse_bind.push_back(glm::translate(glm::dmat4(1.0), glm::dvec3(0, -j, 0)));
    a.skins.push_back(skin);

    // A cylinder from y=0 to y=2.5, 11 rings: rigid to one joint between joints, blended linearly
    // across 0.5 either side of the elbow (y=1) and the wrist (y=2).
    Mesh mesh;
    mesh.name = "ArmMesh";
    Primitive p;
    p.material = 0;
    const int rings = 11, sides = 12;
    for (int ri = 0; ri < rings; ++ri) {
        const double y = 2.5 * ri / (rings - 1);
        std::array<std::uint16_t, kMaxInfluences> js{};
        std::array<float, kMaxInfluences> ws{};
        auto blend = [&](double centre, int lower) {
            const double t = std::clamp((y - (centre - 0.5)) / 1.0, 0.0, 1.0);
            js[0] = std::uint16_t(lower), js[1] = std::uint16_t(lower + 1);
            ws[0] = float(1.0 - t), ws[1] = float(t);
        };
        if (y < 1.5)
            blend(1.0, 0);
        else
            blend(2.0, 1);
        for (int s = 0; s < sides; ++s) {
            const double ang = 2.0 * kPi * s / sides;
            p.positions.emplace_back(0.1 * std::cos(ang), y, 0.1 * std::sin(ang));
            p.normals.emplace_back(std::cos(ang), 0.0, std::sin(ang));
            p.uvs.emplace_back(float(s) / sides, float(y / 2.5));
            p.joints.push_back(js);
            p.weights.push_back(ws);
        }
    }
    for (int ri = 0; ri + 1 < rings; ++ri)
        for (int s = 0; s < sides; ++s) {
            const auto i0 = std::uint32_t(ri * sides + s), i1 = std::uint32_t(ri * sides + (s + 1) % sides);
            p.indices.insert(p.indices.end(), {i0, i0 + sides, i1 + sides, i0, i1 + sides, i1});
        }
    mesh.primitives.push_back(std::move(p));
    a.meshes.push_back(std::move(mesh));
    a.materials.push_back(rough_dielectric("ArmMaterial", glm::vec4(0.8f, 0.5f, 0.3f, 1.0f)));

    Clip clip;
    clip.name = "bend";
    clip.duration = 2.0f;
    clip.channels.push_back(track(2, TargetPath::Rotation, 2.0, 3, [](double t, std::vector<float>& v) {
        push_quat(v, axis_angle(t <= 1.0 ? 90.0 * t : 90.0 * (2.0 - t), {0, 0, 1}));
    }));
    a.clips.push_back(std::move(clip));
    a.scene.update_matrices();
    return a;
}

namespace {

struct JointSpec {
    std::string name;
    int parent;
    glm::dvec3 offset;  // from the parent joint, character space, centimetres
    double radius;      // of the bone box from this joint to its first child; 0 for none
};

std::vector<JointSpec> humanoid_joints() {
    std::vector<JointSpec> j;
    auto add = [&](const std::string& name, int parent, glm::dvec3 off, double r) {
        j.push_back({name, parent, off, r});
        return static_cast<int>(j.size()) - 1;
    };
    const int hips = add("Hips", -1, {0, 100, 0}, 11);
    const int spine = add("Spine", hips, {0, 10, 0}, 12);
    const int spine1 = add("Spine1", spine, {0, 12, 0}, 13);
    const int spine2 = add("Spine2", spine1, {0, 14, 0}, 13);
    const int neck = add("Neck", spine2, {0, 16, 0}, 4);
    const int head = add("Head", neck, {0, 10, 0}, 9);
    add("HeadTop_End", head, {0, 18, 0}, 0);
    for (int side = 0; side < 2; ++side) {
        const double sx = side == 0 ? 1.0 : -1.0;  // the character's left is +X (it faces +Z)
        const std::string s = side == 0 ? "Left" : "Right";
        const int sh = add(s + "Shoulder", spine2, {sx * 6, 12, 0}, 4);
        const int arm = add(s + "Arm", sh, {sx * 12, 0, 0}, 5);
        const int fore = add(s + "ForeArm", arm, {sx * 27, 0, 0}, 4);
        const int hand = add(s + "Hand", fore, {sx * 25, 0, 0}, 3.5);
        struct F {
            const char* name;
            glm::dvec3 base;
            double len;
        };
        const F fingers[] = {{"Thumb", {3, -1, 3}, 3.0},
                             {"Index", {9, 0, 2.5}, 3.5},
                             {"Middle", {9.5, 0, 0.8}, 3.8},
                             {"Ring", {9, 0, -0.8}, 3.4},
                             {"Pinky", {8, 0, -2.5}, 2.8}};
        for (const F& f : fingers) {
            int p = add(s + "Hand" + f.name + "1", hand, {sx * f.base.x, f.base.y, f.base.z}, 0.9);
            for (int k = 2; k <= 4; ++k)
                p = add(s + "Hand" + f.name + std::to_string(k), p, {sx * f.len * (k == 4 ? 0.7 : 1.0), 0, 0},
                        k == 4 ? 0 : 0.8);
        }
    }
    for (int side = 0; side < 2; ++side) {
        const double sx = side == 0 ? 1.0 : -1.0;
        const std::string s = side == 0 ? "Left" : "Right";
        const int up = add(s + "UpLeg", hips, {sx * 9, -6, 0}, 7);
        const int leg = add(s + "Leg", up, {0, -42, 0}, 5);
        const int foot = add(s + "Foot", leg, {0, -42, 0}, 4);
        const int toe = add(s + "ToeBase", foot, {0, -8, 12}, 3);
        add(s + "Toe_End", toe, {0, 0, 8}, 0);
    }
    return j;
}

}  // namespace

Asset build_humanoid_asset(HumanoidShape shape, HumanoidSurface surface) {
    const std::vector<JointSpec> spec = humanoid_joints();
    const int nj = static_cast<int>(spec.size());
    Asset a;
    a.source = std::string("build_humanoid_asset(") +
               (shape == HumanoidShape::MixamoExport ? "MixamoExport" : "PreScale") +
               (surface == HumanoidSurface::Rounded ? ", Rounded)" : ")");
    auto& nodes = a.scene.nodes;
    // Node 0 "Armature", node 1 the mesh node "Body", then the joints in spec (parents-first) order.
    nodes.resize(static_cast<size_t>(2 + nj));
    // The export's up-axis turn: Armature turns +90 about X; the character is authored Y-up, so
    // armature-local space is character space turned -90 about X (C below), in centimetres.
    const glm::dquat turn = axis_angle(90.0, {1, 0, 0});
    const glm::dquat C = glm::inverse(turn);
    nodes[0].name = "Armature";
    nodes[0].scale = glm::dvec3(0.01);
    nodes[0].rotation = turn;
    nodes[0].children = {1, 2};
    nodes[1].name = "Body";
    nodes[1].parent = 0;
    nodes[1].mesh = 0;
    nodes[1].skin = 0;
    std::vector<glm::dvec3> pos(static_cast<size_t>(nj));  // rest position, character space, cm
    for (int j = 0; j < nj; ++j) {
        const JointSpec& s = spec[static_cast<size_t>(j)];
        Node& n = nodes[static_cast<size_t>(2 + j)];
        n.name = s.name;
        pos[static_cast<size_t>(j)] =
            (s.parent >= 0 ? pos[static_cast<size_t>(s.parent)] : glm::dvec3(0.0)) + s.offset;
        if (s.parent < 0) {
            n.parent = 0;
            n.translation = C * s.offset;
            n.rotation = C;  // undoes the armature's turn so every joint below is character-aligned
        } else {
            n.parent = 2 + s.parent;
            nodes[static_cast<size_t>(2 + s.parent)].children.push_back(2 + j);
            n.translation = s.offset;
        }
    }
    a.scene.update_matrices();

    Skin skin;
    skin.name = "HumanoidSkin";
    skin.skeleton = 2;
    const glm::dmat4 mesh_global = nodes[1].global;
    for (int j = 0; j < nj; ++j) {
        skin.joints.push_back(2 + j);
        const glm::dmat4 inv = glm::inverse(nodes[static_cast<size_t>(2 + j)].global);
        skin.inverse_bind.push_back(shape == HumanoidShape::MixamoExport ? inv : inv * mesh_global);
    }
    a.skins.push_back(skin);

    // Where the geometry is written decides which shape this is:
    //  - MixamoExport: in the world the skin's joints define at rest (A_j is the identity there, so
    //    glTF's own rule, vertex = sum of w_j A_j v, puts it at v): metres, Y up. The mesh node still
    //    hangs under the 0.01-scaled, turned Armature, so drawn through the mesh node as the file
    //    gives it the character is 1/100 of itself and, posed, soup. This is Xbot's shape.
    //  - PreScale: in the mesh node's own space (armature-local, centimetres), with inverse binds
    //    that carry the mesh node's transform, so mesh.global == A_bind already.
    const glm::dmat4 to_mesh = shape == HumanoidShape::MixamoExport
                                   ? mesh_global * glm::dmat4(glm::mat4_cast(C))
                                   : glm::dmat4(glm::mat4_cast(C));
    Mesh mesh;
    mesh.name = "BodyMesh";
    Primitive p;
    p.material = 0;
    for (int j = 0; j < nj; ++j) {
        const JointSpec& s = spec[static_cast<size_t>(j)];
        if (s.radius <= 0.0) continue;
        int child = -1;
        for (int c = j + 1; c < nj && child < 0; ++c)
            if (spec[static_cast<size_t>(c)].parent == j) child = c;
        if (child < 0) continue;
        const int parent = s.parent;
        if (surface == HumanoidSurface::Rounded) {
            // Up to half and half with the parent at the bone's start and with the child at its end,
            // ramped to this joint alone over the outer thirds; around the limb the neighbour's share
            // goes from 0.05x to 1.9x of that (a cosine, its phase turned 1.3 rad a joint so the
            // creases do not all face one way). Corners of one triangle then carry different
            // blends, which is what spreads the soup (see HumanoidSurface).
            bool tip = true;
            for (int c = child + 1; c < nj && tip; ++c) tip = spec[static_cast<size_t>(c)].parent != child;
            const double ramp = 1.0 / 3.0;
            capsule(
                p, pos[static_cast<size_t>(j)], pos[static_cast<size_t>(child)], s.radius, tip,
                [&](double along, double ang, std::array<std::uint16_t, kMaxInfluences>& js,
                    std::array<float, kMaxInfluences>& ws) {
                    const double side_p = 1.0 + 0.9 * std::cos(ang + 1.3 * j);
                    const double side_c = 1.0 + 0.9 * std::cos(ang + 1.3 * child);
                    const float wp =
                        parent >= 0 ? float(0.5 * side_p * std::max(0.0, 1.0 - along / ramp)) : 0.0f;
                    const float wc = float(0.5 * side_c * std::max(0.0, (along - (1.0 - ramp)) / ramp));
                    int k = 0;
                    js[k] = std::uint16_t(j), ws[k++] = 1.0f - wp - wc;
                    if (wp > 0.0f) js[k] = std::uint16_t(parent), ws[k++] = wp;
                    if (wc > 0.0f) js[k] = std::uint16_t(child), ws[k++] = wc;
                },
                to_mesh);
            continue;
        }
        // Rings at the start (blended half with the parent), middle (this joint alone) and end
        // (blended half with the child): single-joint and two-joint vertices on every bone.
        tube(
            p, pos[static_cast<size_t>(j)], pos[static_cast<size_t>(child)], s.radius, 3,
            [&](int ring, std::array<std::uint16_t, kMaxInfluences>& js,
                std::array<float, kMaxInfluences>& ws) {
                ws = one_weight();
                js[0] = std::uint16_t(j);
                const int other = ring == 0 ? parent : ring == 2 ? child : -1;
                if (other >= 0) {
                    js[1] = std::uint16_t(other);
                    ws[0] = ws[1] = 0.5f;
                }
            },
            to_mesh);
    }
    mesh.primitives.push_back(std::move(p));
    a.meshes.push_back(std::move(mesh));
    a.materials.push_back(rough_dielectric("BodyMaterial", glm::vec4(0.55f, 0.6f, 0.7f, 1.0f)));

    // "walk": 2 s, 25 keys a track, LINEAR.
    const double dur = 2.0;
    const int keys = 25;
    auto node_of = [&](const std::string& name) { return a.scene.find(name); };
    auto w = [&](double t) { return 2.0 * kPi * t / dur; };
    Clip clip;
    clip.name = "walk";
    clip.duration = float(dur);
    clip.channels.push_back(
        track(node_of("Hips"), TargetPath::Translation, dur, keys, [&](double t, std::vector<float>& v) {
            const glm::dvec3 p_char(0, 100 + 2.0 * std::cos(2 * w(t)), 3.0 * std::sin(w(t)));
            const glm::dvec3 l = C * p_char;
            v.insert(v.end(), {float(l.x), float(l.y), float(l.z)});
        }));
    clip.channels.push_back(
        track(node_of("Hips"), TargetPath::Rotation, dur, keys, [&](double t, std::vector<float>& v) {
            push_quat(v, C * axis_angle(8.0 * std::sin(w(t)), {0, 1, 0}));
        }));
    for (int side = 0; side < 2; ++side) {
        const double sx = side == 0 ? 1.0 : -1.0;
        const double phase = side == 0 ? 0.0 : kPi;
        const std::string s = side == 0 ? "Left" : "Right";
        clip.channels.push_back(
            track(node_of(s + "Arm"), TargetPath::Rotation, dur, keys, [&](double t, std::vector<float>& v) {
                // Lower the T-posed arm 65 degrees, then swing it forward and back.
                push_quat(v, axis_angle(30.0 * std::sin(w(t) + phase), {1, 0, 0}) *
                                 axis_angle(-sx * 65.0, {0, 0, 1}));
            }));
        clip.channels.push_back(track(
            node_of(s + "ForeArm"), TargetPath::Rotation, dur, keys, [&](double t, std::vector<float>& v) {
                // A twist about the forearm's own axis (X), the motion linear blend skinning
                // collapses, plus a slight bend.
                push_quat(v, axis_angle(sx * 20.0, {0, 1, 0}) * axis_angle(70.0 * std::sin(w(t)), {1, 0, 0}));
            }));
        clip.channels.push_back(track(
            node_of(s + "UpLeg"), TargetPath::Rotation, dur, keys, [&](double t, std::vector<float>& v) {
                push_quat(v, axis_angle(-25.0 * std::sin(w(t) + phase + kPi), {1, 0, 0}));
            }));
        clip.channels.push_back(
            track(node_of(s + "Leg"), TargetPath::Rotation, dur, keys, [&](double t, std::vector<float>& v) {
                push_quat(v, axis_angle(30.0 * std::max(0.0, std::sin(w(t) + phase)), {1, 0, 0}));
            }));
    }
    a.clips.push_back(std::move(clip));
    return a;
}

}  // namespace sv::anim

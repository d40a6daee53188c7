// The VRM test avatars (anim/asset_tools/vrm_builder.h). Built in VRM 1.0's frame (+Z forward, +X
// the avatar's left, metres, identity rest rotations: a T-pose) and, for 0.x, turned as a whole
// half a turn about +Y, which is what UniVRM 0.x's export did to every avatar.
#include "anim/asset_tools/vrm_builder.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/asset_tools/asset_builder.h"
#include "anim/graph/humanoid_names.h"

namespace sv::anim {

namespace {

struct Bone {
    const char* node;
    const char* human;  // VRM humanoid name; "" for the hair
    int parent;         // index into the bone list; -1: under the Root node
    glm::dvec3 offset;
    double half_width;  // of the box drawn from this bone to its first child; 0: none
};

// Parents first. Names as VRoid Studio spells them, so nothing can be found by name alone: the
// humanoid map is what says which node is which bone.
const std::vector<Bone>& bones() {
    static const std::vector<Bone> b = {
        {"J_Bip_C_Hips", "hips", -1, {0, 1.0, 0}, 0.09},                    // 0
        {"J_Bip_C_Spine", "spine", 0, {0, 0.1, 0}, 0.085},                  // 1
        {"J_Bip_C_Chest", "chest", 1, {0, 0.15, 0}, 0.09},                  // 2
        {"J_Bip_C_Neck", "neck", 2, {0, 0.2, 0}, 0.035},                    // 3
        {"J_Bip_C_Head", "head", 3, {0, 0.1, 0}, 0.0},                      // 4
        {"J_Bip_L_UpperArm", "leftUpperArm", 2, {0.2, 0.15, 0}, 0.04},      // 5
        {"J_Bip_L_LowerArm", "leftLowerArm", 5, {0.28, 0, 0}, 0.035},       // 6
        {"J_Bip_L_Hand", "leftHand", 6, {0.25, 0, 0}, 0.0},                 // 7
        {"J_Bip_R_UpperArm", "rightUpperArm", 2, {-0.2, 0.15, 0}, 0.04},    // 8
        {"J_Bip_R_LowerArm", "rightLowerArm", 8, {-0.28, 0, 0}, 0.035},     // 9
        {"J_Bip_R_Hand", "rightHand", 9, {-0.25, 0, 0}, 0.0},               // 10
        {"J_Bip_L_UpperLeg", "leftUpperLeg", 0, {0.1, -0.05, 0}, 0.055},    // 11
        {"J_Bip_L_LowerLeg", "leftLowerLeg", 11, {0, -0.42, 0}, 0.045},     // 12
        {"J_Bip_L_Foot", "leftFoot", 12, {0, -0.42, 0}, 0.0},               // 13
        {"J_Bip_R_UpperLeg", "rightUpperLeg", 0, {-0.1, -0.05, 0}, 0.055},  // 14
        {"J_Bip_R_LowerLeg", "rightLowerLeg", 14, {0, -0.42, 0}, 0.045},    // 15
        {"J_Bip_R_Foot", "rightFoot", 15, {0, -0.42, 0}, 0.0},              // 16
        {"J_Sec_Hair1", "", 4, {0, 0.12, -0.08}, 0.03},                     // 17
        {"J_Sec_Hair2", "", 17, {0, 0, -0.1}, 0.028},                       // 18
        {"J_Sec_Hair3", "", 18, {0, 0, -0.1}, 0.025},                       // 19
        {"J_Sec_HairTip", "", 19, {0, 0, -0.1}, 0.0},                       // 20
        // Only with VrmAvatarOptions::look_at (type bone): last, so the others keep their indices.
        {"J_Adj_L_FaceEye", "leftEye", 4, {0.035, 0.07, 0.09}, 0.0},    // 21
        {"J_Adj_R_FaceEye", "rightEye", 4, {-0.035, 0.07, 0.09}, 0.0},  // 22
    };
    return b;
}

// A closed box from a to b, half-width h, every vertex on joint j alone.
void box(Primitive& p, glm::dvec3 a, glm::dvec3 b, double h, int j) {
    const glm::dvec3 axis = glm::normalize(b - a);
    const glm::dvec3 helper = std::abs(axis.y) < 0.9 ? glm::dvec3(0, 1, 0) : glm::dvec3(0, 0, 1);
    const glm::dvec3 u = glm::normalize(glm::cross(axis, helper)) * h,
                     v = glm::normalize(glm::cross(axis, u)) * h;
    const auto base = static_cast<std::uint32_t>(p.positions.size());
    const glm::dvec3 corners[4] = {u + v, -u + v, -u - v, u - v};
    for (int end = 0; end < 2; ++end)
        for (const auto& c : corners) {
            p.positions.push_back(glm::vec3((end ? b : a) + c));
            p.normals.push_back(glm::vec3(glm::normalize(c)));
            std::array<std::uint16_t, kMaxInfluences> js{};
            std::array<float, kMaxInfluences> ws{};
            js[0] = static_cast<std::uint16_t>(j);
            ws[0] = 1.0f;
            p.joints.push_back(js);
            p.weights.push_back(ws);
        }
    for (std::uint32_t s = 0; s < 4; ++s) {
        const std::uint32_t i0 = base + s, i1 = base + (s + 1) % 4, j0 = i0 + 4, j1 = i1 + 4;
        p.indices.insert(p.indices.end(), {i0, i1, j1, i0, j1, j0});
    }
    p.indices.insert(p.indices.end(), {base, base + 2, base + 1, base, base + 3, base + 2});
    p.indices.insert(p.indices.end(), {base + 4, base + 5, base + 6, base + 4, base + 6, base + 7});
}

Channel track(int node, TargetPath path, int keys, double duration,
              const std::function<void(double, std::vector<float>&)>& f) {
    Channel c;
    c.node = node;
    c.path = path;
    for (int k = 0; k < keys; ++k) {
        const double t = duration * k / (keys - 1);
        c.times.push_back(static_cast<float>(t));
        f(t, c.values);
    }
    return c;
}

void push_q(std::vector<float>& v, const glm::dquat& q) {
    v.insert(v.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
}

}  // namespace

Asset build_vrm_avatar(VrmVersion version) { return build_vrm_avatar(version, VrmAvatarOptions{}); }

Asset build_vrm_avatar(VrmVersion version, const VrmAvatarOptions& options) {
    const bool eyes = options.look_at && options.look_at_type == VrmLookAtType::Bone;
    const std::vector<Bone> spec(bones().begin(), bones().end() - (eyes ? 0 : 2));
    const int nb = static_cast<int>(spec.size());
    const int first = 2;  // node 0 "Root", node 1 "Body" (the mesh), then the bones
    Asset a;
    a.source = version == VrmVersion::V0 ? "build_vrm_avatar(V0)" : "build_vrm_avatar(V1)";
    auto& nodes = a.scene.nodes;
    nodes.resize(static_cast<size_t>(first + nb));
    nodes[0].name = "Root";
    nodes[0].children = {first};
    // A root of its own: the validator warns about a skinned mesh below a transform (which glTF
    // ignores for skinning), and VRoid's exports keep the mesh nodes at the root too.
    nodes[1].name = "Body";
    nodes[1].mesh = 0;
    nodes[1].skin = 0;
    for (int i = 0; i < nb; ++i) {
        const Bone& b = spec[static_cast<size_t>(i)];
        Node& n = nodes[static_cast<size_t>(first + i)];
        n.name = b.node;
        n.translation = b.offset;
        n.parent = b.parent < 0 ? 0 : first + b.parent;
        if (b.parent >= 0) nodes[static_cast<size_t>(first + b.parent)].children.push_back(first + i);
    }
    const int hips = first + 0, chest = first + 2, neck = first + 3, head = first + 4;
    Clip clip;
    clip.name = "sway";
    clip.duration = 2.0f;
    const double two_pi = 2.0 * glm::pi<double>();
    clip.channels.push_back(
        track(hips, TargetPath::Translation, 41, 2.0, [&](double t, std::vector<float>& v) {
            v.insert(v.end(), {float(0.06 * std::sin(two_pi * t / 2.0)), 1.0f, 0.0f});
        }));
    clip.channels.push_back(track(chest, TargetPath::Rotation, 41, 2.0, [&](double t, std::vector<float>& v) {
        push_q(v, glm::angleAxis(glm::radians(25.0) * std::sin(two_pi * t / 2.0), glm::dvec3(0, 1, 0)));
    }));
    clip.channels.push_back(track(head, TargetPath::Rotation, 41, 2.0, [&](double t, std::vector<float>& v) {
        push_q(v, glm::angleAxis(glm::radians(20.0) * std::sin(two_pi * t), glm::dvec3(1, 0, 0)));
    }));
    a.clips.push_back(clip);

    Vrm& vrm = a.vrm;
    vrm.version = version;
    vrm.spec_version = version == VrmVersion::V1 ? "1.0" : "0.0";
    if (version == VrmVersion::V1)
        vrm.meta = {{"name", "skinview VRM test avatar"}, {"version", "1"},
                    {"authors", "[\"skinview\"]"},        {"licenseUrl", "https://vrm.dev/licenses/1.0/"},
                    {"avatarPermission", "everyone"},     {"commercialUsage", "personalNonProfit"}};
    else
        vrm.meta = {{"title", "skinview VRM test avatar"},
                    {"version", "1"},
                    {"author", "skinview"},
                    {"licenseName", "CC0"},
                    {"allowedUserName", "Everyone"}};
    for (int i = 0; i < nb; ++i)
        if (*spec[static_cast<size_t>(i)].human)
            vrm.humanoid.push_back({spec[static_cast<size_t>(i)].human, first + i});
    // Behind the upper neck: the hanging hair meets it once the head nods back.
    VrmCollider col;
    col.node = neck;
    col.offset = col.tail = {0.0, 0.1, -0.17};
    col.radius = 0.07;
    vrm.colliders.push_back(col);
    VrmSpring hair;
    hair.name = "Hair";
    hair.colliders = {0};
    // 1.0 lists Hair1..Hair3 with HairTip as the last joint's tail; 0.x names Hair1 as the root and
    // its whole subtree swings, HairTip too (on the virtual 7 cm tail): what the reader gives back.
    const int last = version == VrmVersion::V1 ? first + 19 : first + 20;
    for (int n = first + 17; n <= last; ++n) {
        VrmSpringJoint j;
        j.node = n;
        j.tail_node = n < first + 20 ? n + 1 : -1;
        j.hit_radius = 0.02;
        j.stiffness = 0.8;
        j.gravity_power = 0.6;
        j.drag_force = 0.4;
        hair.joints.push_back(j);
    }
    vrm.springs.push_back(hair);

    a.scene.update_matrices();

    Mesh mesh;
    mesh.name = "AvatarMesh";
    Primitive p;
    p.material = 0;
    for (int i = 0; i < nb; ++i) {
        const Bone& b = spec[static_cast<size_t>(i)];
        if (b.half_width <= 0.0) continue;
        int child = -1;
        for (int c = i + 1; c < nb && child < 0; ++c)
            if (spec[static_cast<size_t>(c)].parent == i) child = c;
        if (child < 0) continue;
        box(p, glm::dvec3(nodes[static_cast<size_t>(first + i)].global[3]),
            glm::dvec3(nodes[static_cast<size_t>(first + child)].global[3]), b.half_width, i);
    }
    // Each eye: a box 3 cm along its +Z, on the eye bone alone (what the look-at turns).
    for (int i = 21; eyes && i < 23; ++i) {
        const glm::dvec3 e = glm::dvec3(nodes[static_cast<size_t>(first + i)].global[3]);
        box(p, e, e + glm::dvec3(0, 0, 0.03), 0.012, i);
    }
    // The head: a box above the neck joint, on the head bone.
    const glm::dvec3 hp = glm::dvec3(nodes[static_cast<size_t>(head)].global[3]);
    box(p, hp, hp + glm::dvec3(0, 0.22, 0), 0.09, 4);
    // Two morph targets on the head's top face (its last four vertices): "happy" (0.x "joy") lifts
    // it 4 cm, "blink" lowers it 3 cm; plain to measure in a bake.
    std::vector<glm::vec3> moves = {{0.0f, 0.04f, 0.0f}, {0.0f, -0.03f, 0.0f}};
    const bool look_expressions = options.look_at && options.look_at_type == VrmLookAtType::Expression;
    if (look_expressions)  // lookLeft (+X, the avatar's left), lookRight, lookUp, lookDown
        moves.insert(moves.end(),
                     {{0.01f, 0.0f, 0.0f}, {-0.01f, 0.0f, 0.0f}, {0.0f, 0.01f, 0.0f}, {0.0f, -0.01f, 0.0f}});
    for (const glm::vec3& d : moves) {
        MorphTarget t;
        t.positions.assign(p.positions.size(), glm::vec3(0.0f));
        for (size_t v = p.positions.size() - 4; v < p.positions.size(); ++v) t.positions[v] = d;
        p.targets.push_back(t);
    }
    mesh.weights.assign(moves.size(), 0.0f);
    mesh.primitives.push_back(p);
    a.meshes.push_back(mesh);
    // happy blocks blink (a smile with the eyes shut reads wrong: VRM's override rule); blink is binary.
    VrmExpression happy;
    happy.name = version == VrmVersion::V1 ? "happy" : "joy";
    happy.binds = {{1, 0, 1.0}};
    if (version == VrmVersion::V1) happy.override_blink = VrmOverride::Block;
    VrmExpression blink;
    blink.name = "blink";
    blink.binds = {{1, 1, 1.0}};
    blink.is_binary = true;
    vrm.expressions = {happy, blink};
    if (look_expressions) {
        const char* names1[] = {"lookLeft", "lookRight", "lookUp", "lookDown"};
        const char* names0[] = {"lookleft", "lookright", "lookup", "lookdown"};
        for (int k = 0; k < 4; ++k) {
            VrmExpression e;
            e.name = version == VrmVersion::V1 ? names1[k] : names0[k];
            e.binds = {{1, 2 + k, 1.0}};
            vrm.expressions.push_back(e);
        }
    }
    if (options.material_binds) {
        VrmExpression angry;
        angry.name = "angry";
        angry.color_binds = {
            {0, VrmColorTarget::Color, {kAngryColor[0], kAngryColor[1], kAngryColor[2], kAngryColor[3]}},
            {0,
             VrmColorTarget::EmissionColor,
             {kAngryEmission[0], kAngryEmission[1], kAngryEmission[2], 1.0}}};
        angry.texture_binds = {
            {0, {kAngryUvScale[0], kAngryUvScale[1]}, {kAngryUvOffset[0], kAngryUvOffset[1]}}};
        vrm.expressions.push_back(angry);
    }
    if (options.look_at) {
        vrm.look_at.present = true;
        vrm.look_at.type = options.look_at_type;
        vrm.look_at.offset = options.offset;
        vrm.look_at.horizontal_inner = options.horizontal_inner;
        vrm.look_at.horizontal_outer = options.horizontal_outer;
        vrm.look_at.vertical_down = options.vertical_down;
        vrm.look_at.vertical_up = options.vertical_up;
    }
    Material m;
    m.name = "AvatarSkin";
    m.base_color = {0.85f, 0.7f, 0.6f, 1.0f};
    m.metallic = 0.0f;
    m.roughness = 0.8f;
    if (options.mtoon) {
        MToon& t = m.mtoon;
        t.present = true;
        t.shade_color = {kMToonShade[0], kMToonShade[1], kMToonShade[2]};
        t.shading_toony = 0.8f;
        t.shading_shift = -0.1f;
        t.gi_equalization = 0.8f;
        t.rim_lighting_mix = 0.5f;
        t.outline_mode = options.mtoon_outline_mode;
        t.outline_width = kMToonOutlineWidth;
        t.outline_color = {kMToonOutline[0], kMToonOutline[1], kMToonOutline[2]};
        t.outline_lighting_mix = 0.0f;
    }
    a.materials.push_back(m);

    // Turned after the geometry is made, so both versions list the same vertices in the same order.
    if (version == VrmVersion::V0) {
        // The whole avatar half a turn about +Y: node translations, collider offsets and keys turn;
        // rest rotations are identities and stay so (R * identity * R^-1).
        const glm::dquat R = glm::angleAxis(glm::pi<double>(), glm::dvec3(0, 1, 0));
        for (auto& n : nodes) n.translation = R * n.translation;
        for (auto& v : a.meshes[0].primitives[0].positions) v = glm::vec3(R * glm::dvec3(v));
        for (auto& v : a.meshes[0].primitives[0].normals) v = glm::vec3(R * glm::dvec3(v));
        for (auto& t : a.meshes[0].primitives[0].targets)
            for (auto& v : t.positions) v = glm::vec3(R * glm::dvec3(v));
        for (auto& c : vrm.colliders) c.offset = c.tail = R * c.offset;
        // The head's rest is an identity in both frames, so its space turns with the avatar too.
        vrm.look_at.offset = R * vrm.look_at.offset;
        for (auto& ch : a.clips[0].channels)
            for (size_t k = 0; k < ch.times.size(); ++k) {
                float* v = &ch.values[k * static_cast<size_t>(ch.components())];
                if (ch.path == TargetPath::Translation) {
                    const glm::dvec3 t = R * glm::dvec3(v[0], v[1], v[2]);
                    v[0] = float(t.x), v[1] = float(t.y), v[2] = float(t.z);
                } else {
                    const glm::dquat q = R * glm::dquat(v[3], v[0], v[1], v[2]) * glm::inverse(R);
                    v[0] = float(q.x), v[1] = float(q.y), v[2] = float(q.z), v[3] = float(q.w);
                }
            }
    }
    a.scene.update_matrices();
    // Joints listed by depth (stable), the order the importer keeps without a note, and the
    // vertices' joint indices moved to match.
    std::vector<int> depth(static_cast<size_t>(nb), 0), order(static_cast<size_t>(nb)),
        slot(static_cast<size_t>(nb));
    for (int i = 0; i < nb; ++i) {
        order[static_cast<size_t>(i)] = i;
        for (int q = spec[static_cast<size_t>(i)].parent; q >= 0; q = spec[static_cast<size_t>(q)].parent)
            ++depth[static_cast<size_t>(i)];
    }
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return depth[static_cast<size_t>(x)] < depth[static_cast<size_t>(y)];
    });
    Skin skin;
    skin.name = "AvatarSkin";
    for (int k = 0; k < nb; ++k) {
        const int i = order[static_cast<size_t>(k)];
        slot[static_cast<size_t>(i)] = k;
        skin.joints.push_back(first + i);
        skin.inverse_bind.push_back(glm::inverse(nodes[static_cast<size_t>(first + i)].global));
    }
    for (auto& js : a.meshes[0].primitives[0].joints) js[0] = static_cast<std::uint16_t>(slot[js[0]]);
    a.skins.push_back(skin);
    return a;
}

}  // namespace sv::anim

// VRM 0.x and 1.0 through the writer and the reader: the project's avatar comes back with its
// version, meta, humanoid map and springs as built; 0.x's mirrored collider z is on disk as UniVRM
// wrote it and undone on reading; bad references are refused naming the element; the 0.x facing
// turn puts both versions the same way round.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/avatar/spring_bones.h"
#include "anim/avatar/vrm_facing.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "test_paths.h"

using namespace sv::anim;

namespace {

std::vector<std::uint8_t> bytes_of(const Asset& a) {
    auto b = write_glb(a);
    EXPECT_TRUE(b.ok()) << b.error().message;
    return b.ok() ? *b : std::vector<std::uint8_t>{};
}

sv::Expected<Asset> load(const std::vector<std::uint8_t>& b) { return load_gltf_from_memory(b, "", true); }

bool has_line(const Asset& a, const std::string& part) {
    return std::any_of(a.report.begin(), a.report.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

int human(const Asset& a, const std::string& bone) {
    for (const auto& b : a.vrm.humanoid)
        if (b.bone == bone) return b.node;
    return -1;
}

}  // namespace

TEST(VrmImport, RoundTripsBothVersions) {
    for (VrmVersion v : {VrmVersion::V1, VrmVersion::V0}) {
        const Asset built = build_vrm_avatar(v);
        auto a = load(bytes_of(built));
        ASSERT_TRUE(a.ok()) << a.error().message;
        const Vrm& r = a->vrm;
        EXPECT_EQ(r.version, v);
        ASSERT_EQ(r.humanoid.size(), built.vrm.humanoid.size());
        for (const auto& b : built.vrm.humanoid) EXPECT_EQ(human(*a, b.bone), b.node) << b.bone;
        ASSERT_EQ(r.springs.size(), 1u);
        ASSERT_EQ(r.springs[0].joints.size(), built.vrm.springs[0].joints.size());
        for (size_t j = 0; j < r.springs[0].joints.size(); ++j) {
            const auto &x = r.springs[0].joints[j], &y = built.vrm.springs[0].joints[j];
            EXPECT_EQ(x.node, y.node);
            EXPECT_EQ(x.tail_node, y.tail_node);
            EXPECT_DOUBLE_EQ(x.stiffness, y.stiffness);
            EXPECT_DOUBLE_EQ(x.gravity_power, y.gravity_power);
            EXPECT_DOUBLE_EQ(x.drag_force, y.drag_force);
            EXPECT_DOUBLE_EQ(x.hit_radius, y.hit_radius);
        }
        ASSERT_EQ(r.expressions.size(), built.vrm.expressions.size());
        for (const auto& want : built.vrm.expressions) {
            const auto got = std::find_if(r.expressions.begin(), r.expressions.end(),
                                          [&](const VrmExpression& e) { return e.name == want.name; });
            ASSERT_NE(got, r.expressions.end()) << want.name;
            EXPECT_EQ(got->is_binary, want.is_binary) << want.name;
            EXPECT_EQ(got->override_blink, want.override_blink) << want.name;
            ASSERT_EQ(got->binds.size(), want.binds.size()) << want.name;
            EXPECT_EQ(got->binds[0].node, want.binds[0].node);
            EXPECT_EQ(got->binds[0].index, want.binds[0].index);
            EXPECT_DOUBLE_EQ(got->binds[0].weight, want.binds[0].weight);
        }
        ASSERT_EQ(r.colliders.size(), 1u);
        EXPECT_NEAR(glm::length(r.colliders[0].offset - built.vrm.colliders[0].offset), 0.0, 1e-12);
        EXPECT_TRUE(has_line(*a, v == VrmVersion::V1 ? "VRM: VRM 1.0" : "VRM: VRM 0.x"));
        EXPECT_TRUE(has_line(*a, v == VrmVersion::V1 ? "VRM meta: name = skinview VRM test avatar"
                                                     : "VRM meta: title = skinview VRM test avatar"));
        EXPECT_FALSE(has_line(*a, "unknown to skinview")) << "a VRM extension is missing from the table";
        EXPECT_TRUE(SpringBones::create(r, a->scene).ok());
    }
}

// The 0.x schema stores collider offsets in UniVRM's Unity frame (z mirrored). The avatar's neck
// collider sits behind it; a 0.x avatar faces -Z, so behind is +Z in the glTF and -Z on disk.
TEST(VrmImport, V0ColliderOffsetIsMirroredOnDiskAndUndoneOnRead) {
    const auto bytes = bytes_of(build_vrm_avatar(VrmVersion::V0));
    const auto glb = sv::test::Glb::parse(bytes);
    const double z_on_disk = glb.json["extensions"]["VRM"]["secondaryAnimation"]["colliderGroups"][0]
                                     ["colliders"][0]["offset"]["z"];
    EXPECT_LT(z_on_disk, 0.0);
    auto a = load(bytes);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_GT(a->vrm.colliders[0].offset.z, 0.0);
}

TEST(VrmImport, RefusesBadReferencesNamingThem) {
    {
        auto glb = sv::test::Glb::parse(bytes_of(build_vrm_avatar(VrmVersion::V1)));
        glb.json["extensions"]["VRMC_vrm"]["humanoid"]["humanBones"]["hips"]["node"] = 999;
        auto a = load(glb.pack());
        ASSERT_FALSE(a.ok());
        EXPECT_NE(a.error().message.find("VRMC_vrm humanoid.humanBones.hips: node 999 is out of range"),
                  std::string::npos)
            << a.error().message;
    }
    {
        auto glb = sv::test::Glb::parse(bytes_of(build_vrm_avatar(VrmVersion::V1)));
        auto& joints = glb.json["extensions"]["VRMC_springBone"]["springs"][0]["joints"];
        std::swap(joints[1], joints[2]);  // Hair1, Hair3, Hair2: not a chain
        auto a = load(glb.pack());
        ASSERT_FALSE(a.ok());
        EXPECT_NE(a.error().message.find("VRMC_springBone.springs[0].joints[1]"), std::string::npos)
            << a.error().message;
        EXPECT_NE(a.error().message.find("parent-to-child chain"), std::string::npos) << a.error().message;
    }
    {
        auto glb = sv::test::Glb::parse(bytes_of(build_vrm_avatar(VrmVersion::V1)));
        glb.json["extensions"]["VRMC_springBone"]["springs"][0]["joints"][0]["gravityDir"] = {"down", 0, 0};
        auto a = load(glb.pack());
        ASSERT_FALSE(a.ok());
        EXPECT_NE(a.error().message.find("springs[0].joints[0].gravityDir: is not three finite numbers"),
                  std::string::npos)
            << a.error().message;
    }
    {
        auto glb = sv::test::Glb::parse(bytes_of(build_vrm_avatar(VrmVersion::V1)));
        glb.json["extensions"]["VRMC_vrm"]["expressions"]["preset"]["happy"]["morphTargetBinds"][0]["index"] =
            5;
        auto a = load(glb.pack());
        ASSERT_FALSE(a.ok());
        EXPECT_NE(
            a.error().message.find("expressions.preset.happy.morphTargetBinds[0]: morph target 5 of node 1, "
                                   "whose mesh has 2 targets"),
            std::string::npos)
            << a.error().message;
    }
    {
        auto glb = sv::test::Glb::parse(bytes_of(build_vrm_avatar(VrmVersion::V0)));
        glb.json["extensions"]["VRM"]["secondaryAnimation"]["boneGroups"][0]["colliderGroups"] = {7};
        auto a = load(glb.pack());
        ASSERT_FALSE(a.ok());
        EXPECT_NE(a.error().message.find("boneGroups[0]: collider group 7 is out of range"),
                  std::string::npos)
            << a.error().message;
    }
}

// Front views agree: after the facing step both versions have the avatar's left hand at +X and the
// hair (behind the head) at -Z, which is what facing +Z means; without it 0.x has both mirrored.
TEST(VrmFacing, V0TurnsToFacePlusZAndV1IsLeftAlone) {
    for (VrmVersion v : {VrmVersion::V1, VrmVersion::V0}) {
        auto a = load(bytes_of(build_vrm_avatar(v)));
        ASSERT_TRUE(a.ok()) << a.error().message;
        const size_t before = a->scene.nodes.size();
        const int hand = human(*a, "leftHand"), tip = a->scene.find("J_Sec_HairTip");
        const double stored_x = a->scene.nodes[static_cast<size_t>(hand)].global[3].x;
        const std::string note = apply_vrm_facing(*a);
        EXPECT_EQ(note.empty(), v == VrmVersion::V1);
        EXPECT_EQ(a->scene.nodes.size(), before + (v == VrmVersion::V0 ? 1 : 0));
        EXPECT_TRUE(a->scene.validate().ok());
        EXPECT_GT(a->scene.nodes[static_cast<size_t>(hand)].global[3].x, 0.3) << "left hand at +X";
        EXPECT_LT(a->scene.nodes[static_cast<size_t>(tip)].global[3].z, -0.2) << "hair behind, at -Z";
        if (v == VrmVersion::V0) {
            EXPECT_LT(stored_x, -0.3) << "0.x as stored is mirrored";
        }
        EXPECT_EQ(apply_vrm_facing(*a), "") << "a second call must not turn it back";
    }
}

// The committed avatars under assets/ are what the builder writes now.
TEST(VrmImport, CommittedAvatarsAreByteIdenticalToTheBuilder) {
    for (auto [file, v] :
         {std::pair{"avatar_vrm1.glb", VrmVersion::V1}, std::pair{"avatar_vrm0.glb", VrmVersion::V0}}) {
        const auto committed = sv::test::read_bytes((sv::test::source_dir() / "assets" / file).string());
        ASSERT_FALSE(committed.empty())
            << "assets/" << file << " is missing; run skinview_make_assets assets";
        EXPECT_TRUE(bytes_of(build_vrm_avatar(v)) == committed)
            << "assets/" << file << " differs from the builder; regenerate with skinview_make_assets assets";
    }
}

// VRMC_node_constraint: the three kinds written and read back as built, and what the specification
// requires refused naming the node (the constraint's kind, a source on the node itself, an axis
// outside its set, a weight outside 0..1).
TEST(VrmImport, NodeConstraintsRoundTripAndBadOnesAreRefused) {
    Asset built = build_vrm_avatar(VrmVersion::V1);
    const int arm = human(built, "leftUpperArm"), lower = human(built, "leftLowerArm"),
              chest = human(built, "chest"), hand = human(built, "leftHand");
    built.vrm.constraints = {{lower, arm, VrmConstraintType::Roll, 1, 0.5},
                             {hand, lower, VrmConstraintType::Aim, 3, 1.0},
                             {arm, chest, VrmConstraintType::Rotation, 0, 0.25}};
    const auto bytes = bytes_of(built);
    auto a = load(bytes);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->vrm.constraints.size(), 3u);
    // Read in node order: the lower arm's, the hand's, then the upper arm's... as the file lists nodes.
    auto sorted = built.vrm.constraints;
    std::sort(sorted.begin(), sorted.end(), [](const auto& x, const auto& y) { return x.node < y.node; });
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(a->vrm.constraints[i].node, sorted[i].node);
        EXPECT_EQ(a->vrm.constraints[i].source, sorted[i].source);
        EXPECT_EQ(a->vrm.constraints[i].type, sorted[i].type);
        EXPECT_EQ(a->vrm.constraints[i].axis, sorted[i].axis);
        EXPECT_EQ(a->vrm.constraints[i].weight, sorted[i].weight);
    }
    EXPECT_TRUE(
        has_line(*a, "VRMC_node_constraint: 3 constraints applied after the pose, before the springs"));
    struct Case {
        const char* what;
        std::function<void(nlohmann::json&)> edit;
        std::string says;
    };
    const std::string at = "node " + std::to_string(lower) + " VRMC_node_constraint";
    const std::vector<Case> cases = {
        {"two kinds",
         [&](nlohmann::json& c) {
             c["aim"] = {{"source", arm}, {"aimAxis", "PositiveX"}};
         },
         at + ": expected exactly one of roll, aim, rotation"},
        {"self", [&](nlohmann::json& c) { c["roll"]["source"] = lower; },
         at + ".roll: the source is the node itself"},
        {"axis", [&](nlohmann::json& c) { c["roll"]["rollAxis"] = "W"; },
         at + ".roll: rollAxis \"W\" is not one of X, Y, Z"},
        {"weight", [&](nlohmann::json& c) { c["roll"]["weight"] = 2; },
         at + ".roll: weight 2 is not a number from 0 to 1"},
        {"source", [&](nlohmann::json& c) { c["roll"]["source"] = 999; },
         at + ".roll source: node 999 is out of range"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.what);
        auto glb = sv::test::Glb::parse(bytes);
        c.edit(glb.json["nodes"][static_cast<size_t>(lower)]["extensions"]["VRMC_node_constraint"]
                       ["constraint"]);
        auto bad = load(glb.pack());
        ASSERT_FALSE(bad.ok());
        EXPECT_NE(bad.error().message.find(c.says), std::string::npos) << bad.error().message;
    }
}

// The look-at and the material binds through the writer and the reader, both versions: 1.0's
// lookAt and 0.x's firstPerson come back as built (0.x's offset z mirrored on disk, as for its
// colliders), 0.x's _MainTex_ST carries Unity's bottom-up v (offset y on disk 1 - sy - oy), and
// what cannot be used is a note naming it, the rest of the file read.
TEST(VrmImport, LookAtAndMaterialBindsRoundTrip) {
    VrmAvatarOptions o;
    o.look_at = true;
    o.horizontal_inner = {30.0, 8.0};
    o.horizontal_outer = {45.0, 12.0};
    o.vertical_down = {20.0, 6.0};
    o.vertical_up = {25.0, 9.0};
    o.offset = {0.0, 0.06, 0.02};
    o.material_binds = true;
    for (VrmVersion v : {VrmVersion::V1, VrmVersion::V0}) {
        const Asset built = build_vrm_avatar(v, o);
        const auto bytes = bytes_of(built);
        auto a = load(bytes);
        ASSERT_TRUE(a.ok()) << a.error().message;
        const VrmLookAt& l = a->vrm.look_at;
        ASSERT_TRUE(l.present);
        EXPECT_EQ(l.type, VrmLookAtType::Bone);
        EXPECT_LT(glm::length(l.offset - built.vrm.look_at.offset), 1e-12);
        EXPECT_EQ(l.horizontal_inner.input_max, 30.0);
        EXPECT_EQ(l.horizontal_outer.output_scale, 12.0);
        EXPECT_EQ(l.vertical_down.input_max, 20.0);
        EXPECT_EQ(l.vertical_up.output_scale, 9.0);
        EXPECT_TRUE(has_line(*a, "VRM look-at: type bone"));
        const VrmExpression& angry = *std::find_if(a->vrm.expressions.begin(), a->vrm.expressions.end(),
                                                   [](const VrmExpression& e) { return e.name == "angry"; });
        EXPECT_EQ(angry.name, "angry");
        ASSERT_EQ(angry.color_binds.size(), 2u);
        EXPECT_EQ(angry.color_binds[0].target, VrmColorTarget::Color);
        EXPECT_EQ(angry.color_binds[0].value.z, kAngryColor[2]);
        EXPECT_EQ(angry.color_binds[1].target, VrmColorTarget::EmissionColor);
        ASSERT_EQ(angry.texture_binds.size(), 1u);
        EXPECT_NEAR(angry.texture_binds[0].scale.y, kAngryUvScale[1], 1e-12);
        EXPECT_NEAR(angry.texture_binds[0].offset.y, kAngryUvOffset[1], 1e-12);
        auto glb = sv::test::Glb::parse(bytes);
        if (v == VrmVersion::V0) {
            const auto& fp = glb.json["extensions"]["VRM"]["firstPerson"];
            EXPECT_EQ(fp["firstPersonBoneOffset"]["z"].get<double>(), -built.vrm.look_at.offset.z);
            EXPECT_EQ(fp["lookAtHorizontalOuter"]["xRange"].get<double>(), 45.0);
            const auto& mv = glb.json["extensions"]["VRM"]["blendShapeMaster"]["blendShapeGroups"]
                                 .back()["materialValues"];
            ASSERT_EQ(mv.size(), 3u);
            EXPECT_EQ(mv[2]["propertyName"], "_MainTex_ST");
            EXPECT_NEAR(mv[2]["targetValue"][3].get<double>(), 1.0 - kAngryUvScale[1] - kAngryUvOffset[1],
                        1e-12);
            EXPECT_EQ(mv[0]["materialName"], "AvatarSkin");
        } else {
            EXPECT_EQ(glb.json["extensions"]["VRMC_vrm"]["lookAt"]["rangeMapVerticalUp"]["inputMaxValue"]
                          .get<double>(),
                      25.0);
        }
    }
    {
        auto glb = sv::test::Glb::parse(bytes_of(build_vrm_avatar(VrmVersion::V1, o)));
        glb.json["extensions"]["VRMC_vrm"]["lookAt"]["rangeMapHorizontalInner"]["inputMaxValue"] = "ninety";
        glb.json["extensions"]["VRMC_vrm"]["expressions"]["preset"]["angry"]["materialColorBinds"][0]
                ["material"] = 7;
        auto a = load(glb.pack());
        ASSERT_TRUE(a.ok()) << a.error().message;
        EXPECT_FALSE(a->vrm.look_at.present);
        EXPECT_TRUE(has_line(*a,
                             "VRMC_vrm lookAt: not applied: rangeMapHorizontalInner.inputMaxValue \"ninety\" "
                             "is not a number"));
        EXPECT_TRUE(has_line(*a,
                             "expressions.preset.angry.materialColorBinds[0]: not applied: material 7 is out "
                             "of range (1 materials)"));
        EXPECT_EQ(std::find_if(a->vrm.expressions.begin(), a->vrm.expressions.end(),
                               [](const VrmExpression& e) { return e.name == "angry"; })
                      ->color_binds.size(),
                  1u)
            << "the other bind is kept";
    }
    {
        auto glb = sv::test::Glb::parse(bytes_of(build_vrm_avatar(VrmVersion::V0, o)));
        auto& g = glb.json["extensions"]["VRM"]["blendShapeMaster"]["blendShapeGroups"].back();
        g["materialValues"][0]["materialName"] = "Nowhere";
        glb.json["extensions"]["VRM"]["firstPerson"]["lookAtVerticalUp"]["curve"] = {0, 0, 0, 2, 1, 1, 0, 0};
        auto a = load(glb.pack());
        ASSERT_TRUE(a.ok()) << a.error().message;
        EXPECT_TRUE(a->vrm.look_at.present);
        EXPECT_TRUE(has_line(*a, "materialValues[0]: not applied: no material is named \"Nowhere\""));
        EXPECT_TRUE(has_line(*a, "a curve of its own on 1 of the 4 degree maps"));
    }
}

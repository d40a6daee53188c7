// Any number of JOINTS_n/WEIGHTS_n sets: the importer reads every set of a generated 9-, 12- and
// 16-influence skin into the inline eight and the overflow, renormalises over all of them (and
// says how many sets in its note), and refuses a set without its pair, a set whose count is not
// the vertex count, and a gap in the numbering, naming the element and the reason.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "anim/asset_tools/influence_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {

Glb tentacle_glb(int influences) {
    auto bytes = write_glb(build_many_influence_asset(influences));
    EXPECT_TRUE(bytes.ok()) << (bytes.ok() ? "" : bytes.error().message);
    return Glb::parse(bytes.ok() ? *bytes : std::vector<std::uint8_t>{});
}

sv::Expected<Asset> load(const Glb& g) { return load_gltf_from_memory(g.pack(), "", true); }

nlohmann::json& attributes(Glb& g) { return g.json["meshes"][0]["primitives"][0]["attributes"]; }

std::string refusal(const Glb& g) {
    const auto a = load(g);
    return a.ok() ? std::string("(loaded)") : a.error().message;
}

class InfluenceSets : public ::testing::TestWithParam<int> {};

// Every slot of every vertex comes back as built (joints remapped through the skin's sorted
// order, which for a chain is the identity), the overflow holding 4 a set past the eighth.
TEST_P(InfluenceSets, EverySetIsReadIntoTheInlineEightAndTheOverflow) {
    const int n = GetParam();
    const Asset built = build_many_influence_asset(n);
    Glb g = tentacle_glb(n);
    const int sets = (n + 3) / 4;
    EXPECT_TRUE(attributes(g).contains("JOINTS_" + std::to_string(sets - 1)));
    EXPECT_FALSE(attributes(g).contains("JOINTS_" + std::to_string(sets)));
    const auto a = load(g);
    ASSERT_TRUE(a.ok()) << a.error().message;
    const Primitive& want = built.meshes[0].primitives[0];
    const Primitive& got = a->meshes[0].primitives[0];
    ASSERT_TRUE(got.influences_consistent());
    EXPECT_EQ(got.extra_influences, 4 * sets - kInlineInfluences);
    EXPECT_EQ(got.influence_count(), 4 * sets);
    ASSERT_EQ(got.positions.size(), want.positions.size());
    long slots_past_eight_with_weight = 0;
    for (size_t v = 0; v < got.positions.size(); ++v) {
        double sum = 0.0;
        for (int k = 0; k < got.influence_count(); ++k) {
            const float wk = k < want.influence_count() ? want.influence_weight(v, k) : 0.0f;
            const int jk = k < want.influence_count() ? want.influence_joint(v, k) : 0;
            ASSERT_NEAR(got.influence_weight(v, k), wk, 1e-6f) << "vertex " << v << " slot " << k;
            if (wk > 0.0f) {
                EXPECT_EQ(got.influence_joint(v, k), jk) << "vertex " << v << " slot " << k;
            }
            sum += got.influence_weight(v, k);
            if (k >= kInlineInfluences && got.influence_weight(v, k) > 0.0f) ++slots_past_eight_with_weight;
        }
        EXPECT_NEAR(sum, 1.0, 1e-6) << "vertex " << v;
    }
    EXPECT_GT(slots_past_eight_with_weight, 0);
    // Nothing to say about weights that summed to 1 already.
    for (const auto& line : a->report) EXPECT_EQ(line.find("not summing to 1"), std::string::npos) << line;
}

INSTANTIATE_TEST_SUITE_P(Counts, InfluenceSets, ::testing::Values(9, 12, 16),
                         [](const auto& info) { return std::to_string(info.param) + "influences"; });

// Weights stored at 0.9 of their sum: every vertex is renormalised over its three sets (the
// overflow too: with only the inline eight divided, the sum over twelve would stay off 1), and the
// note counts the vertices and the sets.
TEST(InfluenceSetsRenormalise, OverEverySetAndTheNoteCountsSetsAndVertices) {
    Asset built = build_many_influence_asset(12);
    Primitive& p = built.meshes[0].primitives[0];
    for (auto& w : p.weights)
        for (float& x : w) x *= 0.9f;
    for (float& x : p.extra_weights) x *= 0.9f;
    auto bytes = write_glb(built);
    ASSERT_TRUE(bytes.ok());
    const auto a = load_gltf_from_memory(*bytes, "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    const Primitive& got = a->meshes[0].primitives[0];
    double worst = 0.0, extra_share = 0.0;
    for (size_t v = 0; v < got.positions.size(); ++v) {
        double sum = 0.0;
        for (int k = 0; k < got.influence_count(); ++k) sum += got.influence_weight(v, k);
        for (int k = kInlineInfluences; k < got.influence_count(); ++k)
            extra_share += got.influence_weight(v, k);
        worst = std::max(worst, std::abs(sum - 1.0));
    }
    EXPECT_LT(worst, 1e-6);
    EXPECT_GT(extra_share, 0.0);
    const std::string want = std::to_string(got.positions.size()) +
                             " vertices had weights not summing to 1 over their 3 influence sets "
                             "(JOINTS_n/WEIGHTS_n, 12 influences a vertex); renormalised";
    bool found = false;
    for (const auto& line : a->report) found |= line == want;
    EXPECT_TRUE(found) << "no line '" << want << "' in the report";
}

TEST(InfluenceSetsRefused, JointsWithoutWeights) {
    Glb g = tentacle_glb(12);
    attributes(g).erase("WEIGHTS_2");
    EXPECT_EQ(
        refusal(g),
        "mesh 0 ('TentacleMesh') primitive 0: JOINTS_2 and WEIGHTS_2 must come together (JOINTS_2 has no "
        "WEIGHTS_2)");
}

TEST(InfluenceSetsRefused, WeightsWithoutJoints) {
    Glb g = tentacle_glb(12);
    attributes(g).erase("JOINTS_2");
    EXPECT_EQ(
        refusal(g),
        "mesh 0 ('TentacleMesh') primitive 0: JOINTS_2 and WEIGHTS_2 must come together (WEIGHTS_2 has no "
        "JOINTS_2)");
}

TEST(InfluenceSetsRefused, ASetWhoseCountIsNotTheVertexCount) {
    Glb g = tentacle_glb(12);
    const size_t w2 = attributes(g)["WEIGHTS_2"];
    const size_t count = g.json["accessors"][w2]["count"];
    g.json["accessors"][w2]["count"] = count - 1;
    EXPECT_EQ(refusal(g), "mesh 0 ('TentacleMesh') primitive 0 WEIGHTS_2: has " + std::to_string(count - 1) +
                              " elements, POSITION has " + std::to_string(count));
    Glb h = tentacle_glb(12);
    const size_t j2 = attributes(h)["JOINTS_2"];
    h.json["accessors"][j2]["count"] = count - 1;
    EXPECT_EQ(refusal(h), "mesh 0 ('TentacleMesh') primitive 0 JOINTS_2: has " + std::to_string(count - 1) +
                              " elements, POSITION has " + std::to_string(count));
}

TEST(InfluenceSetsRefused, AGapInTheNumbering) {
    Glb g = tentacle_glb(12);
    auto& at = attributes(g);
    at["JOINTS_3"] = at["JOINTS_2"];
    at["WEIGHTS_3"] = at["WEIGHTS_2"];
    at.erase("JOINTS_2");
    at.erase("WEIGHTS_2");
    EXPECT_EQ(
        refusal(g),
        "mesh 0 ('TentacleMesh') primitive 0: has JOINTS_3 but no JOINTS_2/WEIGHTS_2 (glTF: influence sets "
        "are numbered from 0 without gaps)");
}

// A joint index past the skin in the third set is refused as in the first (the same checks on
// every set), naming the set.
TEST(InfluenceSetsRefused, AJointPastTheSkinInTheThirdSet) {
    Glb g = tentacle_glb(12);
    const int j2 = attributes(g)["JOINTS_2"];
    const std::uint16_t bad = 12;
    std::memcpy(&g.bin[g.element_offset(j2, 0, 2)], &bad, 2);
    EXPECT_EQ(refusal(g),
              "mesh 0 ('TentacleMesh') primitive 0 JOINTS_2: vertex 0 names joint 12, past skin 0's joint "
              "count 12");
}

// Sets may alias one accessor, so a few hundred bytes of JSON can name 33 sets of 2^19 vertices:
// 69 million slots, refused by name before any is allocated (the limit is 2^26).
TEST(InfluenceSetsRefused, MoreSlotsThanThePrimitiveLimit) {
    Glb g = tentacle_glb(12);
    auto& acc = g.json["accessors"];
    const size_t count = size_t(1) << 19;
    const size_t pos = acc.size();
    acc.push_back({{"componentType", 5126},
                   {"count", count},
                   {"type", "VEC3"},
                   {"min", {0, 0, 0}},
                   {"max", {0, 0, 0}}});
    acc.push_back({{"componentType", 5123}, {"count", count}, {"type", "VEC4"}});
    acc.push_back({{"componentType", 5126}, {"count", count}, {"type", "VEC4"}});
    nlohmann::json at = {{"POSITION", pos}};
    for (int n = 0; n < 33; ++n) {
        at["JOINTS_" + std::to_string(n)] = pos + 1;
        at["WEIGHTS_" + std::to_string(n)] = pos + 2;
    }
    attributes(g) = at;
    EXPECT_EQ(refusal(g),
              "mesh 0 ('TentacleMesh') primitive 0: 33 influence sets of 524288 vertices is 69206016 "
              "influence slots, more than the 67108864 skinview allocates for one primitive");
}

}  // namespace

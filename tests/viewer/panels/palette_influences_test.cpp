// The Palette panel's vertex counts over every influence: a 12-influence skin (joints and weights
// in three sets) has no weight sum off 1 and no joint past the skin, counted over all twelve slots;
// a joint index past the skin in slot 9 (the overflow) is counted, and so are weights that sum to 1
// only over the first eight (the sum the panel checks is over every slot).
#include <gtest/gtest.h>

#include "anim/asset_tools/influence_builder.h"
#include "anim/character/character.h"
#include "ui/palette_panel.h"

namespace {

using namespace sv;

anim::Character character(anim::Asset a) {
    auto c = anim::Character::create(std::move(a));
    EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
    return std::move(*c);
}

TEST(PaletteInfluences, CountsOverEverySlot) {
    anim::Asset a = anim::build_many_influence_asset(12);
    const long vertices = static_cast<long>(a.meshes[0].primitives[0].positions.size());
    {
        const auto n = ui::count_vertex_data(character(a));
        EXPECT_EQ(n.vertices, vertices);
        EXPECT_EQ(n.weight_sum_off, 0);
        EXPECT_EQ(n.joint_index_out_of_range, 0);
    }
    // Slot 9 of vertex 0 names joint 12 of a 12-joint skin, with weight.
    anim::Asset bad = a;
    bad.meshes[0].primitives[0].extra_joints[1] = 12;
    // The overflow's weights zeroed on vertex 1: its sum over twelve slots is the first eight's alone.
    for (int k = 0; k < 4; ++k) bad.meshes[0].primitives[0].extra_weights[4 + static_cast<size_t>(k)] = 0.0f;
    anim::Primitive& p = bad.meshes[0].primitives[0];
    double inline_sum = 0.0;
    for (float w : p.weights[1]) inline_sum += w;
    ASSERT_LT(inline_sum, 0.999) << "vertex 1 carries weight past the eighth";
    // Character::create does not check vertex joints (the importer does, for files): the panel
    // is what says so for an in-memory asset.
    auto c = anim::Character::create(std::move(bad));
    ASSERT_TRUE(c) << c.error().message;
    const auto n = ui::count_vertex_data(*c);
    EXPECT_EQ(n.joint_index_out_of_range, 1);
    EXPECT_EQ(n.weight_sum_off, 1);
}

}  // namespace

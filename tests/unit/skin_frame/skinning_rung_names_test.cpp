// The ladder's one name table (anim/skinning_rung.h): every rung has one id and one label, the
// parser is the table read backwards, and the words the command line and the settings file accept
// are the table's. The expected spellings below are the documented interface (docs, --help,
// settings keys), written out here rather than read from the table, so a renamed rung fails here.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "anim/skin_frame/skinning_rung.h"

namespace {

using namespace sv::anim;

TEST(SkinningRungNames, EveryRungHasItsDocumentedId) {
    EXPECT_STREQ(to_id(SkinningRung::RigidDqs), "dqs");
    EXPECT_STREQ(to_id(SkinningRung::DqsUniformScale), "dqs-scale");
    EXPECT_STREQ(to_id(SkinningRung::LinearBlend), "lbs");
    EXPECT_STREQ(to_string(SkinningRung::RigidDqs), "rigid DQS");
    EXPECT_STREQ(to_string(SkinningRung::DqsUniformScale), "DQS with uniform scale");
    EXPECT_STREQ(to_string(SkinningRung::LinearBlend), "linear blend");
}

TEST(SkinningRungNames, TheTableIsInShaderOrderWithUniqueNames) {
    // The shader reads the rung as SKIN_MODE 0, 1, 2: the table's order is the enum's.
    std::set<std::string> ids, labels;
    for (size_t k = 0; k < kSkinningRungNames.size(); ++k) {
        EXPECT_EQ(static_cast<size_t>(kSkinningRungNames[k].rung), k);
        ids.insert(kSkinningRungNames[k].id);
        labels.insert(kSkinningRungNames[k].label);
    }
    EXPECT_EQ(ids.size(), kSkinningRungNames.size());
    EXPECT_EQ(labels.size(), kSkinningRungNames.size());
    EXPECT_EQ(ids.count(kAutoRungId), 0u) << "'auto' is not a rung: it asks the report for one";
}

TEST(SkinningRungNames, ParseIsTheTableReadBackwards) {
    for (const SkinningRungName& n : kSkinningRungNames) {
        auto r = parse_skinning_rung(n.id);
        ASSERT_TRUE(r) << n.id;
        EXPECT_EQ(*r, n.rung);
        EXPECT_STREQ(to_id(*r), n.id);
    }
}

TEST(SkinningRungNames, AnUnknownIdIsRefusedWithTheChoices) {
    for (const std::string bad : {"", "auto", "DQS", "rigid DQS", "dqs scale", "lbs "}) {
        auto r = parse_skinning_rung(bad);
        ASSERT_FALSE(r) << "'" << bad << "'";
        EXPECT_EQ(r.error().message, "unknown skinning mode '" + bad + "': expected dqs, dqs-scale or lbs");
    }
}

TEST(SkinningRungNames, TheChoicesAreAutoThenEveryId) {
    EXPECT_EQ(skinning_rung_choices(), (std::vector<std::string>{"auto", "dqs", "dqs-scale", "lbs"}));
}

}  // namespace

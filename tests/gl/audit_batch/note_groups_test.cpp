// Repeating audit notes grouped into one line (viewer/commands/note_groups.h).
#include "note_groups.h"

#include <gtest/gtest.h>

namespace sv::viewer {
namespace {

std::vector<std::string> drawn_with_skins(int n) {
    std::vector<std::string> notes;
    for (int k = 1; k <= n; ++k)
        notes.push_back("mesh " + std::to_string(k) + " ('m" + std::to_string(k) +
                        "'): drawn with skins 0 and " + std::to_string(k) +
                        "; imported once per skin, each with its own joint remap");
    return notes;
}

TEST(NoteGroups, RepeatsBecomeOneLineWithCountAndFirstNames) {
    std::vector<std::string> notes = drawn_with_skins(83);
    notes.insert(notes.begin() + 10, "texture 2 ('skin.png'): not found, drawn without it");
    const auto g = group_notes(notes);
    ASSERT_EQ(g.size(), 2u);
    EXPECT_EQ(g[0], "83 notes like \"" + notes[0] + "\"; for 'm1', 'm2', 'm3' and 80 more");
    EXPECT_EQ(g[1], notes[10]);  // a note of its own shape stays as it was, in first-seen order
}

// Below the group size nothing changes: three notes of one shape are easier read in full.
TEST(NoteGroups, FewRepeatsStayInFull) {
    const auto notes = drawn_with_skins(3);
    EXPECT_EQ(group_notes(notes), notes);
    EXPECT_EQ(group_notes(drawn_with_skins(4)).size(), 1u);
}

// Notes that differ in words are not one shape, even with the same numbers.
TEST(NoteGroups, DifferentWordsAreDifferentShapes) {
    const std::vector<std::string> notes = {"mesh 1 ('a'): x", "mesh 1 ('a'): y", "mesh 2 ('b'): x",
                                            "mesh 3 ('c'): x", "mesh 4 ('d'): x"};
    const auto g = group_notes(notes);
    ASSERT_EQ(g.size(), 2u);
    EXPECT_EQ(g[0], "4 notes like \"mesh 1 ('a'): x\"; for 'a', 'b', 'c' and 1 more");
    EXPECT_EQ(g[1], "mesh 1 ('a'): y");
}

}  // namespace
}  // namespace sv::viewer

// Notes that repeat, grouped for a person to read: RecursiveSkeletons prints 83 notes of one shape
// ("mesh N ('name'): drawn with skins 0 and K; ..."), which buried the rest of the audit. Notes of
// one shape (the same text once every number and every quoted name is blanked) become one line with
// the count and the first few names. The JSON report keeps every note; only the text is grouped.
#pragma once

#include <string>
#include <vector>

namespace sv::viewer {

// In the order each shape first appears. A shape met fewer than `min_group` times keeps its notes
// as they were; a group names its first `names_shown` quoted names (or, with none, its first notes'
// numbers) and says how many it left out.
std::vector<std::string> group_notes(const std::vector<std::string>& notes, int min_group = 4,
                                     int names_shown = 3);

}  // namespace sv::viewer

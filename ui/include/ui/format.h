// How the viewer writes numbers and names, in one place so every panel says them the same way.
//
// One precision rule: three significant digits, scientific under 1e-3 (a defect of 2e-7 is float
// noise and should read as such, not as 0.000), and never "-0". Units are spelled after the value:
// "m" for lengths in the file's metres, "deg" for angles, nothing for ratios and defects.
#pragma once

#include <string>

#include "anim/character/character.h"

namespace sv::ui {

std::string format_number(double v);
// format_number(v) + " " + unit (no space or unit when the unit is empty).
std::string format_quantity(double v, const char* unit);
// A sentence written elsewhere (the runtime's reasons print "%.6g": "1.68587e-07") with each
// decimal number in it (one with a point or an exponent) reprinted by format_number. Whole numbers
// (counts, indices) stay as they are, and so does anything inside single quotes or glued to a
// letter, digit, '_', '.' or ':' before it, so a name such as 'Bone.001' or 'Spine1.5' is never
// touched. What it costs: a number written in words, or one a name leaves unquoted and glued to
// nothing, is reprinted too.
std::string with_numbers_formatted(const std::string& text);
// "skin 1 'Body'" or "skin 1 (unnamed)".
std::string skin_label(const anim::Character& character, int skin);
// A clip as every list and box names it: its name, "clip N" when it has none (an empty box read as
// nothing selected while the list said "clip 0"), "rest pose" for -1 or an index out of range.
std::string clip_label(const std::vector<anim::Clip>& clips, int index);
// Joints over every skin, a node shared by two skins counted once.
int distinct_joint_count(const anim::Character& character);

}  // namespace sv::ui

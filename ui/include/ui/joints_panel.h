// The joints table: every joint of one skin with its frame defect as given and after the
// correction, sortable, filterable, the rows over tolerance picked out.
//
// The per-joint defect is skin_frame_defect_by_joint against the skin's first mesh node's frame as
// the file gave it and as corrected; its maximum is the gate's number, so the table and the frame
// report cannot disagree about which joint tripped it.
#pragma once

#include <string>
#include <vector>

#include "anim/character.h"
#include "anim/expected.h"
#include "anim/normalize_mesh_frame.h"

namespace sv::ui {

struct JointRow {
    int joint = -1;
    std::string name;
    int parent = -1;
    double defect_as_given = 0.0;
    double defect_corrected = 0.0;
};

enum class JointSort { Index, Name, AsGiven, Corrected };

struct JointsPanel {
    int skin = 0;
    std::vector<JointRow> rows;  // joint order
    std::string error;           // why the defects could not be measured (rows then carry NaN)

    JointSort sort = JointSort::Index;
    bool descending = false;
    std::string filter;           // case-insensitive substring of the name
    bool only_above_tolerance = false;
    double tolerance = anim::kFrameDefectTolerance;

    // Measures every joint of `skin`. A skin with no mesh node measures nothing (NaN, with the
    // reason in `error`).
    void rebuild(const anim::Character& character, int skin);
    // Indices into `rows`, filtered then sorted (stable; NaN sorts last whatever the direction).
    std::vector<int> visible(bool correction_on) const;
    // Whether the defect that is live under the switch is over tolerance (NaN counts as over:
    // an unmeasured joint is not one to trust).
    bool above(const JointRow& row, bool correction_on) const;
    // Clicking a column header: the same column flips the direction, another sorts ascending.
    void click_header(JointSort column);
};

}  // namespace sv::ui

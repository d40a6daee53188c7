// The joints table: every joint of one skin with its frame defect as given and after the
// correction, sortable, filterable, the rows over tolerance picked out.
//
// The per-joint defect is skin_frame_defect_by_joint against the skin's first mesh node's frame as
// the file gave it and as corrected; its maximum is the gate's number, so the table and the frame
// report cannot disagree about which joint tripped it.
#pragma once

#include <string>
#include <vector>

#include "anim/character/character.h"
#include "anim/core/expected.h"
#include "anim/skin_frame/normalize_mesh_frame.h"

namespace sv::ui {

struct JointRow {
    int joint = -1;
    std::string name;
    int parent = -1;
    double defect_as_given = 0.0;
    double defect_corrected = 0.0;
    std::string bone;  // the VRM humanoid bone the avatar's map names for the joint, or ""
};

enum class JointSort { Index, Name, AsGiven, Corrected };

// One bar of the plot: the worst live defect over the visible rows it stands for.
struct PlotColumn {
    int row = -1;           // index into JointsPanel::rows of that worst row
    double defect = 0.0;    // its live defect (NaN when any row of the column is unmeasured)
    bool above = false;     // some row of the column is over tolerance
    bool selected = false;  // the column holds `selected_joint`
};

struct JointsPanel {
    int skin = 0;
    std::vector<JointRow> rows;  // joint order
    std::string error;           // why the defects could not be measured (rows then carry NaN)
    // Why there are no rows at all, said neutrally (grey, not the red of an error nor the green of
    // a rigid skin): "the file has no skin: no joints to list". Empty when there are rows.
    std::string empty_reason;

    JointSort sort = JointSort::Index;
    bool descending = false;
    std::string filter;  // case-insensitive substring of the name or of its humanoid bone
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

    // The bar plot's log axis runs from float noise to a 1000x fold.
    static constexpr double kPlotFloor = 1e-8, kPlotCeiling = 1e3;
    // A defect's bar height as a fraction of the plot (0 for 0 or anything under the floor, 1 at
    // the ceiling; NaN counts as full, like `above`).
    static double plot_height(double defect);
    // What the plot says instead of bars when there is nothing to see: "all joints rigid on the
    // skin frame" when every live defect is 0; empty when there are bars to draw, and when there
    // are no rows (empty_reason says why, and no plot is drawn).
    std::string plot_message(bool correction_on) const;
    // Whether plot_message's text is good news (every defect 0, drawn green) rather than a plain
    // fact ("no joint matches the filter", drawn grey).
    bool plot_message_is_good(bool correction_on) const;
    // The row index under a horizontal position (0..1 across the plot) of the visible bars, or -1.
    int bar_at(double fraction, bool correction_on) const;
    // The plot over `shown` (visible()) in at most `columns` bars: one a row while they fit, else
    // each bar the worst of the consecutive rows it covers (NaN the worst of all), so a joint over
    // tolerance among thousands is never averaged away or lost between pixels. What it costs: a
    // hovered bar names its worst joint, not every joint under the pixel.
    std::vector<PlotColumn> plot_columns(const std::vector<int>& shown, int columns, bool correction_on,
                                         int selected_joint) const;
};

}  // namespace sv::ui

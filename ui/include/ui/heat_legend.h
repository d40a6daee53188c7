// The colour bar drawn on the viewport with a heat map: what the colours mean, in which unit, from
// what to what, and where the tolerance sits. Plain values; ui/src/heat_legend_draw.cpp draws it.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "ui/diagnose_panel.h"

namespace sv::ui {

struct HeatLegend {
    std::string title;             // "weights of 'LeftArm'", "GPU - CPU error"
    std::string unit;              // "m", or "" for a dimensionless weight
    double lo = 0.0, hi = 1.0;     // the values at the bottom and top of the bar
    std::vector<glm::vec3> stops;  // colours from lo to hi, evenly spaced (the shader's ramp)
    double mark = -1.0;            // a value marked on the bar (the tolerance); < 0: none
    std::string mark_label;
    std::string note;  // "stale: re-run diagnose", "no result yet", ...
    // Labels for the ends and the middle, formatted with the one number rule and the unit.
    std::vector<std::string> labels() const;
    // Where `v` sits on the bar, 0 (lo) to 1 (hi), clamped.
    double position(double v) const;
};

// The weights map: 0 to 1, dimensionless, in the shader's dark-blue-to-yellow ramp.
HeatLegend weights_legend(const std::string& joint_name);
// The error map: 0 to the panel's heat scale in metres (the file's units), blue-green-red, with
// the tolerance marked; the note says when there is no result or it is stale.
HeatLegend error_legend(const DiagnosePanel& panel, bool stale);

}  // namespace sv::ui

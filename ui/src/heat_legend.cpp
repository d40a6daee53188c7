#include "ui/heat_legend.h"

#include <algorithm>

#include "ui/format.h"

namespace sv::ui {

std::vector<std::string> HeatLegend::labels() const {
    const char* u = unit.c_str();
    return {format_quantity(lo, u), format_quantity((lo + hi) * 0.5, u), format_quantity(hi, u)};
}

double HeatLegend::position(double v) const {
    if (!(hi > lo)) return 0.0;
    return std::clamp((v - lo) / (hi - lo), 0.0, 1.0);
}

// The ramps repeat shaders/skinned_vs.glsl (debug views 1 and 2); a change there must be made here
// too, or the bar lies about the colours.
HeatLegend weights_legend(const std::string& joint_name) {
    HeatLegend l;
    l.title = joint_name.empty() ? "weights (no joint selected)" : "weights of '" + joint_name + "'";
    l.unit = "";
    l.stops = {{0.12f, 0.15f, 0.35f}, {1.0f, 0.85f, 0.1f}};
    return l;
}

HeatLegend error_legend(const DiagnosePanel& p, bool stale) {
    HeatLegend l;
    l.title = "GPU - CPU error";
    l.unit = "m";
    l.hi = p.effective_heat_scale();
    l.stops = {{0.1f, 0.2f, 0.9f}, {0.1f, 0.85f, 0.2f}, {0.95f, 0.1f, 0.05f}};
    if (p.has_result) {
        l.mark = p.tolerance();
        l.mark_label = "tolerance " + format_quantity(l.mark, "m");
    }
    if (!p.has_result)
        l.note = p.error.empty() ? "no result yet" : p.error;
    else if (stale)
        l.note = "stale: measured in another state";
    // A map of one flat blue reads as broken; when every vertex passes, say so.
    else if (p.result.worst_error <= p.tolerance())
        l.note = "all within tolerance (worst " + format_quantity(p.result.worst_error, "m") + ")";
    return l;
}

}  // namespace sv::ui

#include "ui/diagnose_panel.h"

#include <algorithm>
#include <cmath>

namespace sv::ui {

void DiagnosePanel::set_result(Expected<render::DiagnoseFigures> r, const DiagnoseState& state) {
    measured = state;
    if (r) {
        result = std::move(*r);
        has_result = true;
        error.clear();
    } else {
        has_result = false;
        error = r.error().message;
    }
}

float DiagnosePanel::effective_heat_scale() const {
    if (heat_scale > 0.0f) return heat_scale;
    return has_result ? auto_heat_scale(result.worst_error, result.body_size) : 1e-3f;
}

float DiagnosePanel::auto_heat_scale(double worst_error, double body_size) {
    if (!(body_size > 0.0)) return 1e-3f;
    return static_cast<float>(nice_ceiling(std::max(worst_error, 2.0 * kTolerance * body_size)));
}

double DiagnosePanel::nice_ceiling(double v) {
    if (!(v > 0.0) || !std::isfinite(v)) return 1.0;
    const double decade = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        // 1e-9 relative: log10 and pow round, and 2e-3 must stay 2e-3, not become 5e-3.
        if (v <= m * decade * (1.0 + 1e-9)) return m * decade;
    return 10.0 * decade;
}

double DiagnosePanel::worst_relative() const {
    if (!has_result || result.body_size <= 0.0) return 0.0;
    return result.worst_error / result.body_size;
}

}  // namespace sv::ui

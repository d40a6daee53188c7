#include "ui/diagnose_panel.h"

namespace sv::ui {

void DiagnosePanel::set_result(Expected<render::DiagnoseResult> r) {
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
    // 1% of the body: an error that size is plainly visible on screen, so it is full red.
    if (has_result && result.body_size > 0.0) return static_cast<float>(result.body_size * 0.01);
    return 1e-3f;
}

double DiagnosePanel::worst_relative() const {
    if (!has_result || result.body_size <= 0.0) return 0.0;
    return result.worst_error / result.body_size;
}

}  // namespace sv::ui

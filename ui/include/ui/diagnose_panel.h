// The diagnose panel: the GPU read-back against the CPU reference, and the heat map of it.
#pragma once

#include <string>

#include "anim/expected.h"
#include "render/gpu_diagnose.h"

namespace sv::ui {

struct DiagnosePanel {
    bool has_result = false;
    render::DiagnoseResult result;
    std::string error;
    bool heat_map = false;
    float heat_scale = 0.0f;  // error at full red; 0: derive from the result (1% of the body)
    bool run_requested = false;
    bool run_every_frame = false;

    void set_result(Expected<render::DiagnoseResult> r);
    // The heat scale to draw with: the chosen one, else 1% of the body size, else 1e-3.
    float effective_heat_scale() const;
    // worst / body size, the figure that says whether an error is visible.
    double worst_relative() const;
};

}  // namespace sv::ui

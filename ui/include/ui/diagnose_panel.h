// The diagnose panel: the GPU read-back against the CPU reference, and the heat map of it.
#pragma once

#include <string>

#include "anim/core/expected.h"
#include "render/diagnose_figures.h"

namespace sv::ui {

// What a diagnose result was measured in. A result belongs to that state: when the correction,
// rung, clip, time or a pose edit moves on it is stale (the viewer re-runs it, or greys it and says
// so).
struct DiagnoseState {
    bool correction = true;
    bool auto_rung = true;
    int rung = 0;
    int clip = -1;
    double time = 0.0;
    int pose_edit_revision = 0;  // anim::PoseEdits::revision
    bool operator==(const DiagnoseState& o) const {
        return correction == o.correction && auto_rung == o.auto_rung && (auto_rung || rung == o.rung) &&
               clip == o.clip && time == o.time && pose_edit_revision == o.pose_edit_revision;
    }
};

struct DiagnosePanel {
    // An error under this fraction of the body is float noise: the bake test holds the GPU to it.
    static constexpr double kTolerance = 1e-4;

    bool has_result = false;
    render::DiagnoseFigures result;
    std::string error;
    // Whether the error heat map is on is the view's debug view (FrameState::draw.debug_view ==
    // ErrorHeatMap), not a switch here: a second switch was a second holder of one settings key,
    // which its two writers (this tab's checkbox, a settings file) had to keep in step.
    float heat_scale = 0.0f;  // error at full red; 0: derive from the result (1% of the body)
    bool run_requested = false;
    bool run_every_frame = false;

    DiagnoseState measured;  // the state of the last result

    void set_result(Expected<render::DiagnoseFigures> r, const DiagnoseState& state = {});
    bool stale(const DiagnoseState& now) const { return has_result && !(measured == now); }
    // The heat scale to draw with: the chosen one, else from the data (the worst error rounded up
    // to 1, 2 or 5 of its decade, and never under twice the tolerance, so float noise stays blue),
    // else 1e-3.
    float effective_heat_scale() const;
    // The scale the heat map picks by itself for a read-back of this worst error over a body of
    // this size: the nicest round figure over the worst error and twice the tolerance (1e-3
    // without a body). `render`, a suite entry and the window all colour by it, so one error is
    // one colour whichever draws it.
    static float auto_heat_scale(double worst_error, double body_size);
    // The tolerance in the file's units (kTolerance of the body), or 0 without a result.
    double tolerance() const { return has_result ? kTolerance * result.body_size : 0.0; }
    // 1, 2 or 5 times a power of ten, the smallest not under v (v > 0).
    static double nice_ceiling(double v);
    // worst / body size, the figure that says whether an error is visible.
    double worst_relative() const;
};

}  // namespace sv::ui

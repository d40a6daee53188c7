// The figures of one diagnose run (the GPU read-back held against the CPU reference): what
// render::diagnose measures and the Diagnose panel shows. GL-free and header-only
// (skinview_render_values), so the panel holds the renderer's own struct rather than a mirror that a
// new figure would have to be added to twice and copied across.
#pragma once

namespace sv::render {

struct DiagnoseFigures {
    double worst_error = 0.0;
    double mean_error = 0.0;
    double worst_single_joint_error = -1.0;  // over vertices bound to one joint at weight 1; -1: none
    long vertices = 0;
    long single_joint_vertices = 0;
    double body_size = 0.0;  // diagonal of the bind-pose world bounds
};

}  // namespace sv::render

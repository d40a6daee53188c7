// The soup, measured: how far the GPU's pipeline lands each vertex from the double-precision oracle,
// with the mesh node as the file gave it and on the skin frame, at bind and at a posed time.
//
// Errors are taken in the frame's own local space (the vertex shader's output before the model
// matrix), which is where the shader's mistake lives: the oracle's world position is carried into
// that space in double and compared with the emulated float answer. Folded scale is the mean column
// length of frame^-1 x A_j over joints: 1 when the frame is right, 100 for a Mixamo export as given.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace sv::anim {

struct FrameErrorRow {
    std::string label;
    double folded_scale = 0.0;
    double mean_error = 0.0;
    double worst_error = 0.0;
    double worst_single_joint = 0.0;  // over vertices bound to one joint at weight 1; -1 if none
    size_t vertices = 0;
};

struct FrameErrorTable {
    std::string source;
    double body_size = 0.0;           // the bind-pose world box's diagonal, for scale
    std::vector<FrameErrorRow> rows;  // bind / posed x as given / on the skin frame
};

// Skin `skin` of `asset`, every mesh node drawn with it, clip `clip` sampled at `posed_time` for the
// posed rows (no posed rows when the asset has no such clip). Works on a copy; the asset is not
// changed. Refuses what normalize_mesh_frame cannot fix, with its reason.
Expected<FrameErrorTable> frame_error_table(const Asset& asset, int skin, int clip, float posed_time);

std::string format_frame_error_table(const FrameErrorTable& table);

}  // namespace sv::anim

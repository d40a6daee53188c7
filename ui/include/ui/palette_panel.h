// The palette panel: the selected joint's four texels read back from the GPU texture and decoded
// into its matrix, beside the CPU value; where it lives (row, column); and the vertex-data checks
// (joint indices against the joint count, weight sums that needed renormalising).
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "anim/character/character.h"
#include "anim/scene/asset.h"

namespace sv::ui {

struct VertexDataCounts {
    long vertices = 0;                  // skinned vertices over every skinned mesh
    long joint_index_out_of_range = 0;  // influences with weight > 0 naming a joint >= the skin's count
    long weight_sum_off = 0;            // vertices whose weights (as loaded) do not sum to 1 within 1e-3
    long renormalised_at_import = 0;    // from the importer's report line
    long zero_weight_at_import = 0;     // from the importer's report line
};
VertexDataCounts count_vertex_data(const anim::Character& character);
// Reads the leading count of the importer's "N vertices had ..." line that contains `phrase`;
// 0 when there is no such line.
long count_from_report(const std::vector<std::string>& report, const std::string& phrase);

// Decodes matrix `joint` from one palette row as floats (4 per texel, texel k at [4k, 4k + 4)):
// texel joint * kTexelsPerMatrix + c is column c. False when the row is too short.
bool decode_palette_matrix(const std::vector<float>& row, int joint, glm::mat4& out);

struct PalettePanel {
    int row = -1, column = -1;  // column: the first texel of the matrix
    bool have_gpu = false;
    glm::mat4 gpu{0.0f}, cpu{0.0f};
    double max_difference = 0.0;
    VertexDataCounts counts;
    std::string note;  // why there is no read-back

    // `gpu_row`: the row read back from the texture (empty: unsupported); `shadow`: the CPU copy of
    // the matrix (16 floats, column-major) or null.
    void inspect(int row_index, int joint, const std::vector<float>& gpu_row, const float* shadow);
};

}  // namespace sv::ui

#include "ui/palette_panel.h"

#include <cmath>
#include <cstdlib>

#include "anim/pose/palette_layout.h"

namespace sv::ui {

long count_from_report(const std::vector<std::string>& report, const std::string& phrase) {
    for (const auto& line : report) {
        if (line.find(phrase) == std::string::npos) continue;
        char* end = nullptr;
        const long n = std::strtol(line.c_str(), &end, 10);
        if (end != line.c_str()) return n;
    }
    return 0;
}

VertexDataCounts count_vertex_data(const anim::Character& character) {
    VertexDataCounts c;
    const anim::Asset& asset = character.asset();
    for (const auto& m : character.skinned_meshes()) {
        if (m.mesh < 0 || static_cast<size_t>(m.mesh) >= asset.meshes.size()) continue;
        const int joints = character.skins()[static_cast<size_t>(m.skin)].skeleton.joint_count();
        for (const auto& p : asset.meshes[static_cast<size_t>(m.mesh)].primitives) {
            // Over every influence (the ninth and on too); a primitive whose arrays disagree with
            // its vertex count counts each of its vertices as off, never read past its arrays.
            const bool consistent = p.influences_consistent();
            for (size_t v = 0; v < p.joints.size(); ++v) {
                ++c.vertices;
                double sum = 0.0;
                for (int k = 0; consistent && k < p.influence_count(); ++k) {
                    const float w = p.influence_weight(v, k);
                    sum += w;
                    if (w > 0.0f && p.influence_joint(v, k) >= joints) ++c.joint_index_out_of_range;
                }
                // 1e-3: weights stored as normalised bytes are exact to 1/255 per influence and the
                // importer renormalises anything off by more than 2e-3, so a loaded sum further
                // than this from 1 means renormalisation did not happen.
                if (std::abs(sum - 1.0) > 1e-3) ++c.weight_sum_off;
            }
        }
    }
    c.renormalised_at_import = count_from_report(asset.report, "weights not summing to 1");
    c.zero_weight_at_import = count_from_report(asset.report, "all weights zero");
    return c;
}

bool decode_palette_matrix(const std::vector<float>& row, int joint, glm::mat4& out) {
    if (joint < 0) return false;
    const size_t first = static_cast<size_t>(joint) * kTexelsPerMatrix * 4;
    if (first + 16 > row.size()) return false;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            out[c][r] = row[first + static_cast<size_t>(c) * 4 + static_cast<size_t>(r)];
    return true;
}

void PalettePanel::inspect(int row_index, int joint, const std::vector<float>& gpu_row, const float* shadow) {
    row = row_index;
    column = joint >= 0 ? joint * kTexelsPerMatrix : -1;
    have_gpu = false;
    note.clear();
    max_difference = 0.0;
    if (joint < 0) {
        note = "select a joint";
        return;
    }
    if (shadow) {
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r) cpu[c][r] = shadow[c * 4 + r];
    }
    if (gpu_row.empty()) {
        note = "the driver cannot read this texture back";
        return;
    }
    if (!decode_palette_matrix(gpu_row, joint, gpu)) {
        note = "joint " + std::to_string(joint) + " lies past the row read back";
        return;
    }
    have_gpu = true;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            max_difference = std::max(max_difference, static_cast<double>(std::abs(gpu[c][r] - cpu[c][r])));
}

}  // namespace sv::ui

#include "note_codes.h"

#include "anim/gltf/findings.h"

namespace sv::viewer {

void fill_note_codes(ui::NotesPanel& notes, const anim::Character& character) {
    const auto& report = character.asset().report;
    size_t mesh = 0;
    for (size_t k = 0; k < notes.lines.size(); ++k) {
        ui::NoteLine& line = notes.lines[k];
        line.code.clear();
        if (line.kind == ui::NoteLine::Kind::Import && k < report.size()) {
            line.code = anim::classify_finding(report[k]).code;
        } else if (line.kind == ui::NoteLine::Kind::Mesh && mesh < character.skinned_meshes().size()) {
            const anim::FrameVerdict v = character.skinned_meshes()[mesh++].report.verdict;
            if (v == anim::FrameVerdict::Corrected) line.code = "MESH_FRAME_CORRECTED";
            if (v == anim::FrameVerdict::CannotFix) line.code = "MESH_FRAME_CANNOT_FIX";
        }
    }
}

}  // namespace sv::viewer

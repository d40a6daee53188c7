#include "ui/notes_panel.h"

#include "ui/format.h"
#include "ui/frame_panel.h"

namespace sv::ui {

void NotesPanel::rebuild(const anim::Character& character) {
    lines.clear();
    const anim::Asset& asset = character.asset();
    // Every figure by the panels' one number rule: the loader's and the runtime's sentences print
    // %.6g ("absorbing 1.30964e-05 of non-rigidity" on RobotExpressive).
    for (const auto& n : asset.report)
        lines.push_back({NoteLine::Kind::Import, with_numbers_formatted(n), false});
    import_notes = static_cast<int>(lines.size());
    for (size_t k = 0; k < character.skins().size(); ++k) {
        const auto& s = character.skins()[k];
        lines.push_back({NoteLine::Kind::Skin,
                         skin_label(character, static_cast<int>(k)) + ": " +
                             std::to_string(s.skeleton.joint_count()) +
                             " joints; skinning rung: " + FramePanel::rung_line(s),
                         s.rung.rung != anim::SkinningRung::RigidDqs});
    }
    for (const auto& m : character.skinned_meshes())
        lines.push_back({NoteLine::Kind::Mesh,
                         "mesh '" + m.report.mesh_name + "': " + FramePanel::verdict_line(m) + " (" +
                             FramePanel::reason_line(m, true) + ")",
                         m.report.verdict == anim::FrameVerdict::CannotFix});
}

}  // namespace sv::ui

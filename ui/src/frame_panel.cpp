#include "ui/frame_panel.h"

#include <cstdio>

namespace sv::ui {

bool FramePanel::toggle_correction(anim::Character& character) {
    character.set_correction(!character.correction());
    return character.correction();
}

std::string FramePanel::verdict_line(const anim::SkinnedMeshNode& mesh) {
    const auto& r = mesh.report;
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s: defect %.4g as given -> %.3g on the skin frame", anim::to_string(r.verdict),
                  r.defect_as_given, r.defect_on_skin_frame);
    return buf;
}

std::string FramePanel::rung_line(const anim::CharacterSkin& skin) {
    return std::string(anim::to_string(skin.rung.rung)) + (skin.rung.reason.empty() ? "" : ": " + skin.rung.reason);
}

}  // namespace sv::ui

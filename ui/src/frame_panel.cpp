#include "ui/frame_panel.h"

#include <cmath>
#include <cstdio>
#include <glm/glm.hpp>
#include <vector>

#include "ui/format.h"

namespace sv::ui {

bool FramePanel::toggle_correction(bool& correction) {
    correction = !correction;
    return correction;
}

std::string FramePanel::verdict_line(const anim::SkinnedMeshNode& mesh, bool correction_on) {
    const auto& r = mesh.report;
    // format_number, not %.4g: "defect 1.686e-07" broke the panels' one precision rule.
    const std::string given = format_number(r.defect_as_given),
                      on_frame = format_number(r.defect_on_skin_frame);
    if (!correction_on && r.verdict == anim::FrameVerdict::Corrected)
        return "not corrected (correction off): defect " + given + " as given; C corrects it to " + on_frame;
    return std::string(anim::to_string(r.verdict)) + ": defect " + given + " as given -> " + on_frame +
           " on the skin frame";
}

std::string FramePanel::reason_line(const anim::SkinnedMeshNode& mesh, bool correction_on) {
    const auto& r = mesh.report;
    const std::string node = "mesh node '" + r.mesh_name + "'";
    const std::string skin = r.skin_name.empty() ? std::string("its skin") : "'" + r.skin_name + "'";
    std::string children;
    for (size_t i = 0; i < r.children.size(); ++i) children += (i ? ", '" : "'") + r.children[i] + "'";
    switch (r.verdict) {
        case anim::FrameVerdict::Ok:
            return node + " is already on its skin frame (C within " +
                   format_number(r.correction_from_identity) + " of the identity)" +
                   (children.empty() ? "" : "; its children " + children + " would inherit a correction");
        case anim::FrameVerdict::Corrected:
            if (correction_on)
                return node + " moved onto the skin frame of " + skin + ", absorbing " +
                       format_number(r.non_rigidity_absorbed) + " of non-rigidity" +
                       (children.empty() ? "" : "; its children " + children + " inherit the correction");
            return "correction off: " + node +
                   " is drawn in the file's frame, nothing moved; C would move it " +
                   "onto the skin frame of " + skin + ", absorbing " +
                   format_number(r.non_rigidity_absorbed) + " of non-rigidity" +
                   (children.empty() ? ""
                                     : ", and its children " + children + " would inherit the correction");
        case anim::FrameVerdict::CannotFix:
            break;
    }
    return with_numbers_formatted(r.reason);
}

double FramePanel::measure_drawn_scale(const anim::Character& character, const anim::SkinningRung* forced) {
    const anim::Aabb off = character.drawn_bounds(false, forced, true);
    const anim::Aabb right = character.drawn_bounds(true, forced, true);
    if (off.empty() || right.empty()) return 0.0;
    const double d_right = glm::length(right.max - right.min);
    return d_right > 0.0 ? glm::length(off.max - off.min) / d_right : 0.0;
}

std::string FramePanel::rung_line(const anim::CharacterSkin& skin) {
    return std::string(anim::to_string(skin.rung.rung)) +
           (skin.rung.reason.empty() ? "" : ": " + with_numbers_formatted(skin.rung.reason));
}

const anim::SkinnedMeshNode* FramePanel::unfixable_mesh(const anim::Character& character) {
    for (const auto& m : character.skinned_meshes())
        if (m.report.verdict == anim::FrameVerdict::CannotFix) return &m;
    return nullptr;
}

FramePanel::HintTone FramePanel::hint_tone(const anim::Character& character, bool correction) {
    if (unfixable_mesh(character)) return HintTone::CannotFix;
    return correction ? HintTone::On : HintTone::Off;
}

std::vector<std::string> FramePanel::correction_hint_forms(const anim::Character& character, bool correction,
                                                           double drawn_scale) {
    const std::string switch_state = correction ? "correction on" : "correction off";
    // First, whatever the switch and whatever the other meshes: C cannot draw this one right, and
    // a "moved onto its skin frame" beside it would read as all fixed. The cost: with two meshes,
    // one fixable and 100x too large with the switch off, its "press C" waits until this is gone
    // (the Frame tab lists both).
    if (const anim::SkinnedMeshNode* bad = unfixable_mesh(character)) {
        const std::string mesh = "mesh '" + bad->report.mesh_name + "'";
        const std::string what = "cannot be fixed (Frame tab)";
        std::vector<std::string> f;
        if (!bad->report.reason.empty())
            f.push_back(switch_state + ": " + mesh +
                        " cannot be fixed: " + with_numbers_formatted(bad->report.reason));
        for (const std::string& s : {switch_state + ": " + mesh + " " + what, mesh + " " + what, what})
            f.push_back(s);
        return f;
    }
    // The mesh with the largest fold away from 1 (in either direction) is the one to name.
    const anim::SkinnedMeshNode* worst = nullptr;
    double worst_log = 0.0;
    for (const auto& m : character.skinned_meshes()) {
        const double s = m.report.folded_scale_as_given;
        if (!std::isfinite(s) || s <= 0.0) continue;
        if (std::fabs(std::log(s)) > worst_log) {
            worst_log = std::fabs(std::log(s));
            worst = &m;
        }
    }
    bool moved = false;
    std::string moved_name;
    for (const auto& m : character.skinned_meshes())
        if (m.report.verdict == anim::FrameVerdict::Corrected && !moved) {
            moved = true;
            moved_name = m.report.mesh_name;
        }
    // 1.5x: a fold below that still draws a recognisable character; above it, the soup.
    const bool visible_fold = worst && worst_log > std::log(1.5);
    // Each message in three lengths: the shorter ones drop the switch's state, then the mesh's
    // name, and keep what is wrong and the key that fixes it.
    const auto forms = [](const std::string& state, const std::string& mesh, const std::string& what) {
        return std::vector<std::string>{state + ": " + mesh + " " + what, mesh + " " + what, what};
    };
    if (!correction) {
        // Measured: the size it is drawn at, which way it is. The same 1.5x threshold.
        const bool measured = drawn_scale > 0.0 && std::isfinite(drawn_scale);
        if (measured && std::fabs(std::log(drawn_scale)) > std::log(1.5)) {
            const std::string name = worst ? worst->report.mesh_name : moved_name;
            const std::string by = format_number(drawn_scale >= 1.0 ? drawn_scale : 1.0 / drawn_scale) +
                                   "x too " + (drawn_scale >= 1.0 ? "large" : "small");
            return forms("correction off", "mesh '" + name + "'", "drawn " + by + ": press C");
        }
        if (visible_fold && !measured) {
            const double s = worst->report.folded_scale_as_given;
            return forms(
                "correction off", "mesh '" + worst->report.mesh_name + "'",
                "drawn in the file's frame (folded " + format_number(s >= 1.0 ? s : 1.0 / s) + "x): press C");
        }
        if (moved)
            return forms("correction off", "mesh '" + moved_name + "'", "drawn in the file's frame: press C");
        return {};
    }
    if (moved)
        return forms("correction on", "mesh '" + moved_name + "'", "moved onto its skin frame (C: as given)");
    return {};
}

std::string FramePanel::correction_hint(const anim::Character& character, bool correction,
                                        double drawn_scale) {
    const std::vector<std::string> f = correction_hint_forms(character, correction, drawn_scale);
    return f.empty() ? std::string() : f.front();
}

}  // namespace sv::ui

#include <imgui.h>

#include "ui/panels_draw.h"

namespace sv::ui {

namespace {
bool drag3(const char* label, glm::dvec3& v, float speed) {
    float f[3] = {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)};
    const bool changed = ImGui::DragFloat3(label, f, speed, 0.0f, 0.0f, "%.3g m");
    item_tooltip(
        "In metres, in the character's own space (root motion carries it along). Drag here or in the "
        "viewport.");
    if (!changed) return false;
    v = glm::dvec3(f[0], f[1], f[2]);
    return true;
}
}  // namespace

void draw_ik_tab(ViewerModel& m, UiContext& c) {
    IkPanel& ik = m.ik;
    const auto& skins = c.character->skins();
    if (skins.empty()) {
        ImGui::TextUnformatted("no skeleton");
        return;
    }
    const anim::Skeleton& sk = skins[static_cast<size_t>(ik.skin)].skeleton;
    ImGui::Checkbox("solve two-bone IK on top of the clip", &ik.enabled);
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo("##chain", ik.chain.tip >= 0 ? ik.chain.label.c_str() : "pick a chain")) {
        for (size_t i = 0; i < ik.detected.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::Selectable(ik.detected[i].label.c_str()))
                (void)ik.set_chain(sk, ik.detected[i].root, ik.detected[i].mid, ik.detected[i].tip);
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    if (ik.chain.tip >= 0) ui_log("ik chain: " + ik.chain.label);
    if (ik.detected.empty()) ImGui::TextDisabled("no arm or leg found by name; pick the tip joint by hand");
    const bool from_tip = ImGui::Button("Chain ending at the selected joint");
    log_item_centre("ik", "Chain ending at the selected joint");
    if (from_tip) {
        auto s = ik.set_chain_from_tip(sk, m.scene.selection.skin == ik.skin ? m.scene.selection.joint : -1);
        if (!s) ik.error = s.error().message;
    }
    ImGui::SameLine();
    if (ImGui::Button("Reset target")) ik.place_on_pose(sk);
    const double size = glm::length(c.character->bind_bounds().max - c.character->bind_bounds().min);
    const float speed = static_cast<float>(size > 0.0 ? size * 0.002 : 0.001);
    if (drag3("target", ik.target, speed)) ik.moved_by_hand = true;
    if (drag3("pole", ik.pole, speed)) ik.moved_by_hand = true;
    ImGui::SliderFloat("weight", &ik.weight, 0.0f, 1.0f);
    item_tooltip("0: the clip's pose; 1: the solved pose (dimensionless).");
    ImGui::SliderFloat("twist", &ik.twist_degrees, -180.0f, 180.0f, "%.0f deg");
    item_tooltip("Degrees the chain's plane turns about the root-to-target line, on top of the pole.");
    ImGui::SliderFloat("soften", &ik.soften, 0.5f, 1.0f, "%.2f");
    item_tooltip(
        "Fraction of the full reach past which the chain eases instead of snapping straight (1: no "
        "softening). Under 0.9 the limb visibly never straightens.");
    if (!ik.error.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", ik.error.c_str());
    if (ik.enabled) {
        if (!ik.solved)
            ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "not solved (degenerate chain or target)");
        else if (ik.reachable)
            ImGui::TextColored(ImVec4(0.5f, 0.95f, 0.5f, 1), "reachable");
        else
            ImGui::TextColored(ImVec4(1, 0.7f, 0.3f, 1), "out of reach: the chain straightens toward it");
    }
    ImGui::TextDisabled("drag the green target and the yellow pole in the viewport");
}

}  // namespace sv::ui

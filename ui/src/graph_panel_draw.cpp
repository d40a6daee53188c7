#include <imgui.h>

#include "ui/format.h"
#include "ui/panels_draw.h"

namespace sv::ui {

namespace {
bool clip_combo(const char* label, const std::vector<anim::Clip>& clips, int& index) {
    bool changed = false;
    const std::string current =
        index >= 0 && static_cast<size_t>(index) < clips.size() ? clip_label(clips, index) : "-";
    if (ImGui::BeginCombo(label, current.c_str())) {
        for (size_t i = 0; i < clips.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::Selectable(clip_label(clips, static_cast<int>(i)).c_str(),
                                  index == static_cast<int>(i))) {
                index = static_cast<int>(i);
                changed = true;
            }
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    return changed;
}
void name_list(const char* title, const std::vector<std::string>& names) {
    if (names.empty()) {
        ImGui::Text("%s: none", title);
        return;
    }
    std::string all;
    for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
    ImGui::TextWrapped("%s (%zu): %s", title, names.size(), all.c_str());
}
}  // namespace

void draw_graph_tab(ViewerModel& m, UiContext& c) {
    GraphPanel& g = m.graph;
    anim::Character& ch = *c.character;
    const auto& clips = ch.asset().clips;
    int mode = static_cast<int>(g.mode);
    ImGui::TextUnformatted("base pose from:");
    ImGui::RadioButton("clip", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("blend", &mode, 1);
    ImGui::SameLine();
    ImGui::RadioButton("state machine", &mode, 2);
    ImGui::SameLine();
    ImGui::RadioButton("retarget", &mode, 3);
    g.set_mode(static_cast<GraphMode>(mode), ch, 0);
    ImGui::Separator();

    if (ImGui::CollapsingHeader("Blend tree",
                                g.mode == GraphMode::Blend ? ImGuiTreeNodeFlags_DefaultOpen : 0)) {
        bool rebuild = clip_combo("clip at 0", clips, g.blend_a);
        rebuild |= clip_combo("clip at 1", clips, g.blend_b);
        if (rebuild) {
            auto s = g.build_tree(ch, 0);
            g.tree_error = s ? std::string() : s.error().message;
        }
        float w = g.params[g.blend_param];
        if (ImGui::SliderFloat("blend weight", &w, 0.0f, 1.0f)) g.params.set(g.blend_param, w);
        item_tooltip("0: the first clip; 1: the second (dimensionless).");
        if (g.tree)
            ImGui::TextWrapped("cycle %s s (the children's lengths blended, kept in phase)",
                               format_number(g.tree->duration(g.params)).c_str());
        if (!g.tree_error.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", g.tree_error.c_str());
    }
    if (ImGui::CollapsingHeader("State machine",
                                g.mode == GraphMode::StateMachine ? ImGuiTreeNodeFlags_DefaultOpen : 0)) {
        if (g.machine) {
            int state = static_cast<int>(g.params[g.state_param]);
            const int last = std::max(static_cast<int>(clips.size()) - 1, 0);
            if (ImGui::SliderInt("parameter 'state'", &state, 0, last))
                g.params.set(g.state_param, static_cast<float>(state));
            ImGui::Text("current: %s", g.machine->state_name(g.machine->current_state()).c_str());
            if (g.machine->fading_from() >= 0)
                ImGui::Text("fading from: %s", g.machine->state_name(g.machine->fading_from()).c_str());
            ImGui::Text("time in state %.2f s", g.machine->time_in_state(g.clock));
        }
        if (ImGui::SliderFloat("cross-fade", &g.fade_seconds, 0.0f, 2.0f, "%.2f s")) {
            auto s = g.build_machine(ch, 0);
            g.machine_error = s ? std::string() : s.error().message;
        }
        if (!g.machine_error.empty())
            ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", g.machine_error.c_str());
    }
    const bool retarget_open = ImGui::CollapsingHeader(
        "Retarget", g.mode == GraphMode::Retarget ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    log_item_centre("graph", "Retarget");
    if (retarget_open) {
        ImGui::SetNextItemWidth(-60.0f);
        ImGui::InputTextWithHint("##src", "second file (its clip plays here)", c.retarget_path,
                                 sizeof c.retarget_path);
        log_item_centre("graph", "retarget source");
        ImGui::SameLine();
        if (ImGui::Button("Load") && c.retarget_path[0])
            c.actions.ask(UiAction::Kind::LoadRetargetSource, c.retarget_path);
        log_item_centre("graph", "Load");
        if (!g.source_error.empty()) {
            // Wrapped: a path and its reason run wider than the inspector.
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.5f, 0.4f, 1));
            ImGui::TextWrapped("%s", g.source_error.c_str());
            ImGui::PopStyleColor();
            ui_log("retarget error: " + g.source_error);
        }
        if (g.source) {
            ImGui::TextWrapped("source: %s", g.source_path.c_str());
            ui_log("retarget source: " + g.source_path);
            clip_combo("source clip", g.source->asset().clips, g.source_clip);
            bool relative = g.rest.align == anim::RestAlign::RestRelative;
            if (ImGui::Checkbox("keep this rig's rest posture", &relative)) {
                g.rest.align = relative ? anim::RestAlign::RestRelative : anim::RestAlign::Aligned;
                g.rest.measured = false;  // measured again against the target on the next frame
            }
            item_tooltip(
                "Off: each bone first points where the source's bone points at rest, so an arms-down "
                "source lowers a T-pose's arms. On: the source's motion from its rest is applied to this "
                "rig's own rest; right when both rigs share a rest posture and joint axes.");
            name_list("source joints not on this rig", g.map.unmatched_source);
            name_list("joints here the source lacks (keep their own)", g.map.unmatched_target);
        }
    }
    if (ImGui::CollapsingHeader("Root motion", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::Checkbox("root motion on (clip mode)", &m.animation.root_motion);
        if (g.root.joint >= 0 && !ch.skins().empty()) {
            ImGui::Text("travel on '%s'",
                        ch.skins()[0].skeleton.names()[static_cast<size_t>(g.root.joint)].c_str());
            const auto& t = g.root.placement.translation;
            ImGui::Text("placement %s, %s, %s m; trail %zu points", format_number(t.x).c_str(),
                        format_number(t.y).c_str(), format_number(t.z).c_str(), g.root.trail.size());
            item_tooltip(
                "Where root motion has carried the character (world, m); the orange trail is its path.");
        } else if (m.animation.root_motion) {
            ImGui::TextDisabled("the clip moves no joint's translation");
        }
        if (ImGui::Button("Back to the origin")) g.root.reset();
    }
    if (ImGui::CollapsingHeader("Spring chain")) {
        SpringPanel& s = g.spring;
        bool rebuild = ImGui::Checkbox("springs on", &s.enabled);
        if (ImGui::Button("Use the selected joint as the chain's base")) {
            s.first_joint = m.scene.selection.joint;
            rebuild = true;
        }
        rebuild |= ImGui::SliderInt("links", &s.links, 1, 8);
        rebuild |= ImGui::SliderFloat("frequency", &s.frequency_hz, 0.2f, 8.0f, "%.2f Hz");
        rebuild |= ImGui::SliderFloat("damping ratio", &s.damping, 0.0f, 2.0f);
        item_tooltip("Dimensionless: 1 settles without overshoot, under 1 wobbles, 0 never settles.");
        rebuild |= ImGui::SliderFloat("kick", &s.impulse_degrees, -90.0f, 90.0f, "%.0f deg");
        rebuild |= ImGui::SliderFloat("delay a link", &s.delay_per_link, 0.0f, 0.3f, "%.2f s");
        if (rebuild && !ch.skins().empty()) s.rebuild(ch.skins()[0].skeleton);
        if (ImGui::Button("Kick")) s.kick();
        if (!s.error.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", s.error.c_str());
        for (size_t i = 0; i < s.chain.links.size() && i < s.settle.size(); ++i)
            ImGui::TextWrapped(
                "  %s settles in %s s",
                ch.skins()[0].skeleton.names()[static_cast<size_t>(s.chain.links[i].joint)].c_str(),
                format_number(s.settle[i]).c_str());
        if (!s.chain.links.empty())
            ImGui::TextWrapped("chain settles in %s s (5%% of the kick)",
                               format_number(s.chain_settle).c_str());
    }
}

}  // namespace sv::ui

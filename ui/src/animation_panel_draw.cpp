#include <imgui.h>

#include <cmath>

#include "ui/format.h"
#include "ui/panels_draw.h"

namespace sv::ui {

void draw_timeline_window(ViewerModel& m, UiContext& c) {
    begin_fixed_window("Animation", c.layout.timeline);
    if (!c.character) {
        ImGui::TextDisabled("no clips");
        ImGui::End();
        return;
    }
    const auto& clips = c.character->asset().clips;
    const float clip_w = std::min(220.0f, c.layout.timeline.w * 0.35f);
    ImGui::SetNextItemWidth(clip_w);
    // The combo names what actually plays: a graph mode (retarget, blend, state machine) plays
    // something other than the selected clip, and says so.
    const std::string playing = m.graph.playing_label(*c.character, m.animation.clip);
    if (m.graph.mode != GraphMode::Clip && (m.graph.tree || m.graph.machine || m.graph.source)) {
        // As wide as the clip combo it stands in for (a long file name is clipped, the full text is
        // on hover), so the controls beside it keep their places.
        ImGui::BeginDisabled();
        ImGui::Button(playing.c_str(), ImVec2(clip_w, 0.0f));
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            show_tooltip(playing + "\nSet in the Graph tab; choose clip there to pick a clip here.");
    } else if (const bool open = ImGui::BeginCombo("##clip", clip_label(clips, m.animation.clip).c_str());
               log_item_centre("timeline", "clip list"), open) {
        ui_log("timeline: the clip list is open");
        if (ImGui::Selectable("rest pose", m.animation.clip < 0)) m.animation.set_clip(*c.character, -1);
        for (size_t i = 0; i < clips.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            const std::string label = clip_label(clips, static_cast<int>(i));
            if (ImGui::Selectable(label.c_str(), m.animation.clip == static_cast<int>(i)))
                m.animation.set_clip(*c.character, static_cast<int>(i));
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button(m.animation.playing ? "Pause" : "Play", ImVec2(56, 0))) m.animation.toggle_play();
    ImGui::SameLine();
    ImGui::Checkbox("loop", &m.animation.loop);
    ImGui::SameLine();
    ImGui::Checkbox("root motion", &m.animation.root_motion);
    ImGui::SameLine();
    // A narrow timeline (an 800 px window leaves it 384 px) has no room left on the row: the speed
    // takes a line of its own rather than being laid out past the window's edge, out of sight.
    if (ImGui::GetContentRegionAvail().x < 100.0f) ImGui::NewLine();
    ImGui::SetNextItemWidth(std::max(60.0f, ImGui::GetContentRegionAvail().x));
    ImGui::SliderFloat("##speed", &m.animation.speed, -2.0f, 3.0f, "speed %.2fx");
    log_item_centre("timeline", "speed");

    const double d = m.graph.duration(*c.character, m.animation.clip);
    float t = static_cast<float>(m.animation.time);
    char fmt[64];
    std::snprintf(fmt, sizeof fmt, "%%.3f s / %.3f s", d);
    ImGui::SetNextItemWidth(-1.0f);
    if (d > 0.0) {
        if (ImGui::SliderFloat("##time", &t, 0.0f, static_cast<float>(d), fmt)) m.animation.scrub(t, d);
        // The clip's keys as ticks along the slider's lower edge, where its grab travels (inset by
        // half the grab's width each side), so a tick is under the grab when the time is on a key.
        const auto& clips = c.character->asset().clips;
        if (m.graph.mode == GraphMode::Clip && m.animation.clip >= 0 &&
            static_cast<size_t>(m.animation.clip) < clips.size()) {
            const std::vector<double> keys = clip_key_times(clips[static_cast<size_t>(m.animation.clip)]);
            const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
            const float inset =
                ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x * 0.5f;
            const float x0 = lo.x + inset, w = hi.x - lo.x - 2.0f * inset;
            ImDrawList* dl = ImGui::GetWindowDrawList();
            for (double k : keys) {
                // A filled pixel column, not a line: ImGui's antialiased 1 px line lands half-bright
                // on two columns, too faint to read against the slider.
                const float x = std::floor(x0 + w * static_cast<float>(k / d));
                dl->AddRectFilled(ImVec2(x, hi.y - 5.0f), ImVec2(x + 1.0f, hi.y),
                                  IM_COL32(250, 200, 80, 255));
            }
            ui_log("timeline: " + std::to_string(keys.size()) + " key ticks");
        }
    } else {
        const std::string line =
            timeline_without_duration(m.graph.mode == GraphMode::StateMachine, m.graph.clock);
        ImGui::TextDisabled("%s", line.c_str());
        ui_log("timeline: " + line);
    }
    ImGui::TextDisabled(
        "space play/pause   arrows step   C correction   F frame   S screenshot   F1 keys   Esc quit");
    ImGui::End();
}

}  // namespace sv::ui

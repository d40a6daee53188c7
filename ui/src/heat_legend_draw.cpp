#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "ui/heat_legend.h"
#include "ui/overlay_place.h"
#include "ui/panels_draw.h"

namespace sv::ui {

namespace {
ImU32 colour(const glm::vec3& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f)); }
}  // namespace

void log_rect(const char* what, const Rect& r) {
    char line[160];
    std::snprintf(line, sizeof line, "overlay rect: %s: %.0f %.0f %.0f %.0f", what, static_cast<double>(r.x),
                  static_cast<double>(r.y), static_cast<double>(r.x + r.w), static_cast<double>(r.y + r.h));
    ui_log(line);
}

void draw_heat_legend(const HeatLegend& l, const Rect& v, const glm::vec2* avoid) {
    if (l.stops.size() < 2 || v.w < 120.0f || v.h < 160.0f) return;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const auto labels = l.labels();
    // As wide as its title and its bar's labels, at least the 170 px of content it always had (it
    // was a fixed box 186 px from the view's right edge, and a long joint name in its title or the
    // error map's "all within tolerance (worst ...)" ran on under the inspector); the tolerance
    // and the note wrap inside it. Placed by place_in_corner off the joint it describes.
    const float pad = 8.0f, line = ImGui::GetTextLineHeight(), bar_w = 16.0f;
    const float bar_h = std::min(220.0f, v.h * 0.5f);
    float labels_w = 0.0f;
    for (const auto& s : labels) labels_w = std::max(labels_w, ImGui::CalcTextSize(s.c_str()).x);
    const float content_w =
        std::max({170.0f, ImGui::CalcTextSize(l.title.c_str()).x, bar_w + 6.0f + labels_w});
    const auto wrapped_h = [&](const std::string& t) {
        return t.empty() ? 0.0f : ImGui::CalcTextSize(t.c_str(), nullptr, false, content_w).y;
    };
    const float mark_h = l.mark >= 0.0 ? wrapped_h(l.mark_label) : 0.0f, note_h = wrapped_h(l.note);
    const float box_h = pad + line + 8.0f + bar_h + 4.0f + mark_h + note_h + pad;
    const Rect box = place_in_corner(v, content_w + 2.0f * pad, box_h, 4.0f, avoid, 48.0f);
    log_rect("heat legend", box);
    dl->PushClipRect(ImVec2(box.x, box.y), ImVec2(box.x + box.w, box.y + box.h), true);
    const ImU32 text = IM_COL32(230, 230, 230, 255), dim = IM_COL32(160, 160, 160, 255);
    dl->AddRectFilled(ImVec2(box.x, box.y), ImVec2(box.x + box.w, box.y + box.h), IM_COL32(20, 22, 26, 190),
                      4.0f);
    const float x = box.x + pad, y = box.y + pad + line + 8.0f;
    dl->AddText(ImVec2(x, box.y + pad), text, l.title.c_str());
    // The bar runs from lo at the bottom to hi at the top, one gradient per pair of stops.
    const size_t n = l.stops.size() - 1;
    for (size_t i = 0; i < n; ++i) {
        const float y0 = y + bar_h * (1.0f - float(i + 1) / float(n)),
                    y1 = y + bar_h * (1.0f - float(i) / float(n));
        dl->AddRectFilledMultiColor(ImVec2(x, y0), ImVec2(x + bar_w, y1), colour(l.stops[i + 1]),
                                    colour(l.stops[i + 1]), colour(l.stops[i]), colour(l.stops[i]));
    }
    dl->AddRect(ImVec2(x, y), ImVec2(x + bar_w, y + bar_h), dim);
    const float ys[3] = {y + bar_h, y + bar_h * 0.5f, y};
    for (int i = 0; i < 3; ++i) {
        dl->AddLine(ImVec2(x + bar_w, ys[i]), ImVec2(x + bar_w + 4, ys[i]), dim);
        dl->AddText(ImVec2(x + bar_w + 6, ys[i] - line * 0.5f), text, labels[static_cast<size_t>(i)].c_str());
    }
    float below = y + bar_h + 4.0f;
    if (l.mark >= 0.0) {
        const float my = y + bar_h * (1.0f - float(l.position(l.mark)));
        dl->AddLine(ImVec2(x - 4, my), ImVec2(x + bar_w + 4, my), IM_COL32(255, 255, 255, 255), 2.0f);
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(x, below), IM_COL32(255, 255, 255, 255),
                    l.mark_label.c_str(), nullptr, content_w);
        below += mark_h;
    }
    if (!l.note.empty()) {
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(x, below), IM_COL32(255, 170, 80, 255),
                    l.note.c_str(), nullptr, content_w);
        ui_log("heat legend: " + l.note);
    }
    dl->PopClipRect();
}

void draw_heat_legend_for(const ViewerModel& m, const UiContext& c) {
    if (!c.character || !c.draw) return;
    if (c.draw->debug_view == render::DebugView::Weights) {
        const auto& skins = c.character->skins();
        const int skin = c.draw->selected_skin, joint = c.draw->selected_joint;
        std::string name;
        if (skin >= 0 && static_cast<size_t>(skin) < skins.size() && joint >= 0 &&
            joint < skins[static_cast<size_t>(skin)].skeleton.joint_count())
            name = skins[static_cast<size_t>(skin)].skeleton.names()[static_cast<size_t>(joint)];
        draw_heat_legend(weights_legend(name), c.layout.viewport,
                         c.described_joint_on_screen ? &c.described_joint : nullptr);
    } else if (c.draw->debug_view == render::DebugView::ErrorHeatMap) {
        draw_heat_legend(error_legend(m.diagnose, c.diagnose_stale), c.layout.viewport,
                         c.described_joint_on_screen ? &c.described_joint : nullptr);
    }
}

}  // namespace sv::ui

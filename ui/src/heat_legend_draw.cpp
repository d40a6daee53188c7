#include <imgui.h>

#include "ui/heat_legend.h"
#include "ui/panels_draw.h"

namespace sv::ui {

namespace {
ImU32 colour(const glm::vec3& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f)); }
}  // namespace

void draw_heat_legend(const HeatLegend& l, const Rect& v) {
    if (l.stops.size() < 2 || v.w < 120.0f || v.h < 160.0f) return;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const float bar_w = 16.0f, bar_h = std::min(220.0f, v.h * 0.5f);
    const float x = v.x + v.w - 190.0f, y = v.y + 40.0f;
    const ImU32 text = IM_COL32(230, 230, 230, 255), dim = IM_COL32(160, 160, 160, 255);
    dl->AddRectFilled(ImVec2(x - 8, y - 30), ImVec2(v.x + v.w - 4, y + bar_h + 28), IM_COL32(20, 22, 26, 190),
                      4.0f);
    dl->AddText(ImVec2(x - 4, y - 26), text, l.title.c_str());
    // The bar runs from lo at the bottom to hi at the top, one gradient per pair of stops.
    const size_t n = l.stops.size() - 1;
    for (size_t i = 0; i < n; ++i) {
        const float y0 = y + bar_h * (1.0f - float(i + 1) / float(n)),
                    y1 = y + bar_h * (1.0f - float(i) / float(n));
        dl->AddRectFilledMultiColor(ImVec2(x, y0), ImVec2(x + bar_w, y1), colour(l.stops[i + 1]),
                                    colour(l.stops[i + 1]), colour(l.stops[i]), colour(l.stops[i]));
    }
    dl->AddRect(ImVec2(x, y), ImVec2(x + bar_w, y + bar_h), dim);
    const auto labels = l.labels();
    const float ys[3] = {y + bar_h, y + bar_h * 0.5f, y};
    for (int i = 0; i < 3; ++i) {
        dl->AddLine(ImVec2(x + bar_w, ys[i]), ImVec2(x + bar_w + 4, ys[i]), dim);
        dl->AddText(ImVec2(x + bar_w + 6, ys[i] - 7), text, labels[static_cast<size_t>(i)].c_str());
    }
    if (l.mark >= 0.0) {
        const float my = y + bar_h * (1.0f - float(l.position(l.mark)));
        dl->AddLine(ImVec2(x - 4, my), ImVec2(x + bar_w + 4, my), IM_COL32(255, 255, 255, 255), 2.0f);
        dl->AddText(ImVec2(x - 4, y + bar_h + 4), IM_COL32(255, 255, 255, 255), l.mark_label.c_str());
    }
    if (!l.note.empty()) {
        dl->AddText(ImVec2(x - 4, y + bar_h + 16), IM_COL32(255, 170, 80, 255), l.note.c_str());
        ui_log("heat legend: " + l.note);
    }
}

void draw_heat_legend_for(const ViewerModel& m, const UiContext& c) {
    if (!c.character || !c.draw) return;
    if (c.draw->view == MaterialView::Weights) {
        const auto& skins = c.character->skins();
        const int skin = c.draw->selected_skin, joint = c.draw->selected_joint;
        std::string name;
        if (skin >= 0 && static_cast<size_t>(skin) < skins.size() && joint >= 0 &&
            joint < skins[static_cast<size_t>(skin)].skeleton.joint_count())
            name = skins[static_cast<size_t>(skin)].skeleton.names()[static_cast<size_t>(joint)];
        draw_heat_legend(weights_legend(name), c.layout.viewport);
    } else if (c.draw->view == MaterialView::ErrorHeatMap) {
        draw_heat_legend(error_legend(m.diagnose, c.diagnose_stale), c.layout.viewport);
    }
}

}  // namespace sv::ui

// The background open's progress over the 3D view (ui/load_progress.h).
#include <imgui.h>

#include <algorithm>

#include "ui/load_progress.h"
#include "ui/panels_draw.h"

namespace sv::ui {

void draw_load_progress(const LoadProgress& p, const Rect& v) {
    if (!p.active() || v.w < 80.0f || v.h < 40.0f) return;
    // Across the top of the view, on the background draw list under the panels: the previous
    // character stays visible below it, and no window takes the pointer from the viewport (the
    // user may orbit while the file loads). What it costs: a character framed to the view's top
    // edge has its head under the bar until the load is done.
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const std::string text = p.line();
    const float pad = 6.0f, line = ImGui::GetTextLineHeight(), bar_h = 6.0f;
    const float w = std::min(v.w - 16.0f, std::max(260.0f, ImGui::CalcTextSize(text.c_str()).x + 2.0f * pad));
    const Rect box{v.x + (v.w - w) * 0.5f, v.y + 8.0f, w, pad + line + 4.0f + bar_h + pad};
    log_rect("load progress", box);
    ui_log("load progress: " + text);
    dl->PushClipRect(ImVec2(box.x, box.y), ImVec2(box.x + box.w, box.y + box.h), true);
    dl->AddRectFilled(ImVec2(box.x, box.y), ImVec2(box.x + box.w, box.y + box.h), IM_COL32(20, 22, 26, 210),
                      4.0f);
    dl->AddText(ImVec2(box.x + pad, box.y + pad), IM_COL32(230, 230, 230, 255), text.c_str());
    const float bx = box.x + pad, by = box.y + pad + line + 4.0f, bw = box.w - 2.0f * pad;
    dl->AddRectFilled(ImVec2(bx, by), ImVec2(bx + bw, by + bar_h), IM_COL32(60, 64, 72, 255));
    dl->AddRectFilled(ImVec2(bx, by), ImVec2(bx + bw * std::clamp(p.fraction(), 0.0f, 1.0f), by + bar_h),
                      IM_COL32(110, 170, 230, 255));
    dl->PopClipRect();
}

}  // namespace sv::ui

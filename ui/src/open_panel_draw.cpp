#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "ui/format.h"
#include "ui/panels_draw.h"

namespace sv::ui {

namespace {

// Tab in the Open field: the longest common prefix of the matching folders and glTF files.
int complete_path(ImGuiInputTextCallbackData* data) {
    if (data->EventFlag != ImGuiInputTextFlags_CallbackCompletion) return 0;
    const std::string typed(data->Buf, static_cast<size_t>(data->BufTextLen));
    const std::string done = OpenPanel::complete(typed);
    if (done != typed) {
        data->DeleteChars(0, data->BufTextLen);
        data->InsertChars(0, done.c_str());
    }
    return 0;
}

ImVec4 kind_colour(const SceneRow& r) {
    if (r.skin >= 0) return ImVec4(0.55f, 0.85f, 1.0f, 1.0f);
    if (r.mesh >= 0) return ImVec4(0.7f, 0.9f, 0.6f, 1.0f);
    if (r.joint_skin >= 0) return ImVec4(1.0f, 0.8f, 0.5f, 1.0f);
    return ImVec4(0.75f, 0.75f, 0.75f, 1.0f);
}

// The node tree as ImGui tree nodes over the flat depth-first rows, virtualised: the rows not
// inside a closed node (ScenePanel::shown_rows, their open state read from ImGui's own storage) go
// through ImGui's clipper, each indented by its depth and pushing nothing, so only the rows in view
// are submitted. A 4096-joint fan submitted all of them every frame before. What it costs: the
// open state lives under ids of this window's stack (the row index), so a node stays open or
// closed by row, which a rebuild (another file) renumbers; the tree opens as DefaultOpen again.
void draw_scene_tree(ViewerModel& m, UiContext& c) {
    ScenePanel& p = m.scene;
    const int selected = p.selected_row();
    ImGuiStorage* storage = ImGui::GetStateStorage();
    const auto id_of = [](int row) {
        return ImGui::GetID(reinterpret_cast<void*>(static_cast<intptr_t>(row)));
    };
    // A selection from elsewhere opens its ancestors (DefaultOpen: a node absent from the storage
    // is open).
    for (int a : p.ancestors(p.reveal_row)) storage->SetInt(id_of(a), 1);
    const std::vector<int> shown = p.shown_rows([&](int row) { return storage->GetInt(id_of(row), 1) != 0; });
    int reveal_at = -1;
    for (size_t k = 0; k < shown.size() && p.reveal_row >= 0; ++k)
        if (shown[k] == p.reveal_row) reveal_at = static_cast<int>(k);
    bool clicked = false;
    // Half the default indent: a Mixamo hand is twelve levels deep and must fit a 240 px column.
    constexpr float kIndent = 11.0f;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(shown.size()));
    if (reveal_at >= 0) clipper.ForceDisplayRangeByIndices(reveal_at, reveal_at + 1);
    while (clipper.Step()) {
        for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
            const int ri = shown[static_cast<size_t>(k)];
            const SceneRow& row = p.rows[static_cast<size_t>(ri)];
            const float indent = kIndent * static_cast<float>(row.depth);
            if (indent > 0.0f) ImGui::Indent(indent);
            const bool leaf = row.children == 0;
            const bool is_selected = ri == selected || (p.selection.joint < 0 && row.node == p.selected_node);
            ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_OpenOnDoubleClick |
                                       ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_DefaultOpen |
                                       ImGuiTreeNodeFlags_NoTreePushOnOpen;
            if (leaf) flags |= ImGuiTreeNodeFlags_Leaf;
            if (is_selected) flags |= ImGuiTreeNodeFlags_Selected;
            const char* tag = row.skin >= 0         ? "[S]"
                              : row.mesh >= 0       ? "[M]"
                              : row.joint_skin >= 0 ? "[J]"
                                                    : "[ ]";
            ImGui::PushStyleColor(ImGuiCol_Text, kind_colour(row));
            (void)ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<intptr_t>(ri)), flags, "%s %s", tag,
                                    row.name.c_str());
            ImGui::PopStyleColor();
            if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
                p.select_row(ri);
                (void)m.select_joint(*c.character, p.selection.skin, p.selection.joint);
                clicked = true;
            }
            if (ImGui::IsItemHovered()) show_tooltip(p.tooltip(*c.character, ri));
            if (ri == p.reveal_row) ImGui::SetScrollHereY(0.4f);
            if (indent > 0.0f) ImGui::Unindent(indent);
        }
    }
    // A click in the tree needs no scrolling; an outside selection has been revealed by now.
    if (clicked || p.reveal_row >= 0) p.reveal_row = -1;
}

// Framed views and the orbit as a pinned string. In a scripted run each button's centre is logged
// ("camera button: Front at X Y"), so a test clicks it through ImGui's own hit test rather than at
// pixels guessed from the font, and the string is logged when it changes ("camera: ..."), so a test
// reads the view a script left without parsing pixels.
void draw_camera_row(UiContext& c) {
    static const char* const views[][3] = {
        {"Reset", "reset",
         "The view at load: yaw 25, pitch 12, framed on what is drawn over the clip (Home)."},
        {"Front", "front", "From +Z (yaw 0, pitch 5), framed."},
        {"Side", "side", "From +X (yaw 90, pitch 5), framed."},
        {"Back", "back", "From -Z (yaw 180, pitch 5), framed."},
        {"Top", "top", "From above (pitch 89: at 90 the view's up vector is undefined), framed."},
    };
    for (size_t i = 0; i < sizeof views / sizeof views[0]; ++i) {
        if (i > 0) ImGui::SameLine();
        if (ImGui::Button(views[i][0])) c.actions.ask(UiAction::Kind::FrameView, views[i][1]);
        item_tooltip(views[i][2]);
        log_item_centre("camera button", views[i][0]);
    }
    if (c.camera_pinned.empty()) return;
    // Copy first: the string's width changes as the view does, and a button after it would move.
    if (ImGui::SmallButton("Copy")) {
        ImGui::SetClipboardText(c.camera_pinned.c_str());
        // Read back through the platform's clipboard, so the log says what a paste would give.
        const char* got = ImGui::GetClipboardText();
        ui_log(std::string("copied: ") + (got ? got : "(clipboard unavailable)"));
    }
    log_item_centre("camera button", "Copy");
    // Wrapped (ImGui breaks a word longer than the line): nine digits a field do not fit the
    // narrowest Scene panel, and a row wider than it would make the whole panel scroll sideways.
    ImGui::SameLine();
    ImGui::TextWrapped("%s", c.camera_pinned.c_str());
    item_tooltip(
        "The orbit camera, yaw,pitch,distance,tx,ty,tz (degrees, metres, the target point): "
        "--camera and the settings file take it as it is.");
    ui_log("camera: " + c.camera_pinned);
}

}  // namespace

void draw_scene_window(ViewerModel& m, UiContext& c) {
    begin_fixed_window("Scene", c.layout.left, ImGuiWindowFlags_HorizontalScrollbar);
    // Open field and recent files. Last frame's open has been served by now.
    if (!m.open.editing) m.open.settle(c.file);
    ImGui::SetNextItemWidth(-60.0f);
    const bool enter = ImGui::InputTextWithHint(
        "##path", "path to .glb / .gltf (Tab completes)", m.open.path, sizeof m.open.path,
        ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackCompletion, complete_path);
    m.open.editing = ImGui::IsItemActive();
    log_item_centre("scene", "open field");
    if (ImGui::IsItemActive()) ui_log(std::string("open field: ") + m.open.path);
    if (ImGui::IsItemActive() && m.open.path[0]) {
        const auto& options = m.open.cached_completions(m.open.path);
        if (!options.empty()) {
            // Under the field rather than at the pointer, which is on the field after the click
            // that focused it: the list must not hide what is being typed.
            ImGui::SetNextWindowPos(ImVec2(ImGui::GetItemRectMin().x, ImGui::GetItemRectMax().y + 2.0f));
            ImGui::BeginTooltip();
            ImGui::TextDisabled("Tab completes:");
            std::string offered;
            for (const auto& o : options) {
                ImGui::TextUnformatted(o.c_str());
                offered += (offered.empty() ? "" : ", ") + o;
            }
            ImGui::EndTooltip();
            ui_log("completions: " + offered);
        }
    }
    ImGui::SameLine();
    if ((ImGui::Button("Open") || enter) && m.open.path[0]) {
        c.actions.ask(UiAction::Kind::Open, m.open.path);
        m.open.ask(m.open.path);
    }
    log_item_centre("scene", "Open");
    ui_log(std::string("open field shows: ") + m.open.path);
    if (!m.open.recent.empty()) {
        ImGui::SetNextItemWidth(-1.0f);
        if (ImGui::BeginCombo("##recent", "recent files")) {
            for (const auto& p : m.open.recent)
                if (ImGui::Selectable(p.c_str())) c.actions.ask(UiAction::Kind::Open, p);
            ImGui::EndCombo();
        }
    }
    // Settings: the whole view as one JSON file (ui/view.h), for bug reports.
    ImGui::SetNextItemWidth(-110.0f);
    ImGui::InputTextWithHint("##settings", "settings .json", c.settings_path, sizeof c.settings_path);
    item_tooltip(
        "A settings file reproduces this view: correction, rung, heat map, joint, clip, time, camera.");
    ImGui::SameLine();
    if (ImGui::Button("Save") && c.settings_path[0])
        c.actions.ask(UiAction::Kind::SaveSettings, c.settings_path);
    log_item_centre("settings button", "Save");
    ImGui::SameLine();
    if (ImGui::Button("Load") && c.settings_path[0])
        c.actions.ask(UiAction::Kind::LoadSettings, c.settings_path);
    log_item_centre("settings button", "Load");
    // Where S writes (the viewer's screenshot_path): this folder, else $XDG_PICTURES_DIR, else the
    // current one; never beside the file, which may be read-only or someone else's.
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputTextWithHint("##shots", "screenshot folder (S writes there)", c.screenshot_dir,
                             sizeof c.screenshot_dir);
    item_tooltip(
        "The folder S writes its PNG to. Empty: $XDG_PICTURES_DIR, else the folder skinview was started "
        "in.");
    log_item_centre("scene", "screenshot folder");
    ImGui::Separator();
    if (!c.character) {
        ImGui::TextDisabled("no scene");
        ImGui::End();
        return;
    }
    ImGui::Checkbox("skeleton", &c.draw->draw_skeleton);
    ImGui::SameLine();
    ImGui::Checkbox("axes", &c.draw->draw_joint_axes);
    ImGui::SameLine();
    ImGui::Checkbox("grid", &c.draw->draw_grid);
    draw_camera_row(c);
    if (c.file_camera && c.file_camera_count > 0) {
        // The file's cameras, as `--camera file:N` chooses them; orbiting takes the view back.
        char preview[32];
        if (*c.file_camera < 0)
            std::snprintf(preview, sizeof preview, "orbit");
        else
            std::snprintf(preview, sizeof preview, "file camera %d", *c.file_camera);
        if (ImGui::BeginCombo("view from", preview)) {
            if (ImGui::Selectable("orbit", *c.file_camera < 0)) *c.file_camera = -1;
            for (int i = 0; i < c.file_camera_count; ++i) {
                char label[32];
                std::snprintf(label, sizeof label, "file camera %d", i);
                if (ImGui::Selectable(label, *c.file_camera == i)) *c.file_camera = i;
            }
            ImGui::EndCombo();
        }
    }
    bool weights = c.draw->debug_view == render::DebugView::Weights;
    if (ImGui::Checkbox("weights of the selected joint", &weights))
        c.draw->debug_view = weights ? render::DebugView::Weights : render::DebugView::Lit;
    bool all_weights = c.draw->debug_view == render::DebugView::AllWeights;
    if (ImGui::Checkbox("weights: all joints", &all_weights))
        c.draw->debug_view = all_weights ? render::DebugView::AllWeights : render::DebugView::Lit;
    item_tooltip(
        "Every joint its own hue (golden-ratio steps over its index in the skin), each vertex "
        "the weight-blended colour of all its influences; grey: a mesh without a skin.");
    draw_lighting_controls(*c.draw);
    ImGui::Separator();
    ImGui::TextDisabled("[S] skinned mesh  [M] mesh  [J] joint");
    item_tooltip("Click a node to select it; the arrow folds its children.");
    // The morph weights of the selected (or first) morphing mesh, live, under the tree.
    const float morph_height = m.morph.node < 0
                                   ? 0.0f
                                   : ImGui::GetFrameHeightWithSpacing() *
                                         (2.0f + std::min<float>(6.0f, float(m.morph.weights.size())));
    ImGui::BeginChild("tree", ImVec2(0, -morph_height), false, ImGuiWindowFlags_HorizontalScrollbar);
    if (m.scene.scroll_to_top) {
        ImGui::SetScrollY(0.0f);
        ImGui::SetScrollX(0.0f);
        m.scene.scroll_to_top = false;
    }
    draw_scene_tree(m, c);
    ui_log("scene tree scroll: " + std::to_string(static_cast<int>(ImGui::GetScrollY())));
    ImGui::EndChild();
    if (m.morph.node >= 0) {
        ImGui::Separator();
        ImGui::TextUnformatted(m.morph.title.c_str());
        ImGui::BeginChild("morph", ImVec2(0, 0), false);
        for (size_t t = 0; t < m.morph.weights.size(); ++t) {
            // The weight by the panels' one number rule ("0.0123", not "0.012").
            const std::string label =
                "target " + std::to_string(t) + ": " + format_number(static_cast<double>(m.morph.weights[t]));
            // A weight may leave [0, 1] (glTF allows any value); the bar clamps, the label does not.
            ImGui::ProgressBar(std::clamp(m.morph.weights[t], 0.0f, 1.0f), ImVec2(-1.0f, 0.0f),
                               label.c_str());
        }
        ImGui::EndChild();
    }
    end_fixed_window("Scene");
}

}  // namespace sv::ui

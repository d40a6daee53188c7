// The ImGui drawing of the viewer's panels. Each function reads and writes the plain panel state
// (ui/*_panel.h) and nothing else of its own, so what a panel decides is tested without ImGui and
// these files only lay it out. GL work a panel asks for (palette read-back, diagnose, screenshots,
// loads) is requested through flags and done by the viewer between frames.
#pragma once

#include <string>
#include <vector>

#include "anim/character/character.h"
#include "render/draw_options.h"
#include "ui/heat_legend.h"
#include "ui/load_progress.h"
#include "ui/quit_guard.h"
#include "ui/ui_actions.h"
#include "ui/viewer_model.h"
#include "ui/viewport.h"

namespace sv::ui {

struct UiContext {
    anim::Character* character = nullptr;  // null: nothing loaded yet
    // The view's draw options, the very struct every draw reads (ViewerModel::state.draw, the view's):
    // the panels edit it in place, so what a checkbox shows is what is drawn. Null: nothing loaded.
    render::DrawOptions* draw = nullptr;
    // The file's cameras (`--camera file:N`): the view's choice (-1 the orbit camera, else the one
    // looked through) and how many the file has. The viewer keeps the orbit when the choice is a
    // camera no node places.
    int* file_camera = nullptr;
    int file_camera_count = 0;
    std::string file;
    long vertices = 0;
    double frame_ms = 0.0;
    std::string load_error;  // the last failed load (the previous asset stays on screen), or options
    std::string error_title = "Could not open the file";  // what kind of failure load_error is
    Layout layout;
    bool diagnose_stale = false;  // the diagnose result was measured in another state
    // FramePanel::measure_drawn_scale for the status line and the Frame tab (0: not measured).
    double drawn_scale = 0.0;
    // What the panels ask of the viewer (opening, framing, settings, the retarget source).
    UiActions actions;
    bool show_help = false;  // the keys overlay (F1)
    char retarget_path[1024] = {};
    char screenshot_dir[1024] = {};
    char settings_path[1024] = "skinview_settings.json";
    // The camera row (Scene panel). The viewer writes the orbit in the pinned form
    // (render::format_pinned_camera) before the panels draw; a button names the framed view it asks
    // for ("reset", "front", "side", "back", "top") as a FrameView action.
    std::string camera_pinned;
    // The joint the overlays describe (the weights map's joint, else the selected joint) where the
    // view draws it this frame, set by the viewer before the legend draws; the legend keeps off it.
    bool described_joint_on_screen = false;
    glm::vec2 described_joint{0.0f};
    // A file opening in the background (viewer/app/background_open.h): drawn over the 3D view,
    // where the previous character stays until the new one is uploaded.
    LoadProgress loading;
};

// Begins an ImGui window pinned to `r` (the layout is computed, never dragged or saved); the caller
// ends it. `extra` adds flags such as NoTitleBar.
void begin_fixed_window(const char* name, const Rect& r, int extra_flags = 0);
// Ends it, and in a scripted run logs "NAME scrolls sideways" when its content is wider than the
// window: a narrow panel scrolls rather than cutting its rows, and a test can see that it does.
void end_fixed_window(const char* name);

void draw_scene_window(ViewerModel& m, UiContext& c);      // left column: open field, recent, node tree
void draw_timeline_window(ViewerModel& m, UiContext& c);   // under the viewport: clips and playback
void draw_inspector_window(ViewerModel& m, UiContext& c);  // right column: one tab a panel
void draw_status_line(const ViewerModel& m, const UiContext& c);
void draw_error_window(UiContext& c);  // only when a load failed
// The load's line and bar across the top of `viewport` while a file opens (ui/load_progress.h);
// logs "load progress: LINE" and its rectangle ("overlay rect: load progress: ...").
void draw_load_progress(const LoadProgress& p, const Rect& viewport);
// The confirmation a quit with unsaved work opens (ui/quit_guard.h): what would be lost, Quit and
// Cancel; logs "quit dialog: WHAT" and its buttons' centres in a scripted run.
void draw_quit_dialog(QuitGuard& q);
// Exposure, sky, key light and the material view (lighting_controls_draw.cpp).
void draw_lighting_controls(render::DrawOptions& draw);

// "label   value" with the value's meaning (and what is bad) on hover: every number the panels show
// goes through this, so none is without its explanation.
void value_row(const char* label, const std::string& value, const char* tooltip);
// Grey text wrapped at the window's edge: a remark (ImGui's TextDisabled does not wrap, and a
// remark wider than the inspector made it scroll sideways).
void text_disabled_wrapped(const std::string& text);
// The width for the next slider or field so that its label, drawn on its right, ends at the
// window's edge (at least `min_width`): ImGui's default two thirds of the window left Lighting's
// "environment rotation" and "environment intensity" both cut to "environment".
void fit_next_item_to_label(const char* label, float min_width = 60.0f);
// Logs the last item's visible label ("WHAT control: LABEL") and, when the window's edge cuts it,
// "label cut: LABEL (W of N px)", so a test reads what a user can read.
void log_control_label(const char* what, const char* label);
// A tooltip (wrapped) with `text`, recorded in the ui log.
void show_tooltip(const std::string& text);
// The hover text of the last item (a slider, a drag field): what the number means, its unit.
void item_tooltip(const char* text);

// What the panels showed this frame that pixels cannot name: each tooltip's text ("tooltip: ..."),
// the Open field's text while it is being edited ("open field: ..."), the completions it offers
// ("completions: ..."), the status line's key message
// ("status: ..."). A scripted run (--input) prints it, so a test asserts the words and a user's
// bug report carries them. The viewer owns the lines; null (the default) records nothing.
void set_ui_log(std::vector<std::string>* sink);
void ui_log(const std::string& line);
// Logs where the last item sits ("WHAT: LABEL at X Y", its centre in window pixels), so a scripted
// test clicks it through ImGui's own hit test rather than at pixels guessed from the font.
void log_item_centre(const char* what, const char* label);

// The heat map's colour bar, sized to what it says, in a corner of the viewport clear of `avoid`
// (the joint it describes, on screen; null: none), by place_in_corner. Logs its rectangle
// ("overlay rect: heat legend: X0 Y0 X1 Y1").
void draw_heat_legend(const HeatLegend& legend, const Rect& viewport, const glm::vec2* avoid);
// "overlay rect: WHAT: X0 Y0 X1 Y1" in the ui log, for the tests that keep overlays in the view.
void log_rect(const char* what, const Rect& r);
// The bar for whichever heat map is on (weights of the joint shown, or the error), if any.
void draw_heat_legend_for(const ViewerModel& m, const UiContext& c);
// The keys overlay (F1), over the viewport's top-left corner.
void draw_keys_help(UiContext& c);

// Tab bodies.
void draw_frame_tab(ViewerModel& m, UiContext& c);
void draw_joints_tab(ViewerModel& m, UiContext& c);
void draw_conflicts_tab(ViewerModel& m, UiContext& c);
void draw_ik_tab(ViewerModel& m, UiContext& c);
void draw_palette_tab(ViewerModel& m, UiContext& c);
void draw_diagnose_tab(ViewerModel& m, UiContext& c);
void draw_graph_tab(ViewerModel& m, UiContext& c);
void draw_notes_tab(ViewerModel& m, UiContext& c);
void draw_humanoid_tab(ViewerModel& m, UiContext& c);     // VRM only (humanoid_panel_draw.cpp)
void draw_expressions_tab(ViewerModel& m, UiContext& c);  // VRM only

}  // namespace sv::ui

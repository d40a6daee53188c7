// One frame: the character posed, the panels drawn, the scene drawn under them (viewer_window.h).
#include <cstdio>

#include "render/gl.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "render/gpu_diagnose.h"
#include "ui/format.h"
#include "ui/frame_panel.h"
#include "ui_bridge.h"
#include "viewer_window.h"

namespace sv::viewer {

void ViewerWindow::render_frame(double dt, bool last_frame, int frame) {
    int fbw = 0, fbh = 0, ww = 0, wh = 0;
    glfwGetFramebufferSize(ctx_.window(), &fbw, &fbh);
    glfwGetWindowSize(ctx_.window(), &ww, &wh);
    ui_.layout = ui::compute_layout(static_cast<float>(ww), static_cast<float>(wh));
    // Framed for the pixels drawn, as `render --size` frames for its picture.
    if (const ViewportPixels p = viewport_pixels(); session_ && p.h > 0)
        session_->state().frame_aspect = float(p.w) / float(p.h);
    if (session_) pose_frame(dt);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    draw_panels(frame, static_cast<float>(ww), static_cast<float>(wh));
    draw_scene(fbw, fbh);
    if (load_frame_ > 0) return;  // a frame waiting for an open is no frame of the run's pictures
    write_screenshot(fbw, fbh, last_frame);
    write_viewport_screenshot(last_frame);
}

void ViewerWindow::pose_frame(double dt) {
    anim::Character& ch = session_->character();
    FrameState& st = session_->state();
    // The frame is anim::evaluate_frame, as headless (anim/frame/evaluate_frame.h: the order, VRM
    // 1.0's for the avatar's steps, and springs as a function of the clip time), over the session's
    // avatar runtime. The model is the session's (SceneSession::create took it): what the panels set
    // is what this poses and draws, and what Save or the quit guard captures.
    model_.look_at = session_->look_at_state();
    model_.advance_and_pose(ch, dt);
    session_->apply_material_binds();
    st.draw.selected_skin = model_.scene.selection.skin;
    st.draw.selected_joint = model_.scene.selection.joint;
    // The weights map shows the joint the settings named, else the selected one.
    if (st.draw.debug_view == render::DebugView::Weights && model_.weights_joint >= 0) {
        st.draw.selected_skin = model_.weights_skin;
        st.draw.selected_joint = model_.weights_joint;
    }
    (void)session_->renderer().write_palettes(ch, {});
    session_->renderer().upload_palettes();
    gpu_requests();
}

void ViewerWindow::draw_panels(int frame, float window_w, float window_h) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // A frame waiting for an open takes no pointer event of its own frame: those belong to the
    // frame drawn once the open is done (the pointer stays where the last frame left it).
    const int events_frame = load_frame_ > 0 ? frame - 1 : frame;
    scripted_picks(events_frame);
    input_.apply_pointer(events_frame, ui_.layout, window_w, window_h);
    ImGui::NewFrame();
    input_.begin_ui_log();
    ui_.character = session_ ? &session_->character() : nullptr;
    // The panels edit the view's draw options in place: the struct the draw below reads.
    ui_.draw = session_ ? &session_->state().draw : &spare_draw_;
    ui_.file_camera = session_ ? &session_->state().file_camera : nullptr;
    ui_.file_camera_count = session_ ? static_cast<int>(session_->character().asset().cameras.size()) : 0;
    ui_.file = session_ ? session_->path() : std::string();
    ui_.vertices = session_ ? count_vertices(session_->character()) : 0;
    ui_.camera_pinned = session_ ? render::format_pinned_camera(session_->state().camera) : std::string();
    // A settings file's message says the view's work is what the file holds: once it is not (a
    // Reset all, an edit), it is no longer true and goes.
    if (model_.message_about_saved_view && session_ && !quit_guard_.unsaved(current_view()).empty()) {
        model_.screenshot_message.clear();
        model_.message_about_saved_view = false;
    }
    ui::draw_scene_window(model_, ui_);
    ui::draw_timeline_window(model_, ui_);
    ui::draw_inspector_window(model_, ui_);
    ui::draw_status_line(model_, ui_);
    ui::draw_error_window(ui_);
    ui::draw_load_progress(ui_.loading, ui_.layout.viewport);
    if (session_) viewport_interaction();
    if (session_) ui::draw_heat_legend_for(model_, ui_);
    if (session_) {
        const auto& cams = session_->character().asset().cameras;
        const int fc = session_->state().file_camera;
        // A camera no node places cannot be looked through; the list offers it, choosing it keeps
        // the orbit.
        session_->state().file_camera =
            fc >= 0 && static_cast<size_t>(fc) < cams.size() && cams[static_cast<size_t>(fc)].node >= 0 ? fc
                                                                                                        : -1;
    }
    if (ui_.show_help) ui::draw_keys_help(ui_);
    ui::draw_quit_dialog(quit_guard_);
    input_.end_ui_log(frame, load_frame_);
    ImGui::Render();
}

void ViewerWindow::draw_scene(int fbw, int fbh) {
    glViewport(0, 0, fbw, fbh);
    glDisable(GL_SCISSOR_TEST);
    const glm::vec4 bg = session_ ? session_->state().clear_color : glm::vec4(0.11f, 0.12f, 0.14f, 1.0f);
    glClearColor(bg.r, bg.g, bg.b, bg.a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (session_) {
        // The headless draw (SceneSession::draw_view), into the 3D view's rectangle: it used to be
        // a draw of its own here that skipped the file's lights and took the layout's fractional
        // aspect. Its clear covers the whole window, which is the background colour already.
        if (const ViewportPixels p = viewport_pixels(); p.w > 0 && p.h > 0) {
            session_->draw_view(p.x, p.y, p.w, p.h, model_.graph.root.model());
            glDisable(GL_DEPTH_TEST);
        }
        glViewport(0, 0, fbw, fbh);
    }
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// Palette read-back and diagnose touch framebuffers, so they run before the frame is drawn.
void ViewerWindow::gpu_requests() {
    anim::Character& ch = session_->character();
    auto& rend = session_->renderer();
    const auto& sel = model_.scene.selection;
    if (model_.tab == ui::InspectorTab::Palette && sel.joint >= 0 && sel.skin >= 0 &&
        sel.skin < rend.skin_count()) {
        // Instance 0: skin k's block starts at its offset; joint j lies j / 512 rows into it.
        const int block = rend.skin_row_offset(sel.skin);
        const int row = block + sel.joint / kPaletteMatricesPerRow;
        model_.palette.inspect(row, sel.joint % kPaletteMatricesPerRow, rend.palette().read_back_row(row),
                               rend.palette().matrix(block, sel.joint));
    }
    auto& d = model_.diagnose;
    const FrameState& st = session_->state();
    const ui::DiagnoseState now{st.draw.correction,    st.draw.auto_rung,     static_cast<int>(st.draw.rung),
                                model_.animation.clip, model_.animation.time, model_.pose_edits.revision};
    // A stale result that is on screen (the heat map, or the Diagnose tab) is measured again: a
    // run is a few milliseconds, cheaper than a number that belongs to another frame.
    const bool heat_map = st.draw.debug_view == render::DebugView::ErrorHeatMap;
    if (d.stale(now) && (heat_map || model_.tab == ui::InspectorTab::Diagnose)) d.run_requested = true;
    if (d.run_requested || d.run_every_frame) {
        d.run_requested = false;
        const Expected<render::DiagnoseResult> r = render::diagnose(rend, ch, {}, session_->state().draw);
        // The panel keeps the figures (the renderer's own struct); the per-vertex errors stay here.
        d.set_result(r ? Expected<render::DiagnoseFigures>(*r) : Expected<render::DiagnoseFigures>(r.error()),
                     now);
        // A scripted run logs each measurement, so a test can tell a re-run from a stale result.
        if (scripted_ && d.has_result)
            std::fprintf(stderr, "skinview: diagnose at clip %d, %s s, correction %s: worst error %s m\n",
                         now.clip, ui::format_number(now.time).c_str(), now.correction ? "on" : "off",
                         ui::format_number(d.result.worst_error).c_str());
        if (r)
            for (size_t i = 0; i < r->vertex_errors.size(); ++i)
                for (size_t p = 0; p < r->vertex_errors[i].size(); ++p)
                    rend.set_vertex_errors(static_cast<int>(i), static_cast<int>(p), r->vertex_errors[i][p]);
    }
    session_->state().draw.heat_scale = d.effective_heat_scale();
    ui_.diagnose_stale = d.stale(now);
}

void ViewerWindow::measure_drawn_scale() {
    if (!session_) {
        ui_.drawn_scale = 0.0;
        measured_session_ = nullptr;
        return;
    }
    anim::Character& ch = session_->character();
    const FrameState& st = session_->state();
    // Measured at the pose on screen when the switch, the rung or the file changed: a box of a few
    // hundred vertices a primitive each way, too slow for every frame of a large file.
    const int state =
        (st.draw.correction ? 1 : 0) | (st.draw.auto_rung ? 2 : 0) | (static_cast<int>(st.draw.rung) << 2);
    if (measured_session_ == session_.get() && measured_state_ == state) return;
    measured_session_ = session_.get();
    measured_state_ = state;
    const render::SkinMode* forced = st.draw.auto_rung ? nullptr : &st.draw.rung;
    ui_.drawn_scale = ui::FramePanel::measure_drawn_scale(ch, forced);
    if (scripted_)
        std::fprintf(stderr, "skinview: drawn scale, uncorrected over corrected: %s\n",
                     ui::format_number(ui_.drawn_scale).c_str());
}

}  // namespace sv::viewer

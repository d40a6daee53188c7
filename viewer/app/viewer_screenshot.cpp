// Screenshots (S, --screenshot) and the scripted run's own hooks (viewer_window.h).
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "render/gl.h"
#include "render/render_target.h"
#include "ui/picking.h"
#include "user_files.h"
#include "viewer_window.h"

namespace sv::viewer {

std::string ViewerWindow::screenshot_path() {
    namespace fs = std::filesystem;
    const fs::path file = session_ ? fs::path(session_->path()) : fs::path("skinview.glb");
    // Never beside the asset: that may be a read-only checkout or someone else's folder. The
    // folder the user named (the Scene panel's field), else $XDG_PICTURES_DIR, else the current
    // directory.
    const char* pictures = std::getenv("XDG_PICTURES_DIR");
    std::error_code ec;
    const fs::path dir = ui_.screenshot_dir[0] ? fs::path(ui_.screenshot_dir)
                         : pictures && *pictures && fs::is_directory(pictures, ec) ? fs::path(pictures)
                                                                                   : fs::current_path(ec);
    for (int i = 1;; ++i) {
        const fs::path p = dir / (file.stem().string() + "_" + std::to_string(i) + ".png");
        if (!fs::exists(p, ec)) return p.string();
    }
}

void ViewerWindow::write_screenshot(int fbw, int fbh, bool last_frame) {
    if (!screenshot_asked_ && !(last_frame && !opts_.screenshot.empty())) return;
    const std::string path = last_frame && !opts_.screenshot.empty() ? opts_.screenshot : screenshot_path();
    render::RgbaImage img = render::read_framebuffer(fbw, fbh);
    auto s = render::write_png(path, img);
    if (s) s = hand_to_user(path);  // the page's download; the desktop's file is where it is
    model_.screenshot_message = s ? "screenshot: " + path : "screenshot failed: " + s.error().message;
    model_.message_about_saved_view = false;
    std::fprintf(stderr, "skinview: %s\n", model_.screenshot_message.c_str());
    screenshot_asked_ = false;
}

void ViewerWindow::write_viewport_screenshot(bool last_frame) {
    if (!last_frame || opts_.viewport_screenshot.empty() || !session_) return;
    const ViewportPixels p = viewport_pixels();
    // Offscreen through the session's own target and draw, at the view's pixel size: the same
    // format (RGBA8, no multisampling), clear, lights and projection as `render --size WxH`, with
    // the pose and view state this frame drew. Reading the view's rectangle back from the window
    // would hold the window's framebuffer format and the panels' overdraw instead.
    auto img = session_->render_current(p.w, p.h, model_.graph.root.model());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!img) {
        std::fprintf(stderr, "skinview: viewport screenshot failed: %s\n", img.error().message.c_str());
        return;
    }
    auto s = render::write_png(opts_.viewport_screenshot, *img);
    std::fprintf(stderr, "skinview: %s\n",
                 s ? ("viewport screenshot: " + opts_.viewport_screenshot + " (" + std::to_string(p.w) + "x" +
                      std::to_string(p.h) + ")")
                         .c_str()
                   : ("viewport screenshot failed: " + s.error().message).c_str());
}

// A script's `pick JOINT`: a move to the joint's pixel and a click there (released a frame later),
// written when the joint's place on screen is known and replayed by the same path as every other
// scripted press.
void ViewerWindow::scripted_picks(int frame) {
    for (const std::string& joint : input_.take_picks(frame)) {
        glm::vec2 p;
        if (!session_ || !ui::joint_on_screen(session_->character(), joint, view_proj(),
                                              model_.graph.root.model(), ui_.layout.viewport, p)) {
            std::fprintf(stderr, "skinview: frame %d: pick '%s': no such joint in view\n", frame,
                         joint.c_str());
            continue;
        }
        ui::InputEvent move, press;
        move.frame = press.frame = frame;
        move.x = {p.x, true};
        move.y = {p.y, true};
        press.action = ui::InputAction::ButtonDown;
        ui::InputEvent release = press;
        release.frame = frame + 1;
        release.action = ui::InputAction::ButtonUp;
        input_.add({move, press, release});
    }
}

}  // namespace sv::viewer

// Screenshots (S, --screenshot) and the scripted run's own hooks (viewer_window.h).
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "render/gl.h"
#include "render/render_target.h"
#include "ui/picking.h"
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
    if (!ui_.request_screenshot && !(last_frame && !opts_.screenshot.empty())) return;
    const std::string path = last_frame && !opts_.screenshot.empty() ? opts_.screenshot : screenshot_path();
    render::RgbaImage img = render::read_framebuffer(fbw, fbh);
    auto s = render::write_png(path, img);
    model_.screenshot_message = s ? "screenshot: " + path : "screenshot failed: " + s.error().message;
    std::fprintf(stderr, "skinview: %s\n", model_.screenshot_message.c_str());
    ui_.request_screenshot = false;
}

// A scripted click on a joint: a script of its own (move to the joint's pixel and click at
// `pick_at`, release a frame later) written when the joint's place on screen is known, and
// replayed by the same path as --input.
void ViewerWindow::scripted_pick(int frame) {
    if (opts_.pick_joint.empty() || !session_ || frame != opts_.pick_at) return;
    glm::vec2 p;
    if (!ui::joint_on_screen(session_->character(), opts_.pick_joint, view_proj(), model_.graph.root.model(),
                             ui_.layout.viewport, p)) {
        std::fprintf(stderr, "skinview: --pick-joint '%s': no such joint in view\n",
                     opts_.pick_joint.c_str());
        return;
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

}  // namespace sv::viewer

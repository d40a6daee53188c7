// Replays an input script (ui/input_script.h) through the window's own input path: keys, text and
// the wheel go through the GLFW backend's callbacks, as glfwPollEvents would deliver them, so the
// viewer's key handling and ImGui both see them; the mouse is written where the backend's polling
// writes it.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ui/input_script.h"
#include "ui/viewport.h"

struct GLFWwindow;

namespace sv::viewer {

class ScriptedInput {
public:
    // Reads a script file; false (the file and its bad line printed on stderr) when refused.
    bool load(const std::string& path);
    void add(std::vector<ui::InputEvent> events);
    bool active() const { return active_; }

    // Right after glfwPollEvents, where GLFW calls its callbacks: the key, text and wheel events
    // due by `frame` go through ImGui's GLFW callbacks (which chain to the viewer's own); a drop
    // through the window's drop callback, a close as the window manager's close request.
    // The events of a later frame wait; a FRAME@K drop waits for dispatch_load_frame, and is said on
    // stderr and dropped once its frame is over.
    void dispatch_keys(GLFWwindow* window, int frame);
    // The FRAME@K drops (ui/input_script.h) of frame `frame`'s `load_frame`-th frame drawn while it
    // waits for an open, through the window's drop callback.
    void dispatch_load_frame(GLFWwindow* window, int frame, int load_frame);
    // Between ImGui_ImplGlfw_NewFrame and ImGui::NewFrame. The GLFW backend of Dear ImGui 1.86
    // polls the pointer each frame (io.MousePos from glfwGetCursorPos, or -FLT_MAX when the
    // window is neither focused nor hovered, as under Xvfb; io.MouseDown from glfwGetMouseButton),
    // so the scripted pointer overwrites what it polled, every frame once the script has moved
    // the mouse or pressed a button.
    void apply_pointer(int frame, const ui::Layout& layout, float window_w, float window_h);
    // Where `button` went down in this frame's events, as a real press records it (the pointer
    // of the script at that event, not after the moves that follow it in the same frame); false
    // when it did not go down this frame. Clears the record.
    bool take_press(int button, float& x, float& y);
    // The joints of the `pick` events due by `frame`, taken out of the script: the window turns
    // each into a move and a click once it knows where the joint is drawn.
    std::vector<std::string> take_picks(int frame);

    // The ui log (ui/panels_draw.h) of a scripted run: begin_ui_log before the panels draw, and
    // end_ui_log after, which prints each line not shown the frame before ("skinview: frame 12:
    // tooltip: ..."), so a tooltip held for a second is one line of the log, not sixty. A frame
    // drawn while `frame` waits for an open (load_frame > 0) prints "frame 12, load frame 3: ...".
    void begin_ui_log();
    void end_ui_log(int frame, int load_frame = 0);
    // The ui log without a script (--ui-log: the page's ?ui-log, its browser test reads the panels'
    // state from it while driving the page with real keys and clicks). Nothing else of a scripted
    // run follows: the pointer stays the user's.
    void log_ui() { log_ui_ = true; }

private:
    // The `press` events due by `frame`, each turned into a move to where the ui log last placed
    // its item and a click; an item never logged is said on stderr and dropped.
    void expand_presses(int frame);

    std::vector<std::string> ui_log_, previous_ui_log_;
    std::map<std::string, std::pair<float, float>> item_at_;  // "WHAT: LABEL" -> its logged centre
    std::vector<ui::InputEvent> pending_;                     // frame order
    bool active_ = false;
    bool log_ui_ = false;
    bool has_position_ = false;
    float x_ = 0.0f, y_ = 0.0f;
    bool down_[3] = {false, false, false};
    bool just_pressed_[3] = {false, false, false};  // went down in this frame's events
    bool pressed_[3] = {false, false, false};
    float press_x_[3] = {0.0f, 0.0f, 0.0f}, press_y_[3] = {0.0f, 0.0f, 0.0f};
    int mods_ = 0;  // GLFW_MOD_* of the modifier keys the script holds
};

// GLFW's key code for a script's key name (ui::input_key_names()); GLFW_KEY_UNKNOWN (-1) if none.
int glfw_key_for(const std::string& name);

}  // namespace sv::viewer

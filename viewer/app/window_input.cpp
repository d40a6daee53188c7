#include "window_input.h"

#include <algorithm>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "ui/open_panel.h"

namespace sv::viewer {

namespace {

// Dear ImGui 1.86 keeps keys as down/up flags (io.KeysDown) that it reads once a frame, so a key
// pressed and released within one glfwPollEvents (a quick tap at 30 fps, or xdotool) is never seen
// down: a Backspace or Enter in a text field is lost. The release of a key pressed this frame is
// held back to the next frame's poll; the cost is a key looking held one frame longer, which no
// shortcut here can tell.
struct KeyDeferral {
    GLFWkeyfun imgui = nullptr;  // ImGui's backend callback (which chains to the viewer's own)
    std::vector<int> pressed;    // keys pressed since this frame's poll began
    struct Release {
        int key, scancode, mods;
    };
    std::vector<Release> held;  // releases to deliver at the next frame
};

KeyDeferral g_keys;  // one window: GLFW's callbacks carry no user data beyond the window's pointer

void deferring_key(GLFWwindow* w, int key, int scancode, int action, int mods) {
    if (action == GLFW_PRESS) g_keys.pressed.push_back(key);
    if (action == GLFW_RELEASE &&
        std::find(g_keys.pressed.begin(), g_keys.pressed.end(), key) != g_keys.pressed.end()) {
        g_keys.held.push_back({key, scancode, mods});
        return;
    }
    if (g_keys.imgui) g_keys.imgui(w, key, scancode, action, mods);
}

Inbox* inbox_of(GLFWwindow* w) { return static_cast<Inbox*>(glfwGetWindowUserPointer(w)); }

void on_key(GLFWwindow* w, int key, int, int action, int) {
    if (action != GLFW_PRESS) return;
    if (Inbox* in = inbox_of(w)) in->keys.push_back(key);
}
void on_cursor(GLFWwindow* w, double x, double y) {
    Inbox* in = inbox_of(w);
    if (!in) return;
    in->cursor_x = x;
    in->cursor_y = y;
    in->has_cursor = true;
    for (int b = 0; b < 3; ++b)
        if (in->down[b]) {
            const float dx = static_cast<float>(x) - in->press_x[b],
                        dy = static_cast<float>(y) - in->press_y[b];
            in->travel_sq[b] = std::max(in->travel_sq[b], dx * dx + dy * dy);
        }
}
void on_button(GLFWwindow* w, int button, int action, int) {
    Inbox* in = inbox_of(w);
    if (!in || button < 0 || button >= 3) return;
    if (action != GLFW_PRESS) {
        in->down[button] = false;
        return;
    }
    if (!in->has_cursor) glfwGetCursorPos(w, &in->cursor_x, &in->cursor_y);
    in->pressed[button] = true;
    in->down[button] = true;
    in->travel_sq[button] = 0.0f;
    in->press_x[button] = static_cast<float>(in->cursor_x);
    in->press_y[button] = static_cast<float>(in->cursor_y);
}
void on_drop(GLFWwindow* w, int count, const char** paths) {
    Inbox* in = inbox_of(w);
    if (!in || count <= 0) return;
    in->drops.push_back(ui::OpenPanel::dropped_model(std::vector<std::string>(paths, paths + count)));
}

}  // namespace

void install_window_callbacks(GLFWwindow* window, Inbox* inbox) {
    glfwSetWindowUserPointer(window, inbox);
    glfwSetKeyCallback(window, on_key);
    glfwSetDropCallback(window, on_drop);
    glfwSetCursorPosCallback(window, on_cursor);
    glfwSetMouseButtonCallback(window, on_button);
}

void install_key_deferral(GLFWwindow* window) {
    g_keys = {};
    g_keys.imgui = glfwSetKeyCallback(window, deferring_key);
}

void release_held_keys(GLFWwindow* w) {
    std::vector<KeyDeferral::Release> held;
    held.swap(g_keys.held);
    g_keys.pressed.clear();
    for (const auto& r : held)
        if (g_keys.imgui) g_keys.imgui(w, r.key, r.scancode, GLFW_RELEASE, r.mods);
}

}  // namespace sv::viewer

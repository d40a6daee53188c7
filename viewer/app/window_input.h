// The window's input as GLFW delivers it: key presses, drops and where each mouse button went
// down, queued by GLFW's callbacks for the frame loop to act on where the session and the model
// are in a known state; and the key deferral that lets ImGui 1.86 see a key tapped within a frame.
#pragma once

#include <string>
#include <vector>

struct GLFWwindow;

namespace sv::viewer {

struct Inbox {
    std::vector<int> keys;
    std::vector<std::string> drops;
    // The pointer as GLFW's events move it, and where each button went down and came up. Dear
    // ImGui 1.86's GLFW backend polls the cursor once a frame, so the frame that first sees a
    // press reads the cursor where it is by then, not where the button went down; a hit test there
    // misses a quick grab. GLFW delivers motion and button events in order, so the last motion
    // before a press is where it happened.
    double cursor_x = 0.0, cursor_y = 0.0;
    bool has_cursor = false;
    bool pressed[3] = {false, false, false};
    float press_x[3] = {0.0f, 0.0f, 0.0f}, press_y[3] = {0.0f, 0.0f, 0.0f};
    // The farthest the pointer went from the last press while the button was down, in pixels
    // (squared), from every motion event: a flick inside one frame moves the cursor and lets go
    // before ImGui polls, so ImGui's own drag distance reads 0 and calls it a click.
    float travel_sq[3] = {0.0f, 0.0f, 0.0f};
    bool down[3] = {false, false, false};
};

// Installs the viewer's callbacks (keys, drops, cursor, buttons) writing into `inbox`; before
// ImGui's backend, which chains to them.
void install_window_callbacks(GLFWwindow* window, Inbox* inbox);
// Over ImGui's key callback, once its backend is installed: a key pressed and released within one
// glfwPollEvents reaches ImGui over two frames (KeyDeferral in window_input.cpp).
void install_key_deferral(GLFWwindow* window);
// Before each frame's glfwPollEvents: last frame's held-back releases go through, in their order.
void release_held_keys(GLFWwindow* window);

}  // namespace sv::viewer

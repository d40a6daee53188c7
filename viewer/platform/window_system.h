// What the window system answers differently on the desktop and in the browser (the web build,
// docs/web.md), beside the frame loop (frame_loop.h).
#pragma once

struct GLFWwindow;

namespace sv::viewer {

// Desktop: shrinks the new window to the primary monitor's work area when it would not fit (a
// 1280x720 window on a 1366x768 laptop with a panel bar would put the status line off screen).
// Browser: nothing; the canvas follows the browser window (frame_loop_web.cpp).
void fit_window_to_screen(GLFWwindow* window, int width, int height);

// The scancode GLFW reports with `key` (a scripted key event goes through the key callback as a
// real one would). The browser's GLFW has no glfwGetKeyScancode and reports none: 0.
int key_scancode(int key);

}  // namespace sv::viewer

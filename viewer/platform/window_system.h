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

// Whether a file may be opened on a worker thread while the window draws on (docs/viewer.md,
// "opening a file"). Desktop: yes. Browser: no; the page is built without pthreads (a worker there
// needs -pthread and a cross-origin-isolated page for SharedArrayBuffer), and a std::thread that
// cannot start would abort the page, whose build does not catch exceptions: the page opens a file
// in one frame, as SKINVIEW_BACKGROUND_LOAD=0 does on the desktop.
bool can_load_in_background();

}  // namespace sv::viewer

#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <cstdio>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "frame_loop.h"

namespace sv::viewer {

namespace {

// The page's one viewer, kept after main() returns: the browser calls frames on it until it quits.
std::unique_ptr<FrameClient> page_client;

// The canvas follows the browser window (the page is the viewer, full-window), in CSS pixels: the
// viewer lays its panels out from glfwGetWindowSize as it does on the desktop. What this costs: on
// a high-density display the canvas is drawn at CSS resolution and scaled up, softer than native.
void fit_canvas_to_window() {
    GLFWwindow* window = glfwGetCurrentContext();
    if (!window) return;
    const int w = EM_ASM_INT({ return window.innerWidth; });
    const int h = EM_ASM_INT({ return window.innerHeight; });
    int cw = 0, ch = 0;
    glfwGetWindowSize(window, &cw, &ch);
    if (w > 0 && h > 0 && (w != cw || h != ch)) glfwSetWindowSize(window, w, h);
}

void one_frame() {
    if (!page_client) return;
    fit_canvas_to_window();
    if (page_client->frame()) return;
    emscripten_cancel_main_loop();
    const int status = page_client->finish();
    page_client.reset();
    std::printf("skinview: the viewer quit (status %d)\n", status);
}

}  // namespace

int run_frames(std::unique_ptr<FrameClient> client) {
    page_client = std::move(client);
    fit_canvas_to_window();
    // 0 fps: the browser's requestAnimationFrame paces it, as vsync paces the desktop window.
    // false: main() returns, so nothing on its stack may be needed after this (the client is
    // owned here).
    emscripten_set_main_loop(one_frame, 0, false);
    return 0;
}

}  // namespace sv::viewer

#include "window_system.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "ui/viewport.h"

namespace sv::viewer {

void fit_window_to_screen(GLFWwindow* window, int width, int height) {
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
        int x = 0, y = 0, w = 0, h = 0;
        glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h);
        const ui::WindowSize fit = ui::fit_to_work_area(width, height, w, h);
        if (fit.w != width || fit.h != height) glfwSetWindowSize(window, fit.w, fit.h);
    }
}

int key_scancode(int key) { return glfwGetKeyScancode(key); }

bool can_load_in_background() { return true; }

}  // namespace sv::viewer

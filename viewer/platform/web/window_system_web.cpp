#include "window_system.h"

namespace sv::viewer {

void fit_window_to_screen(GLFWwindow*, int, int) {}

int key_scancode(int) { return 0; }

bool can_load_in_background() { return false; }

}  // namespace sv::viewer

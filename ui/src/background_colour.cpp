// The settings key `background` and `--background` read into a clear colour (ui/view.h).
#include <cstdio>

#include "ui/view.h"

namespace sv::ui {

Expected<std::array<float, 4>> parse_background(const std::string& text) {
    if (text == "default") return std::array<float, 4>{0.11f, 0.12f, 0.14f, 1.0f};
    if (text == "transparent") return std::array<float, 4>{0.0f, 0.0f, 0.0f, 0.0f};
    int c[3] = {-1, -1, -1};
    char tail = 0;
    if (std::sscanf(text.c_str(), "%d,%d,%d%c", &c[0], &c[1], &c[2], &tail) != 3 || c[0] < 0 || c[0] > 255 ||
        c[1] < 0 || c[1] > 255 || c[2] < 0 || c[2] > 255)
        return make_error("background '" + text +
                          "': expected R,G,B (each an integer 0..255), transparent or default");
    return std::array<float, 4>{c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1.0f};
}

}  // namespace sv::ui

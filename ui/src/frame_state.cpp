#include "ui/frame_state.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace sv::ui {

Expected<LookTarget> parse_look_target(const std::string& text) {
    LookTarget t;
    if (text == "off") return t;
    if (text == "camera") {
        t.mode = LookTarget::Mode::Camera;
        return t;
    }
    double v[3];
    const char* c = text.c_str();
    for (int i = 0; i < 3; ++i) {
        char* end = nullptr;
        v[i] = std::strtod(c, &end);
        const char want = i < 2 ? ',' : '\0';
        if (end == c || *end != want || !std::isfinite(v[i]))
            return make_error("--look-at '" + text +
                              "': expected x,y,z (a world point in metres), camera or off");
        c = end + (i < 2 ? 1 : 0);
    }
    t.mode = LookTarget::Mode::Point;
    t.point = {v[0], v[1], v[2]};
    return t;
}

std::string format_look_target(const LookTarget& t) {
    if (t.mode == LookTarget::Mode::Off) return "off";
    if (t.mode == LookTarget::Mode::Camera) return "camera";
    char b[128];
    std::snprintf(b, sizeof b, "%.9g,%.9g,%.9g", t.point.x, t.point.y, t.point.z);
    return b;
}

}  // namespace sv::ui

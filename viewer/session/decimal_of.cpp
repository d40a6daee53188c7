#include <cstdio>
#include <cstdlib>

#include "settings_apply.h"

namespace sv::viewer {

// The shortest decimal that reads back as `f`: panels hold floats, a file holds what a person
// would write, so 0.3f is saved as 0.3 (not 0.30000001192092896) and a saved file reads as it was.
double decimal_of(float f) {
    char buf[32];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(f));
        const double d = std::strtod(buf, nullptr);
        if (static_cast<float>(d) == f) return d;
    }
    return static_cast<double>(f);
}

}  // namespace sv::viewer

#include "expression_flag.h"

#include <cstdlib>

namespace sv::viewer {

Expected<std::pair<std::string, double>> parse_expression_flag(const std::string& text) {
    const size_t eq = text.find('=');
    char* end = nullptr;
    const double w = eq == std::string::npos ? 0.0 : std::strtod(text.c_str() + eq + 1, &end);
    if (eq == std::string::npos || eq == 0 || end == text.c_str() + eq + 1 || *end != '\0' ||
        !(w >= 0.0 && w <= 1.0))
        return make_error("--expression '" + text +
                          "': expected NAME=WEIGHT with WEIGHT a number from 0 to 1");
    return std::make_pair(text.substr(0, eq), w);
}

}  // namespace sv::viewer

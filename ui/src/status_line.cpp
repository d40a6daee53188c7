#include "ui/status_line.h"

#include <algorithm>
#include <numeric>

namespace sv::ui {

std::vector<int> fit_status_parts(const std::vector<StatusPart>& parts, float width, float separator_width,
                                  const std::function<float(const std::string&)>& measure) {
    std::vector<int> chosen(parts.size(), -1);
    std::vector<size_t> order(parts.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return parts[a].priority < parts[b].priority; });
    float left = width;
    bool any = false;
    for (size_t i : order) {
        const StatusPart& p = parts[i];
        if (p.forms.empty()) continue;
        const float sep = any ? separator_width : 0.0f;
        for (size_t f = 0; f < p.forms.size(); ++f)
            if (measure(p.forms[f]) + sep <= left) {
                chosen[i] = static_cast<int>(f);
                break;
            }
        if (chosen[i] < 0 && p.priority == 0) chosen[i] = static_cast<int>(p.forms.size()) - 1;
        if (chosen[i] < 0) continue;
        left -= measure(p.forms[static_cast<size_t>(chosen[i])]) + sep;
        any = true;
    }
    return chosen;
}

}  // namespace sv::ui

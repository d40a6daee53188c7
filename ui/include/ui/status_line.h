// The status line's content chosen for its width: on a narrow window the key message (what the
// correction changes, "drawn 100x too large: press C") must stay whole and readable, so parts
// are fitted by priority and shortened or dropped rather than cut at the window's edge.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace sv::ui {

struct StatusPart {
    std::vector<std::string> forms;  // longest first; the line uses the longest that fits
    int priority = 0;                // fitted in rising order; 0 is never dropped
};

// For each part (in the order given, which is the order drawn), the index of the form chosen, or
// -1 when no form fits beside the parts of higher priority. Each drawn part after the first costs
// `separator_width` as well. A priority-0 part that fits in no form is drawn in its shortest
// (overflowing is better than hiding the one message that matters).
std::vector<int> fit_status_parts(const std::vector<StatusPart>& parts, float width, float separator_width,
                                  const std::function<float(const std::string&)>& measure);

}  // namespace sv::ui

// Opening files: the path field, the recent list, the last load error.
#pragma once

#include <string>
#include <vector>

namespace sv::ui {

struct OpenPanel {
    static constexpr size_t kMaxRecent = 8;
    char path[1024] = {};
    std::vector<std::string> recent;  // most recent first, no duplicates
    std::string error;                // the last failed load, shown until the next success
    std::string requested;            // a path to open, taken by the viewer

    void request(const std::string& p) { requested = p; }
    std::string take_request();
    // After a successful load: first in the list, once.
    void push_recent(const std::string& p);
    // One path a line; missing file is no error (first run).
    void load_recent(const std::string& file);
    void save_recent(const std::string& file) const;
};

}  // namespace sv::ui

#include "ui/open_panel.h"

#include <algorithm>
#include <fstream>

namespace sv::ui {

std::string OpenPanel::take_request() {
    std::string r;
    r.swap(requested);
    return r;
}

void OpenPanel::push_recent(const std::string& p) {
    if (p.empty()) return;
    recent.erase(std::remove(recent.begin(), recent.end(), p), recent.end());
    recent.insert(recent.begin(), p);
    if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
}

void OpenPanel::load_recent(const std::string& file) {
    std::ifstream in(file);
    std::string line;
    std::vector<std::string> read;
    while (std::getline(in, line))
        if (!line.empty() && std::find(read.begin(), read.end(), line) == read.end()) read.push_back(line);
    if (read.size() > kMaxRecent) read.resize(kMaxRecent);
    recent = std::move(read);
}

void OpenPanel::save_recent(const std::string& file) const {
    std::ofstream out(file);
    for (const auto& r : recent) out << r << '\n';
}

}  // namespace sv::ui

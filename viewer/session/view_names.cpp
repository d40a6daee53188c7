#include "view_names.h"

#include <utility>

namespace sv::viewer {
namespace {

const std::vector<std::pair<std::string, render::DebugView>>& table() {
    static const std::vector<std::pair<std::string, render::DebugView>> t = {
        {"lit", render::DebugView::Lit},
        {"base", render::DebugView::BaseColor},
        {"normals", render::DebugView::Normals},
        {"roughness-metal", render::DebugView::RoughnessMetal},
        {"all-weights", render::DebugView::AllWeights},
    };
    return t;
}

}  // namespace

const std::vector<std::string>& view_words() {
    static const std::vector<std::string> words = [] {
        std::vector<std::string> w;
        for (const auto& [word, view] : table()) w.push_back(word);
        return w;
    }();
    return words;
}

std::optional<render::DebugView> debug_view_named(const std::string& word) {
    for (const auto& [w, view] : table())
        if (w == word) return view;
    return std::nullopt;
}

std::string view_word(render::DebugView view) {
    for (const auto& [w, v] : table())
        if (v == view) return w;
    return "lit";
}

}  // namespace sv::viewer

#include "ui/morph_panel.h"

namespace sv::ui {

void MorphPanel::refresh(const anim::Character& character, int preferred_node) {
    const auto& nodes = character.asset().scene.nodes;
    const auto draws_morphs = [&](int n) {
        return n >= 0 && static_cast<size_t>(n) < nodes.size() && !character.morph_weights(n).empty();
    };
    int shown = draws_morphs(preferred_node) ? preferred_node : -1;
    for (size_t n = 0; n < nodes.size() && shown < 0; ++n)
        if (draws_morphs(static_cast<int>(n))) shown = static_cast<int>(n);
    if (shown < 0) {
        node = -1;
        title.clear();
        weights.clear();
        return;
    }
    const auto& w = character.morph_weights(shown);
    if (shown != node) {
        node = shown;
        const std::string& name = nodes[static_cast<size_t>(shown)].name;
        title = "node " + std::to_string(shown) + " '" + (name.empty() ? "(unnamed)" : name) +
                "': " + std::to_string(w.size()) + " morph target" + (w.size() == 1 ? "" : "s");
    }
    weights.assign(w.begin(), w.end());
}

}  // namespace sv::ui

#include "ui/expressions_panel.h"

#include <algorithm>

namespace sv::ui {

void ExpressionsPanel::rebuild(const anim::Character& character) {
    *this = ExpressionsPanel();
    has_look_at = character.asset().vrm.look_at.present;
    for (const auto& e : character.asset().vrm.expressions) {
        names.push_back(e.name);
        binary.push_back(e.is_binary ? 1 : 0);
        values.push_back(0.0f);
        std::string b = std::to_string(e.binds.size()) + " morph bind" + (e.binds.size() == 1 ? "" : "s");
        const size_t drawn =
            e.color_binds.size() + e.texture_binds.size() - static_cast<size_t>(e.other_binds);
        if (drawn > 0) b += "; " + std::to_string(drawn) + " material bind" + (drawn == 1 ? "" : "s");
        if (e.other_binds > 0)
            b += "; " + std::to_string(e.other_binds) + " MToon colour bind" +
                 (e.other_binds == 1 ? "" : "s") + " not drawn";
        binds.push_back(b);
    }
}

Status ExpressionsPanel::set(const std::string& name, double value) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        return make_error("expression '" + name + "': the avatar has none of that name (it has: " +
                          (list.empty() ? "none" : list) + ")");
    }
    values[static_cast<size_t>(it - names.begin())] = static_cast<float>(std::clamp(value, 0.0, 1.0));
    return ok_status();
}

void ExpressionsPanel::clear() { std::fill(values.begin(), values.end(), 0.0f); }

std::vector<std::pair<std::string, double>> ExpressionsPanel::active() const {
    std::vector<std::pair<std::string, double>> out;
    for (size_t i = 0; i < names.size(); ++i)
        if (values[i] != 0.0f) out.emplace_back(names[i], static_cast<double>(values[i]));
    return out;
}

Status ExpressionsPanel::update(const anim::Character& character) {
    weights.clear();
    error.clear();
    const auto on = active();
    if (on.empty()) return ok_status();
    auto w = anim::expression_morph_weights(character.asset().vrm, on);
    if (!w) {
        error = w.error().message;
        return w.error();
    }
    weights = std::move(*w);
    return ok_status();
}

void ExpressionsPanel::apply(anim::Character& character) const {
    for (const auto& m : weights) character.set_morph_weight(m.node, m.index, m.weight);
}

}  // namespace sv::ui

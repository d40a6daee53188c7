#include "anim/avatar/expressions.h"

#include <algorithm>

namespace sv::anim {

namespace {

enum Group { kNone, kBlink, kLookAt, kMouth };

Group group_of(const std::string& n) {
    if (n == "blink" || n == "blinkLeft" || n == "blinkRight" || n == "blink_l" || n == "blink_r")
        return kBlink;
    if (n == "lookUp" || n == "lookDown" || n == "lookLeft" || n == "lookRight" || n == "lookup" ||
        n == "lookdown" || n == "lookleft" || n == "lookright")
        return kLookAt;
    if (n == "aa" || n == "ih" || n == "ou" || n == "ee" || n == "oh" || n == "a" || n == "i" || n == "u" ||
        n == "e" || n == "o")
        return kMouth;
    return kNone;
}

}  // namespace

Expected<std::vector<double>> expression_output_weights(
    const Vrm& vrm, const std::vector<std::pair<std::string, double>>& values) {
    std::vector<double> w(vrm.expressions.size(), 0.0);
    for (const auto& [name, value] : values) {
        size_t i = 0;
        while (i < vrm.expressions.size() && vrm.expressions[i].name != name) ++i;
        if (i == vrm.expressions.size()) {
            std::string names;
            for (const auto& e : vrm.expressions) names += (names.empty() ? "" : ", ") + e.name;
            return make_error("expression '" + name + "': the avatar has none of that name (it has: " +
                              (names.empty() ? "none" : names) + ")");
        }
        double v = std::clamp(value, 0.0, 1.0);
        if (vrm.expressions[i].is_binary) v = v > 0.5 ? 1.0 : 0.0;
        w[i] = v;
    }
    // The override factors, from every active expression outside the group it overrides.
    double factor[4] = {1.0, 1.0, 1.0, 1.0};
    for (size_t i = 0; i < w.size(); ++i) {
        if (w[i] <= 0.0) continue;
        const VrmExpression& e = vrm.expressions[i];
        const std::pair<Group, VrmOverride> rules[] = {
            {kBlink, e.override_blink}, {kLookAt, e.override_look_at}, {kMouth, e.override_mouth}};
        for (const auto& [g, o] : rules) {
            if (group_of(e.name) == g) continue;
            if (o == VrmOverride::Block) factor[g] = 0.0;
            if (o == VrmOverride::Blend) factor[g] *= 1.0 - w[i];
        }
    }
    std::vector<double> out(w.size());
    for (size_t i = 0; i < w.size(); ++i) out[i] = w[i] * factor[group_of(vrm.expressions[i].name)];
    return out;
}

Expected<std::vector<ExpressionMorphWeight>> expression_morph_weights(
    const Vrm& vrm, const std::vector<std::pair<std::string, double>>& values) {
    auto w = expression_output_weights(vrm, values);
    if (!w) return w.error();
    std::vector<ExpressionMorphWeight> out;
    for (size_t i = 0; i < w->size(); ++i) {
        const double v = (*w)[i];
        for (const VrmMorphBind& b : vrm.expressions[i].binds) {
            auto it = std::find_if(out.begin(), out.end(), [&](const ExpressionMorphWeight& m) {
                return m.node == b.node && m.index == b.index;
            });
            if (it == out.end()) it = out.insert(out.end(), ExpressionMorphWeight{b.node, b.index, 0.0f});
            it->weight = static_cast<float>(std::min(1.0, static_cast<double>(it->weight) + v * b.weight));
        }
    }
    return out;
}

}  // namespace sv::anim

#include "anim/avatar/vrm_animation.h"

#include <algorithm>
#include <cctype>

namespace sv::anim {

namespace {

bool same_name(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// VRM 1.0's preset names as VRM 0.x's blend shape presets spell them (three-vrm's 0.x loader maps
// the other way); surprised has no 0.x preset.
const char* v0_spelling(const std::string& preset) {
    static const std::pair<const char*, const char*> table[] = {{"happy", "joy"},
                                                                {"sad", "sorrow"},
                                                                {"relaxed", "fun"},
                                                                {"aa", "a"},
                                                                {"ih", "i"},
                                                                {"ou", "u"},
                                                                {"ee", "e"},
                                                                {"oh", "o"},
                                                                {"blinkLeft", "blink_l"},
                                                                {"blinkRight", "blink_r"},
                                                                {"lookUp", "lookup"},
                                                                {"lookDown", "lookdown"},
                                                                {"lookLeft", "lookleft"},
                                                                {"lookRight", "lookright"}};
    for (const auto& [one, zero] : table)
        if (preset == one) return zero;
    return nullptr;
}

}  // namespace

VrmaExpressionValues vrma_expression_values(const Character& source, const Vrm& target) {
    VrmaExpressionValues out;
    const Vrm& vrma = source.asset().vrm;
    if (vrma.version != VrmVersion::Animation || !target.present() || target.version == VrmVersion::Animation)
        return out;
    const auto& nodes = source.asset().scene.nodes;
    const ScenePose& pose = source.scene_pose();
    for (const VrmAnimationNode& e : vrma.animation_expressions) {
        if (e.node < 0 || static_cast<size_t>(e.node) >= nodes.size()) continue;
        const int parent = nodes[static_cast<size_t>(e.node)].parent;
        // The local translation, from the globals the pose derived (what pose_at sampled).
        const glm::dmat4 local =
            parent < 0 ? pose.global(e.node) : glm::inverse(pose.global(parent)) * pose.global(e.node);
        const double w = std::clamp(local[3][0], 0.0, 1.0);
        const char* zero = e.preset && target.version == VrmVersion::V0 ? v0_spelling(e.name) : nullptr;
        const auto found = std::find_if(
            target.expressions.begin(), target.expressions.end(),
            [&](const VrmExpression& x) { return x.name == e.name || (zero && same_name(x.name, zero)); });
        if (found == target.expressions.end())
            out.missing.push_back(e.name);
        else
            out.values.emplace_back(found->name, w);
    }
    return out;
}

}  // namespace sv::anim

#include "ui/humanoid_panel.h"

namespace sv::ui {

void HumanoidPanel::rebuild(const anim::Character& character) {
    const anim::Asset& a = character.asset();
    const bool keep = only_mapped;
    *this = HumanoidPanel();
    only_mapped = keep;
    vrm = a.vrm.present();
    for (size_t k = 0; k < a.skins.size(); ++k)
        joint_bones.push_back(anim::skin_humanoid_bones(a, static_cast<int>(k)));
    if (!vrm) return;
    const auto& nodes = a.scene.nodes;
    const anim::HumanoidMapReport report = anim::humanoid_map_report(a.vrm, a.scene);
    for (const auto& e : report.rows) {
        HumanoidPanelRow r;
        r.entry = e;
        if (e.node >= 0 && static_cast<size_t>(e.node) < nodes.size()) {
            r.node_name = nodes[static_cast<size_t>(e.node)].name;
            for (size_t k = 0; k < a.skins.size() && r.skin < 0; ++k) {
                const auto& js = a.skins[k].joints;
                for (size_t j = 0; j < js.size(); ++j)
                    if (js[j] == e.node) {
                        r.skin = static_cast<int>(k);
                        r.joint = static_cast<int>(j);
                        break;
                    }
            }
        }
        rows.push_back(std::move(r));
    }
    const int bones = static_cast<int>(anim::vrm_humanoid_bone_names(a.vrm.version).size());
    summary = std::string(a.vrm.version == anim::VrmVersion::V0          ? "VRM 0.x"
                          : a.vrm.version == anim::VrmVersion::Animation ? "VRM Animation 1.0"
                                                                         : "VRM 1.0") +
              ": " + std::to_string(report.mapped) + " of " + std::to_string(bones) + " bones mapped; ";
    if (report.missing_required == 0)
        summary += "every required bone present";
    else
        summary += std::to_string(report.missing_required) + " required bone" +
                   (report.missing_required == 1 ? "" : "s") + " missing";
    const int other = report.problems - report.missing_required;
    if (other > 0) summary += "; " + std::to_string(other) + " other problem" + (other == 1 ? "" : "s");
}

std::vector<int> HumanoidPanel::visible() const {
    std::vector<int> out;
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto& e = rows[i].entry;
        if (only_mapped && e.node < 0 && !e.required && e.problem.empty()) continue;
        out.push_back(static_cast<int>(i));
    }
    return out;
}

const std::string& HumanoidPanel::bone_of(int skin, int joint) const {
    static const std::string none;
    if (skin < 0 || static_cast<size_t>(skin) >= joint_bones.size()) return none;
    const auto& b = joint_bones[static_cast<size_t>(skin)];
    return joint < 0 || static_cast<size_t>(joint) >= b.size() ? none : b[static_cast<size_t>(joint)];
}

bool HumanoidPanel::joint_of(const std::string& bone, int& skin, int& joint) const {
    if (bone.empty()) return false;
    for (size_t k = 0; k < joint_bones.size(); ++k)
        for (size_t j = 0; j < joint_bones[k].size(); ++j)
            if (joint_bones[k][j] == bone) {
                skin = static_cast<int>(k);
                joint = static_cast<int>(j);
                return true;
            }
    return false;
}

}  // namespace sv::ui

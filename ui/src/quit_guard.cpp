#include "ui/quit_guard.h"

#include <set>

namespace sv::ui {

std::string QuitGuard::unsaved(const ViewerSettings& now) const {
    std::string lost;
    const auto add = [&](const std::string& what) { lost += (lost.empty() ? "" : "; ") + what; };
    // Joints whose edit differs from the saved one, an edit added or put back counted alike.
    std::set<std::string> edited;
    for (const auto& [name, deg] : now.pose_edits) edited.insert(name);
    for (const auto& [name, deg] : saved.pose_edits) edited.insert(name);
    size_t changed = 0;
    for (const std::string& name : edited) {
        const std::array<double, 3>*a = nullptr, *b = nullptr;
        for (const auto& e : now.pose_edits)
            if (e.first == name) a = &e.second;
        for (const auto& e : saved.pose_edits)
            if (e.first == name) b = &e.second;
        // An edit put back to zero is no edit: the settings file drops it.
        const std::array<double, 3> zero{0.0, 0.0, 0.0};
        if ((a ? *a : zero) != (b ? *b : zero)) ++changed;
    }
    if (changed)
        add(std::to_string(changed) + (changed == 1 ? " joint" : " joints") + " edited (Joints tab)");
    if (now.ik != saved.ik)
        add(now.ik ? "IK turned on (IK tab)" : "IK turned off (IK tab)");
    else if (now.ik && (now.ik_target != saved.ik_target || now.ik_pole != saved.ik_pole))
        add("the IK target or pole moved (IK tab)");
    // A retargeted .vrma drives the expressions as it plays (its face tracks): they are the clip's
    // then, not the user's, and the retarget source is what a load would change.
    if (now.expressions != saved.expressions && now.graph != "retarget")
        add("expressions changed (Expressions tab)");
    if (now.retarget_source != saved.retarget_source || now.retarget_clip != saved.retarget_clip ||
        now.retarget_rest != saved.retarget_rest)
        add("the retarget source changed (Graph tab)");
    return lost;
}

bool QuitGuard::request(const ViewerSettings& now) { return request_action(now, Action::Quit, ""); }

bool QuitGuard::request_action(const ViewerSettings& now, Action action, const std::string& path) {
    if (confirmed && action == Action::Quit && pending == Action::Quit) return true;
    lost = unsaved(now);
    if (lost.empty()) return true;
    pending = action;
    pending_path = path;
    dialog_open = true;
    return false;
}

}  // namespace sv::ui

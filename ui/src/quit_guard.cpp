#include "ui/quit_guard.h"

#include <set>

namespace sv::ui {

std::string QuitGuard::unsaved(const View& now) const {
    std::string lost;
    const auto add = [&](const std::string& what) { lost += (lost.empty() ? "" : "; ") + what; };
    // Joints whose edit differs from the saved one, an edit added or put back counted alike.
    std::set<std::string> edited;
    for (const auto& [name, deg] : now.pose.edits) edited.insert(name);
    for (const auto& [name, deg] : saved.pose.edits) edited.insert(name);
    size_t changed = 0;
    for (const std::string& name : edited) {
        const std::array<double, 3>*a = nullptr, *b = nullptr;
        for (const auto& e : now.pose.edits)
            if (e.first == name) a = &e.second;
        for (const auto& e : saved.pose.edits)
            if (e.first == name) b = &e.second;
        // An edit put back to zero is no edit: the settings file drops it.
        const std::array<double, 3> zero{0.0, 0.0, 0.0};
        if ((a ? *a : zero) != (b ? *b : zero)) ++changed;
    }
    if (changed)
        add(std::to_string(changed) + (changed == 1 ? " joint" : " joints") + " edited (Joints tab)");
    if (now.pose.ik != saved.pose.ik)
        add(now.pose.ik ? "IK turned on (IK tab)" : "IK turned off (IK tab)");
    else if (now.pose.ik &&
             (now.pose.ik_target != saved.pose.ik_target || now.pose.ik_pole != saved.pose.ik_pole))
        add("the IK target or pole moved (IK tab)");
    // A retargeted .vrma drives the expressions as it plays (its face tracks): they are the clip's
    // then, not the user's, and the retarget source is what a load would change.
    if (now.pose.expressions != saved.pose.expressions && now.clock.graph != "retarget")
        add("expressions changed (Expressions tab)");
    if (now.pose.retarget_source != saved.pose.retarget_source ||
        now.pose.retarget_clip != saved.pose.retarget_clip ||
        now.pose.retarget_rest != saved.pose.retarget_rest)
        add("the retarget source changed (Graph tab)");
    return lost;
}

bool QuitGuard::request(const View& now) { return request_action(now, Action::Quit, ""); }

bool QuitGuard::request_action(const View& now, Action action, const std::string& path) {
    if (confirmed && action == Action::Quit && pending == Action::Quit) return true;
    lost = unsaved(now);
    if (lost.empty()) return true;
    pending = action;
    pending_path = path;
    dialog_open = true;
    return false;
}

}  // namespace sv::ui

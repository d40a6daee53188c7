#include "ui/quit_guard.h"

namespace sv::ui {

void QuitGuard::mark_saved(ViewerModel& m) {
    saved_pose_revision = m.pose_edits.revision;
    m.ik.moved_by_hand = false;
}

std::string QuitGuard::unsaved(const ViewerModel& m) const {
    std::string lost;
    // Edits put back to none since the save lose nothing; any other change since then does.
    if (m.pose_edits.revision != saved_pose_revision && !m.pose_edits.empty()) {
        const size_t n = m.pose_edits.by_node.size();
        lost = std::to_string(n) + (n == 1 ? " joint" : " joints") + " edited (Joints tab)";
    }
    if (m.ik.enabled && m.ik.moved_by_hand)
        lost += std::string(lost.empty() ? "" : "; ") + "the IK target or pole moved by hand";
    return lost;
}

bool QuitGuard::request(const ViewerModel& m) {
    if (confirmed || unsaved(m).empty()) return true;
    dialog_open = true;
    return false;
}

}  // namespace sv::ui

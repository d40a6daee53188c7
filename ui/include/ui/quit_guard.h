// Whether quitting now would throw away the user's work, and the confirmation that asks first.
// Work is what no file holds yet: pose edits made since the view was last opened, saved or loaded
// (the settings file's `pose_edits` holds them), and an IK target or pole moved by hand (no file
// holds those). A quit request (Esc outside a text field, the window's close button) quits at once
// when there is none, and otherwise opens the dialog, whose Quit quits and Cancel (or Esc) stays.
#pragma once

#include <string>

#include "ui/viewer_model.h"

namespace sv::ui {

struct QuitGuard {
    // The pose edits' revision the last open, save or load left on disk (or in the file).
    int saved_pose_revision = 0;
    bool dialog_open = false;
    bool confirmed = false;  // the dialog's Quit was pressed: the viewer ends the loop

    // After a file opened or the settings were saved or loaded: what the model holds now is kept.
    void mark_saved(ViewerModel& m);
    // What a quit now would lose, for the dialog ("2 pose edits (Joints tab); the IK target or pole
    // moved by hand"); "" when nothing.
    std::string unsaved(const ViewerModel& m) const;
    // A quit request: true when the viewer may quit now; otherwise the dialog opens.
    bool request(const ViewerModel& m);
    // The dialog's buttons (Esc while it is open is Cancel).
    void confirm() { confirmed = true, dialog_open = false; }
    void cancel() { dialog_open = false; }
};

}  // namespace sv::ui

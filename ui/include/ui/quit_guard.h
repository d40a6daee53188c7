// Whether quitting now, or opening another file, would throw away the user's work, and the
// confirmation that asks first.
//
// Unsaved work is the view now against the view last opened, saved or loaded (ui/view.h,
// compared key by key): the keys a user sets by hand and no file holds until Save writes them, the
// pose keys (pose edits, IK on with its target and pole, expressions, the retarget source). The
// other keys (clip and time, camera, correction, draw options, tab) are where the user looks, not
// work: a quit that lost them would ask every time. A request (Esc with nothing else open, the
// window's close button; an open, a drop, a recent file, a retarget load) goes ahead at once when
// nothing differs, and otherwise opens the dialog, whose Quit (or Open) goes ahead and Cancel (or
// Esc) stays. It used to count pose-edit revisions and a "moved by hand" flag: it warned after a
// Save, counted edits loaded from a file as unsaved, said "IK handles are not saved" though Save
// writes them, and an open threw edits away without asking.
#pragma once

#include <string>

#include "ui/view.h"

namespace sv::ui {

struct QuitGuard {
    View saved;  // the view the last open, save or load left
    bool dialog_open = false;
    bool confirmed = false;  // the dialog's Quit or Open was pressed: the viewer acts on it
    // What the dialog asks before: a quit, an open of a file, or a settings file loaded over the view
    // (Load replaces the whole view); the path for the last two.
    enum class Action { Quit, Open, LoadSettings };
    Action pending = Action::Quit;
    std::string pending_path;
    // What the dialog says is lost, as it was when asked.
    std::string lost;

    // After a file opened or the settings were saved or loaded: the view now is kept.
    void mark_saved(const View& now) { saved = now; }
    // What going on would lose ("2 joints edited (Joints tab); the IK target or pole moved (IK
    // tab)"); "" when nothing.
    std::string unsaved(const View& now) const;
    // A quit request: true when the viewer may quit now; otherwise the dialog opens.
    bool request(const View& now);
    // An open of `path` (a drop, the Open field, a recent file) or a settings file loaded over the
    // view: true when it may go ahead now; otherwise the dialog opens, asking about that file.
    bool request_action(const View& now, Action action, const std::string& path);
    // The dialog's buttons (Esc while it is open is Cancel).
    void confirm() { confirmed = true, dialog_open = false; }
    void cancel() { dialog_open = false, pending = Action::Quit, pending_path.clear(), lost.clear(); }
    // After the viewer acted on a confirmed open or load: the guard is ready for the next request.
    void done() { confirmed = false, pending = Action::Quit, pending_path.clear(), lost.clear(); }
};

}  // namespace sv::ui

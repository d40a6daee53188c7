// A scripted input: timed mouse, key and text events that a viewer run (`--input FILE`) replays
// through the window's own input path, so any interaction can be reproduced by a test or attached
// to a bug report. Plain data: parsed and checked here without a window; the viewer injects it
// (viewer/app/scripted_input.h).
//
// One event a line; blank lines and lines starting with '#' are skipped; frames count from 0 as
// --frames does and never decrease down the file:
//
//   FRAME move [REGION] X Y        the mouse to (X, Y) in REGION (default: window). A coordinate
//                                  ending in "px" is pixels from the region's top-left corner;
//                                  otherwise a fraction 0..1 of its width or height. Regions:
//                                  window, viewport, left, right (the inspector), timeline, status.
//   FRAME down BUTTON [+MOD...]    press left | middle | right, holding shift | ctrl | alt with it
//   FRAME up BUTTON                release it (and the modifiers its down held)
//   FRAME click BUTTON [+MOD...]   down at FRAME, up at FRAME + 1
//   FRAME keydown KEY / keyup KEY  a key (names: input_key_names())
//   FRAME key KEY                  keydown at FRAME, keyup at FRAME + 1
//   FRAME type TEXT                the rest of the line, as characters typed into the focused field
//   FRAME wheel DY                 the mouse wheel, in notches (positive: away from the user, zoom in)
//   FRAME focus lost|gained        the window loses or regains keyboard focus (another window came
//                                  forward). ImGui forgets every key in the frame it learns of it;
//                                  from the next frame the keys the script holds count again.
//   FRAME drop PATH                the rest of the line dropped on the window, as a file manager
//                                  drops a file or a folder
//   FRAME pick JOINT               a left click on JOINT (the rest of the line: a skin's joint name
//                                  or a VRM humanoid bone) where the view draws it at FRAME: a move
//                                  there and a click (down at FRAME, up at FRAME + 1), placed when the
//                                  joint's pixel is known. A joint not in view is said on stderr.
//   FRAME press WHAT: LABEL        a left click on the item the ui log last placed as "WHAT: LABEL
//                                  at X Y" (ui::log_item_centre: "press inspector tab: Joints"): a
//                                  move there and a click (down at FRAME, up at FRAME + 1), so a
//                                  script reaches a button wherever the font and the layout put
//                                  it. An item not logged by FRAME is said on stderr.
//   FRAME close                    the window's close button (the window manager's close request)
//   FRAME@K drop PATH              a drop on the K-th frame (from 1) drawn while frame FRAME waits
//                                  for a file opening in the background: a scripted run draws such
//                                  frames without counting them (viewer/app/viewer_window.h), so
//                                  this is how a script opens a second file during the first. Said
//                                  on stderr and dropped when frame FRAME drew fewer than K.
//
// `key` sends the key a shortcut reads (C, F, F1); `type` sends the characters a text field reads.
// A real keyboard sends both; a script says which it means.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "ui/viewport.h"

namespace sv::ui {

enum class InputAction {
    Move,
    ButtonDown,
    ButtonUp,
    KeyDown,
    KeyUp,
    Text,
    Wheel,
    Focus,
    Drop,
    Pick,
    Press,
    Close
};
enum class InputRegion { Window, Viewport, Left, Right, Timeline, Status };

struct InputCoordinate {
    float value = 0.0f;
    bool pixels = false;  // false: a fraction of the region's extent
};

struct InputEvent {
    int frame = 0;
    int line = 0;        // where the script said it (a modifier or a click's release shares its line)
    int load_frame = 0;  // > 0: FRAME@K, the K-th frame drawn while FRAME waits for an open (Drop)
    InputAction action = InputAction::Move;
    InputRegion region = InputRegion::Window;  // Move
    InputCoordinate x, y;                      // Move
    int button = 0;       // ButtonDown/Up: 0 left, 1 right, 2 middle (GLFW's and ImGui's order)
    std::string key;      // KeyDown/Up: one of input_key_names()
    std::string text;     // Text: UTF-8; Drop: the path; Pick: the joint; Press: WHAT: LABEL
    float wheel = 0.0f;   // Wheel
    bool focused = true;  // Focus: gained (true) or lost
};

// Every key name a script may use, lower case: a..z, 0..9, f1..f12, and space, enter, tab, escape,
// backspace, delete, left, right, up, down, home, end, shift, ctrl, alt.
const std::vector<std::string>& input_key_names();

// The events in frame order (a click or key expands into its press and release, a modifier into
// its own key events around the button). A bad line is refused with "input script line N: ..."
// naming what is wrong; nothing of a refused script is returned.
Expected<std::vector<InputEvent>> parse_input_script(const std::string& text);
Expected<std::vector<InputEvent>> load_input_script(const std::string& path);

// The window pixel a Move event points at, for a window of `window_w` x `window_h` laid out as `l`.
void input_point(const InputEvent& e, const Layout& l, float window_w, float window_h, float& x, float& y);

}  // namespace sv::ui

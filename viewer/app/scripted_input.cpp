#include "scripted_input.h"

#include <algorithm>
#include <cstdio>

#include "window_system.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>

#include "ui/panels_draw.h"

namespace sv::viewer {

int glfw_key_for(const std::string& name) {
    if (name.size() == 1 && name[0] >= 'a' && name[0] <= 'z') return GLFW_KEY_A + (name[0] - 'a');
    if (name.size() == 1 && name[0] >= '0' && name[0] <= '9') return GLFW_KEY_0 + (name[0] - '0');
    if (name.size() >= 2 && name[0] == 'f' && name.find_first_not_of("0123456789", 1) == std::string::npos) {
        const int n = std::stoi(name.substr(1));
        if (n >= 1 && n <= 12) return GLFW_KEY_F1 + n - 1;
    }
    static const std::pair<const char*, int> named[] = {
        {"space", GLFW_KEY_SPACE},      {"enter", GLFW_KEY_ENTER},         {"tab", GLFW_KEY_TAB},
        {"escape", GLFW_KEY_ESCAPE},    {"backspace", GLFW_KEY_BACKSPACE}, {"delete", GLFW_KEY_DELETE},
        {"left", GLFW_KEY_LEFT},        {"right", GLFW_KEY_RIGHT},         {"up", GLFW_KEY_UP},
        {"down", GLFW_KEY_DOWN},        {"home", GLFW_KEY_HOME},           {"end", GLFW_KEY_END},
        {"shift", GLFW_KEY_LEFT_SHIFT}, {"ctrl", GLFW_KEY_LEFT_CONTROL},   {"alt", GLFW_KEY_LEFT_ALT}};
    for (const auto& k : named)
        if (name == k.first) return k.second;
    return GLFW_KEY_UNKNOWN;
}

namespace {
int mod_bit(int key) {
    if (key == GLFW_KEY_LEFT_SHIFT) return GLFW_MOD_SHIFT;
    if (key == GLFW_KEY_LEFT_CONTROL) return GLFW_MOD_CONTROL;
    if (key == GLFW_KEY_LEFT_ALT) return GLFW_MOD_ALT;
    return 0;
}
}  // namespace

bool ScriptedInput::load(const std::string& path) {
    auto events = ui::load_input_script(path);
    if (!events) {
        std::fprintf(stderr, "skinview: --input %s\n", events.error().message.c_str());
        return false;
    }
    add(std::move(*events));
    return true;
}

void ScriptedInput::add(std::vector<ui::InputEvent> events) {
    if (events.empty()) return;
    active_ = true;
    pending_.insert(pending_.end(), events.begin(), events.end());
    std::stable_sort(pending_.begin(), pending_.end(),
                     [](const ui::InputEvent& a, const ui::InputEvent& b) { return a.frame < b.frame; });
}

void ScriptedInput::dispatch_keys(GLFWwindow* window, int frame) {
    for (auto it = pending_.begin(); it != pending_.end() && it->frame <= frame;) {
        const ui::InputEvent& e = *it;
        if (e.load_frame > 0) {  // FRAME@K: dispatch_load_frame's, until FRAME is over
            if (e.frame < frame) {
                std::fprintf(stderr,
                             "skinview: frame %d: --input line %d: %d@%d drop: frame %d drew fewer than %d "
                             "frames waiting for an open; dropped\n",
                             frame, e.line, e.frame, e.load_frame, e.frame, e.load_frame);
                it = pending_.erase(it);
            } else {
                ++it;
            }
            continue;
        }
        if (e.action == ui::InputAction::KeyDown || e.action == ui::InputAction::KeyUp) {
            const int key = glfw_key_for(e.key);
            const bool press = e.action == ui::InputAction::KeyDown;
            // GLFW reports a modifier key's own press with its bit already set, its release without.
            mods_ = press ? (mods_ | mod_bit(key)) : (mods_ & ~mod_bit(key));
            // Through the window's own key callback, as glfwPollEvents calls it: the viewer's
            // (which holds back a release in the frame of its press) over ImGui's.
            GLFWkeyfun callback = glfwSetKeyCallback(window, nullptr);
            glfwSetKeyCallback(window, callback);
            if (callback) callback(window, key, key_scancode(key), press ? GLFW_PRESS : GLFW_RELEASE, mods_);
        } else if (e.action == ui::InputAction::Text) {
            // What ImGui_ImplGlfw_CharCallback does for each code point (the viewer installs no
            // character callback of its own for it to chain to), without decoding UTF-8 here.
            ImGui::GetIO().AddInputCharactersUTF8(e.text.c_str());
        } else if (e.action == ui::InputAction::Wheel) {
            ImGui_ImplGlfw_ScrollCallback(window, 0.0, static_cast<double>(e.wheel));
        } else if (e.action == ui::InputAction::Drop) {
            // Through the window's drop callback, as a file manager's drop arrives.
            GLFWdropfun callback = glfwSetDropCallback(window, nullptr);
            glfwSetDropCallback(window, callback);
            const char* paths[] = {e.text.c_str()};
            if (callback) callback(window, 1, paths);
        } else if (e.action == ui::InputAction::Close) {
            // What GLFW does when the window manager asks the window to close.
            glfwSetWindowShouldClose(window, GLFW_TRUE);
        } else if (e.action == ui::InputAction::Focus) {
            ImGui_ImplGlfw_WindowFocusCallback(window, e.focused ? GLFW_TRUE : GLFW_FALSE);
        } else {
            ++it;
            continue;
        }
        it = pending_.erase(it);
    }
}

void ScriptedInput::dispatch_load_frame(GLFWwindow* window, int frame, int load_frame) {
    for (auto it = pending_.begin(); it != pending_.end() && it->frame <= frame;) {
        if (it->frame != frame || it->load_frame != load_frame || it->action != ui::InputAction::Drop) {
            ++it;
            continue;
        }
        GLFWdropfun callback = glfwSetDropCallback(window, nullptr);
        glfwSetDropCallback(window, callback);
        const char* paths[] = {it->text.c_str()};
        if (callback) callback(window, 1, paths);
        it = pending_.erase(it);
    }
}

void ScriptedInput::expand_presses(int frame) {
    std::vector<ui::InputEvent> clicks;
    for (auto it = pending_.begin(); it != pending_.end() && it->frame <= frame;) {
        if (it->action != ui::InputAction::Press) {
            ++it;
            continue;
        }
        const auto at = item_at_.find(it->text);
        if (at == item_at_.end()) {
            std::fprintf(stderr, "skinview: frame %d: --input line %d: press '%s': no such item logged yet\n",
                         frame, it->line, it->text.c_str());
        } else {
            ui::InputEvent move = *it, down = *it, up = *it;
            move.action = ui::InputAction::Move;
            move.region = ui::InputRegion::Window;
            move.x = {at->second.first, true};
            move.y = {at->second.second, true};
            down.action = ui::InputAction::ButtonDown;
            down.button = 0;
            up.action = ui::InputAction::ButtonUp;
            up.button = 0;
            up.frame = frame + 1;
            clicks.insert(clicks.end(), {move, down, up});
        }
        it = pending_.erase(it);
    }
    add(std::move(clicks));
}

void ScriptedInput::apply_pointer(int frame, const ui::Layout& layout, float window_w, float window_h) {
    expand_presses(frame);
    for (auto it = pending_.begin(); it != pending_.end() && it->frame <= frame;) {
        const ui::InputEvent& e = *it;
        if (e.action == ui::InputAction::Move) {
            ui::input_point(e, layout, window_w, window_h, x_, y_);
            has_position_ = true;
        } else if (e.action == ui::InputAction::ButtonDown || e.action == ui::InputAction::ButtonUp) {
            down_[e.button] = e.action == ui::InputAction::ButtonDown;
            if (down_[e.button]) {
                just_pressed_[e.button] = true;
                pressed_[e.button] = true;
                press_x_[e.button] = x_;
                press_y_[e.button] = y_;
            }
        } else {
            ++it;
            continue;
        }
        it = pending_.erase(it);
    }
    if (!active_) return;
    ImGuiIO& io = ImGui::GetIO();
    if (has_position_) io.MousePos = ImVec2(x_, y_);
    // The scripted buttons are held as a finger holds them; a real button pressed meanwhile still
    // counts (the backend polled it), so a user can take over a replay.
    // A press released within the same frame still counts down for this frame, as the GLFW
    // backend's "just pressed" flag makes it count for a real one (a flick).
    for (int b = 0; b < 3; ++b) {
        io.MouseDown[b] = io.MouseDown[b] || down_[b] || just_pressed_[b];
        just_pressed_[b] = false;
    }
    // The modifiers it holds stay held the same way. The backend's focus callback clears every key
    // when the window loses focus, and on an X server without a window manager focus follows the
    // pointer to whichever window opened last: a shift-drag turned into an orbit halfway through
    // when another test's window opened (seen with ctest -j2 on one Xvfb).
    io.KeyShift = io.KeyShift || (mods_ & GLFW_MOD_SHIFT) != 0;
    io.KeyCtrl = io.KeyCtrl || (mods_ & GLFW_MOD_CONTROL) != 0;
    io.KeyAlt = io.KeyAlt || (mods_ & GLFW_MOD_ALT) != 0;
}

bool ScriptedInput::take_press(int button, float& x, float& y) {
    if (button < 0 || button >= 3 || !pressed_[button]) return false;
    pressed_[button] = false;
    x = press_x_[button];
    y = press_y_[button];
    return true;
}

std::vector<std::string> ScriptedInput::take_picks(int frame) {
    std::vector<std::string> joints;
    for (auto it = pending_.begin(); it != pending_.end() && it->frame <= frame;) {
        if (it->action != ui::InputAction::Pick) {
            ++it;
            continue;
        }
        joints.push_back(it->text);
        it = pending_.erase(it);
    }
    return joints;
}

void ScriptedInput::begin_ui_log() {
    if (!active_ && !log_ui_) return;
    previous_ui_log_.swap(ui_log_);
    ui_log_.clear();
    ui::set_ui_log(&ui_log_);
}

void ScriptedInput::end_ui_log(int frame, int load_frame) {
    if (!active_ && !log_ui_) return;
    ui::set_ui_log(nullptr);
    // Where each logged item is ("WHAT: LABEL at X Y"), for the `press` events to come.
    for (const auto& line : ui_log_) {
        const size_t at = line.rfind(" at ");
        float x = 0.0f, y = 0.0f;
        char tail = 0;
        if (at != std::string::npos && std::sscanf(line.c_str() + at + 4, "%f %f%c", &x, &y, &tail) == 2)
            item_at_[line.substr(0, at)] = {x, y};
    }
    for (const auto& line : ui_log_) {
        if (std::find(previous_ui_log_.begin(), previous_ui_log_.end(), line) != previous_ui_log_.end())
            continue;
        if (load_frame > 0)
            std::fprintf(stderr, "skinview: frame %d, load frame %d: %s\n", frame, load_frame, line.c_str());
        else
            std::fprintf(stderr, "skinview: frame %d: %s\n", frame, line.c_str());
    }
}

}  // namespace sv::viewer

#include "ui/input_script.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace sv::ui {

namespace {

std::vector<std::string> make_key_names() {
    std::vector<std::string> k;
    for (char c = 'a'; c <= 'z'; ++c) k.emplace_back(1, c);
    for (char c = '0'; c <= '9'; ++c) k.emplace_back(1, c);
    for (int i = 1; i <= 12; ++i) k.push_back("f" + std::to_string(i));
    for (const char* s : {"space", "enter", "tab", "escape", "backspace", "delete", "left", "right", "up",
                          "down", "home", "end", "shift", "ctrl", "alt"})
        k.emplace_back(s);
    return k;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::vector<std::string> split(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// A whole-token number: "12", "0.5", "-3"; false for "12abc", "", "nan", "inf".
bool parse_float(const std::string& s, float& out) {
    if (s.empty()) return false;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v)) return false;
    out = static_cast<float>(v);
    return true;
}

bool parse_frame(const std::string& s, int& out) {
    if (s.empty() || s.size() > 9) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = std::stoi(s);
    return true;
}

int button_index(const std::string& s) {
    if (s == "left") return 0;
    if (s == "right") return 1;
    if (s == "middle") return 2;
    return -1;
}

bool region_from(const std::string& s, InputRegion& out) {
    static const std::array<std::pair<const char*, InputRegion>, 6> regions = {
        {{"window", InputRegion::Window},
         {"viewport", InputRegion::Viewport},
         {"left", InputRegion::Left},
         {"right", InputRegion::Right},
         {"timeline", InputRegion::Timeline},
         {"status", InputRegion::Status}}};
    for (const auto& r : regions)
        if (s == r.first) {
            out = r.second;
            return true;
        }
    return false;
}

// Everything after the first `count` whitespace-separated words, verbatim (the text of `type`).
std::string rest_after_words(const std::string& line, int count) {
    size_t i = 0;
    for (int w = 0; w < count; ++w) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    }
    if (i < line.size()) ++i;  // the one space that separates the action from its text
    return line.substr(std::min(i, line.size()));
}

class Parser {
public:
    Expected<std::vector<InputEvent>> run(const std::string& text) {
        std::istringstream in(text);
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            const std::vector<std::string> w = split(line);
            if (w.empty() || w[0][0] == '#') continue;
            if (Status s = parse_line(n, line, w); !s) return s.error();
        }
        // Expansions put a release one frame after its line: order by frame, keeping the file's
        // order within a frame (a modifier's press stays before its button's).
        std::stable_sort(events_.begin(), events_.end(),
                         [](const InputEvent& a, const InputEvent& b) { return a.frame < b.frame; });
        return events_;
    }

private:
    Status fail(int n, const std::string& why) const {
        return make_error("input script line " + std::to_string(n) + ": " + why);
    }

    Status parse_line(int n, const std::string& line, const std::vector<std::string>& w) {
        int frame = 0, load_frame = 0;
        const size_t at = w[0].find('@');
        if (!parse_frame(w[0].substr(0, at), frame))
            return fail(n, "'" + w[0] + "' is not a frame number (a whole number from 0)");
        if (at != std::string::npos && (!parse_frame(w[0].substr(at + 1), load_frame) || load_frame < 1 ||
                                        w.size() < 2 || w[1] != "drop"))
            return fail(n, "'" + w[0] +
                               "': FRAME@K (the K-th frame, from 1, drawn while FRAME waits for an open) "
                               "goes with drop only");
        if (frame < last_frame_)
            return fail(n, "frame " + std::to_string(frame) + " comes after frame " +
                               std::to_string(last_frame_) + "; frames must not decrease");
        last_frame_ = frame;
        if (w.size() < 2)
            return fail(
                n,
                "no action after the frame (move, down, up, click, key, keydown, keyup, type, wheel, focus)");
        InputEvent e;
        e.frame = frame;
        e.load_frame = load_frame;
        e.line = n;
        const std::string& a = w[1];
        const size_t args = w.size() - 2;
        if (a == "move") return move(n, e, w);
        if (a == "down" || a == "click") {
            if (args < 1) return fail(n, a + ": which button (left, middle or right)?");
            const int b = button_index(w[2]);
            if (b < 0) return fail(n, a + ": '" + w[2] + "' is not a button (left, middle or right)");
            if (held_[static_cast<size_t>(b)])
                return fail(n, a + " " + w[2] + ": that button is already down");
            std::vector<std::string> mods;
            for (size_t i = 3; i < w.size(); ++i) {
                const std::string m = w[i].size() > 1 && w[i][0] == '+' ? w[i].substr(1) : std::string();
                if (m != "shift" && m != "ctrl" && m != "alt")
                    return fail(n, a + ": '" + w[i] + "' is not a modifier (+shift, +ctrl or +alt)");
                mods.push_back(m);
            }
            for (const auto& m : mods) push_key(e, InputAction::KeyDown, m);
            e.action = InputAction::ButtonDown;
            e.button = b;
            events_.push_back(e);
            if (a == "down") {
                held_[static_cast<size_t>(b)] = true;
                held_mods_[static_cast<size_t>(b)] = mods;
                return ok_status();
            }
            e.frame = frame + 1;
            release(e, b, mods);
            return ok_status();
        }
        if (a == "up") {
            if (args != 1) return fail(n, "up: expected one button (left, middle or right)");
            const int b = button_index(w[2]);
            if (b < 0) return fail(n, "up: '" + w[2] + "' is not a button (left, middle or right)");
            if (!held_[static_cast<size_t>(b)]) return fail(n, "up " + w[2] + ": that button is not down");
            held_[static_cast<size_t>(b)] = false;
            release(e, b, held_mods_[static_cast<size_t>(b)]);
            return ok_status();
        }
        if (a == "key" || a == "keydown" || a == "keyup") {
            if (args != 1) return fail(n, a + ": expected one key name");
            const std::string k = lower(w[2]);
            const auto& names = input_key_names();
            if (std::find(names.begin(), names.end(), k) == names.end())
                return fail(n, a + ": '" + w[2] +
                                   "' is not a key name (a..z, 0..9, f1..f12, space, enter, tab, escape, "
                                   "backspace, delete, arrows, home, end, shift, ctrl, alt)");
            if (a != "keyup") push_key(e, InputAction::KeyDown, k);
            if (a == "key") ++e.frame;
            if (a != "keydown") push_key(e, InputAction::KeyUp, k);
            return ok_status();
        }
        if (a == "type") {
            e.action = InputAction::Text;
            e.text = rest_after_words(line, 2);
            if (e.text.empty()) return fail(n, "type: no text after 'type'");
            events_.push_back(e);
            return ok_status();
        }
        if (a == "focus") {
            if (args != 1 || (w[2] != "lost" && w[2] != "gained"))
                return fail(n, "focus: expected 'lost' or 'gained'");
            e.action = InputAction::Focus;
            e.focused = w[2] == "gained";
            events_.push_back(e);
            return ok_status();
        }
        if (a == "drop") {
            e.action = InputAction::Drop;
            e.text = rest_after_words(line, 2);
            if (e.text.empty()) return fail(n, "drop: no path after 'drop'");
            events_.push_back(e);
            return ok_status();
        }
        if (a == "pick") {
            e.action = InputAction::Pick;
            e.text = rest_after_words(line, 2);
            if (e.text.empty()) return fail(n, "pick: no joint name after 'pick'");
            events_.push_back(e);
            return ok_status();
        }
        if (a == "press") {
            e.action = InputAction::Press;
            e.text = rest_after_words(line, 2);
            if (e.text.find(": ") == std::string::npos)
                return fail(n, "press: expected an item as the ui log names it, WHAT: LABEL");
            events_.push_back(e);
            return ok_status();
        }
        if (a == "close") {
            if (args != 0) return fail(n, "close: takes nothing after it");
            e.action = InputAction::Close;
            events_.push_back(e);
            return ok_status();
        }
        if (a == "wheel") {
            if (args != 1 || !parse_float(w[2], e.wheel))
                return fail(n, "wheel: expected one number of notches");
            e.action = InputAction::Wheel;
            events_.push_back(e);
            return ok_status();
        }
        return fail(n,
                    "'" + a +
                        "' is not an action (move, down, up, click, key, keydown, keyup, type, wheel, focus, "
                        "drop, pick, press, close)");
    }

    Status move(int n, InputEvent& e, const std::vector<std::string>& w) {
        size_t i = 2;
        if (w.size() == 5) {
            if (!region_from(w[2], e.region))
                return fail(n, "move: '" + w[2] +
                                   "' is not a region (window, viewport, left, right, timeline, status)");
            i = 3;
        } else if (w.size() != 4) {
            return fail(n, "move: expected [REGION] X Y");
        }
        for (int axis = 0; axis < 2; ++axis) {
            std::string s = w[i + static_cast<size_t>(axis)];
            InputCoordinate& c = axis == 0 ? e.x : e.y;
            c.pixels = s.size() > 2 && s.compare(s.size() - 2, 2, "px") == 0;
            if (c.pixels) s.resize(s.size() - 2);
            if (!parse_float(s, c.value))
                return fail(n, "move: '" + w[i + static_cast<size_t>(axis)] +
                                   "' is not a coordinate (pixels as 120px, or a fraction 0..1)");
            if (c.pixels ? c.value < 0.0f : (c.value < 0.0f || c.value > 1.0f))
                return fail(
                    n, "move: '" + w[i + static_cast<size_t>(axis)] +
                           (c.pixels ? "' is negative; pixels count from the region's top-left corner"
                                     : "' is outside 0..1 (a fraction of the region; pixels end in px)"));
        }
        e.action = InputAction::Move;
        events_.push_back(e);
        return ok_status();
    }

    void push_key(InputEvent e, InputAction action, const std::string& key) {
        e.action = action;
        e.key = key;
        events_.push_back(e);
    }

    // The button's release, then its modifiers' (in reverse, as fingers leave the keys).
    void release(InputEvent e, int button, const std::vector<std::string>& mods) {
        e.action = InputAction::ButtonUp;
        e.button = button;
        events_.push_back(e);
        for (auto it = mods.rbegin(); it != mods.rend(); ++it) push_key(e, InputAction::KeyUp, *it);
    }

    std::vector<InputEvent> events_;
    int last_frame_ = 0;
    std::array<bool, 3> held_{};
    std::array<std::vector<std::string>, 3> held_mods_;
};

}  // namespace

const std::vector<std::string>& input_key_names() {
    static const std::vector<std::string> names = make_key_names();
    return names;
}

Expected<std::vector<InputEvent>> parse_input_script(const std::string& text) { return Parser().run(text); }

Expected<std::vector<InputEvent>> load_input_script(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error("input script '" + path + "': cannot be read");
    std::ostringstream s;
    s << in.rdbuf();
    auto events = parse_input_script(s.str());
    if (!events) return make_error(path + ": " + events.error().message);
    return events;
}

void input_point(const InputEvent& e, const Layout& l, float window_w, float window_h, float& x, float& y) {
    Rect r{0.0f, 0.0f, window_w, window_h};
    switch (e.region) {
        case InputRegion::Window:
            break;
        case InputRegion::Viewport:
            r = l.viewport;
            break;
        case InputRegion::Left:
            r = l.left;
            break;
        case InputRegion::Right:
            r = l.right;
            break;
        case InputRegion::Timeline:
            r = l.timeline;
            break;
        case InputRegion::Status:
            r = l.status;
            break;
    }
    x = r.x + (e.x.pixels ? e.x.value : e.x.value * r.w);
    y = r.y + (e.y.pixels ? e.y.value : e.y.value * r.h);
}

}  // namespace sv::ui

#include "render/phase_timings.h"

#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace sv::render {

namespace {

using Clock = std::chrono::steady_clock;

struct Phase {
    const char* name;
    double seconds;
};
struct Active {
    size_t phase;
    Clock::time_point since;
};

std::vector<Phase>& phases() {
    static std::vector<Phase> p;
    return p;
}
std::vector<Active>& stack() {
    static std::vector<Active> s;
    return s;
}

size_t phase_index(const char* name) {
    auto& p = phases();
    for (size_t i = 0; i < p.size(); ++i)
        if (p[i].name == name || std::strcmp(p[i].name, name) == 0) return i;
    p.push_back({name, 0.0});
    return p.size() - 1;
}

// Seconds since the process started: now on CLOCK_BOOTTIME less /proc/self/stat's starttime (field
// 22, clock ticks after boot). Negative when either is unreadable.
double seconds_since_process_start() {
    std::ifstream f("/proc/self/stat");
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const size_t close = text.rfind(')');  // the command name may hold spaces and parentheses
    if (close == std::string::npos) return -1.0;
    std::istringstream fields(text.substr(close + 1));
    std::string field;
    for (int i = 3; i <= 22 && (fields >> field); ++i) {
    }
    const double ticks = std::strtod(field.c_str(), nullptr);
    timespec now{};
    if (ticks <= 0.0 || clock_gettime(CLOCK_BOOTTIME, &now) != 0) return -1.0;
    return double(now.tv_sec) + double(now.tv_nsec) * 1e-9 - ticks / double(sysconf(_SC_CLK_TCK));
}

}  // namespace

bool timings_enabled() {
    static const bool on = [] {
        const char* e = std::getenv("SKINVIEW_TIMINGS");
        return e && *e && std::strcmp(e, "0") != 0;
    }();
    return on;
}

namespace {

// The thread of the first timer made (the GL thread: the window's start, `render`'s load) is the one
// timed. A timer on another thread (the window's background load runs load_scene on a worker) does
// nothing, rather than race on the stack and the totals.
bool on_timed_thread() {
    static const std::thread::id timed = std::this_thread::get_id();
    return std::this_thread::get_id() == timed;
}

}  // namespace

PhaseTimer::PhaseTimer(const char* phase) : on_(timings_enabled() && on_timed_thread()) {
    if (!on_) return;
    const auto now = Clock::now();
    auto& s = stack();
    if (!s.empty())
        phases()[s.back().phase].seconds += std::chrono::duration<double>(now - s.back().since).count();
    s.push_back({phase_index(phase), now});
}

PhaseTimer::~PhaseTimer() {
    if (!on_) return;
    const auto now = Clock::now();
    auto& s = stack();
    phases()[s.back().phase].seconds += std::chrono::duration<double>(now - s.back().since).count();
    s.pop_back();
    if (!s.empty()) s.back().since = now;  // the outer phase resumes
}

void print_phase_timings(std::FILE* out) {
    if (!timings_enabled()) return;
    double sum = 0.0;
    for (const Phase& p : phases()) {
        std::fprintf(out, "skinview timings: %-28s %8.3f s\n", p.name, p.seconds);
        sum += p.seconds;
    }
    std::fprintf(out, "skinview timings: %-28s %8.3f s\n", "sum of phases", sum);
    const double wall = seconds_since_process_start();
    if (wall >= 0.0) {
        std::fprintf(out, "skinview timings: %-28s %8.3f s\n", "process wall so far", wall);
        std::fprintf(out, "skinview timings: %-28s %8.3f s\n", "outside phases", wall - sum);
    }
}

}  // namespace sv::render

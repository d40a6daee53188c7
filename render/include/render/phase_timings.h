// Where a process's time goes, by phase, printed on request: SKINVIEW_TIMINGS=1 in the environment
// makes `skinview render` print one line a phase to stderr (context, load, program compile and link,
// the sky's precomputation or its cache read, draw, readback, PNG encode, and the rest).
//
// Phases nest and are exclusive: a phase started inside another pauses the outer one, so a program
// linked during the first draw counts as "programs", not as "draw", and the lines add up to the
// time the process spent inside any phase. Off (the default), a PhaseTimer is one branch on a
// cached flag: the frame path may keep its timers.
//
// What it cannot see: llvmpipe compiles a program's shaders to machine code at its first draw, not
// at link, so on a software driver part of a program's cost shows up as "draw".
#pragma once

#include <cstdio>

namespace sv::render {

// SKINVIEW_TIMINGS set to anything but "" or "0"; read once.
bool timings_enabled();

// Adds the time between construction and destruction to `phase` (a string literal: kept by
// pointer), minus the time of phases started inside it. One thread only: the thread that made the
// first timer of the process (the GL thread); a timer made on any other does nothing.
class PhaseTimer {
public:
    explicit PhaseTimer(const char* phase);
    ~PhaseTimer();
    PhaseTimer(const PhaseTimer&) = delete;
    PhaseTimer& operator=(const PhaseTimer&) = delete;

private:
    bool on_ = false;
};

// One line a phase, in the order first started, seconds to the millisecond; then their sum and the
// process's wall time since it started (from /proc/self/stat, in 10 ms ticks, so the difference,
// "outside phases", holds the dynamic loader and anything not wrapped, to 10 ms). Prints nothing
// when timings are off.
void print_phase_timings(std::FILE* out);

}  // namespace sv::render

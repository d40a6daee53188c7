// Playback: which clip, where in it, how fast, looping or not, root motion on or off.
//
// The viewer owns the clock and hands `advance` the frame's wall time; everything below it is a
// pure function of the time kept here, so pausing and scrubbing are exact (a paused character is
// bit-identical frame after frame) and a smoke run of N frames can pass a fixed step.
#pragma once

#include <string>
#include <vector>

#include "anim/character/character.h"

namespace sv::ui {

// Every key time of `clip` over all its channels, ascending, times within a microsecond of each
// other counted once (exporters write one time as slightly different floats per channel): the
// timeline's ticks.
std::vector<double> clip_key_times(const anim::Clip& clip);

// What the timeline says where a clip would have its slider (nothing with a duration plays): a
// state machine's clock ("state machine: 3.20 s played"), which is real; with no clip, the rest
// pose and no time, since nothing moves ("no clip: rest pose (26.15 s)" showed a clock counting
// over a still pose).
std::string timeline_without_duration(bool state_machine, double clock);

struct AnimationPanel {
    int clip = -1;  // -1: rest pose
    double time = 0.0;
    bool playing = true;
    float speed = 1.0f;
    bool loop = true;
    bool root_motion = false;

    // The first clip at time 0 (rest when the character has none), playing.
    void reset(const anim::Character& character);
    // Selects a clip (or -1) and rewinds; an index out of range is refused and nothing changes.
    bool set_clip(const anim::Character& character, int index);
    void toggle_play() { playing = !playing; }
    // Moves time on by dt * speed when playing. Looping wraps into [0, duration); otherwise time
    // clamps at the ends and playback stops there, so a one-shot clip holds its last pose.
    void advance(double dt, double duration);
    // Moves time on by `step` seconds of clip time whatever `playing` says (ViewerModel::advance:
    // the caller has already applied the speed and the pause), wrapping or clamping as advance does;
    // a zero step changes nothing (a paused clip scrubbed to its end stays at its end).
    void move_by(double step, double duration);
    // Sets the time directly (the timeline), clamped to [0, duration].
    void scrub(double t, double duration);
    // The arrow keys: pauses and moves `frames` steps of 1/30 s (the rate most clips are keyed
    // at; a clip keyed otherwise steps between its keys, the timeline's ticks show where), wrapping
    // when looping and clamped otherwise.
    void step(int frames, double duration);
    double duration(const anim::Character& character) const;
};

}  // namespace sv::ui

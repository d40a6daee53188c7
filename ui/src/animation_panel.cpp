#include "ui/animation_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sv::ui {

void AnimationPanel::reset(const anim::Character& character) {
    clip = character.asset().clips.empty() ? -1 : 0;
    time = 0.0;
    playing = true;
}

bool AnimationPanel::set_clip(const anim::Character& character, int index) {
    if (index < -1 || index >= static_cast<int>(character.asset().clips.size())) return false;
    clip = index;
    time = 0.0;
    return true;
}

double AnimationPanel::duration(const anim::Character& character) const {
    if (clip < 0 || clip >= static_cast<int>(character.asset().clips.size())) return 0.0;
    return character.asset().clips[static_cast<size_t>(clip)].duration;
}

void AnimationPanel::advance(double dt, double d) {
    if (!playing) return;
    move_by(dt * static_cast<double>(speed), d);
}

void AnimationPanel::move_by(double step, double d) {
    if (step == 0.0) return;
    time += step;
    if (d <= 0.0) {
        time = 0.0;
        return;
    }
    if (loop) {
        time = std::fmod(time, d);
        if (time < 0.0) time += d;
    } else if (time >= d || time <= 0.0) {
        time = std::clamp(time, 0.0, d);
        playing = false;
    }
}

void AnimationPanel::scrub(double t, double d) { time = std::clamp(t, 0.0, std::max(d, 0.0)); }

std::vector<double> clip_key_times(const anim::Clip& clip) {
    std::vector<double> all;
    for (const auto& ch : clip.channels) all.insert(all.end(), ch.times.begin(), ch.times.end());
    std::sort(all.begin(), all.end());
    std::vector<double> out;
    for (double t : all)
        if (out.empty() || t - out.back() > 1e-6) out.push_back(t);
    return out;
}

void AnimationPanel::step(int frames, double duration) {
    playing = false;
    double t = time + frames / 30.0;
    if (loop && duration > 0.0) {
        t = std::fmod(t, duration);
        if (t < 0.0) t += duration;
    }
    scrub(t, duration);
}

std::string timeline_without_duration(bool state_machine, double clock) {
    if (!state_machine) return "no clip: rest pose";
    char buf[64];
    std::snprintf(buf, sizeof buf, "state machine: %.2f s played", clock);
    return buf;
}

}  // namespace sv::ui

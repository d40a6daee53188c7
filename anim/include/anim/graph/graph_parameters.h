// The named values an animation graph reads (speed, crouch, grounded): names resolved to indices
// once, when the graph is built, so the frame path compares floats and never strings.
#pragma once

#include <string>
#include <vector>

namespace sv::anim {

struct GraphParameters {
    std::vector<std::string> names;
    std::vector<float> values;

    // Adds a parameter, or answers the existing one's index when the name is taken (two nodes
    // naming "speed" mean the same speed).
    int add(const std::string& name, float initial = 0.0f) {
        const int existing = find(name);
        if (existing >= 0) return existing;
        names.push_back(name);
        values.push_back(initial);
        return static_cast<int>(names.size()) - 1;
    }
    int find(const std::string& name) const {
        for (size_t i = 0; i < names.size(); ++i)
            if (names[i] == name) return static_cast<int>(i);
        return -1;
    }
    int count() const { return static_cast<int>(values.size()); }
    float operator[](int i) const { return values[static_cast<size_t>(i)]; }
    void set(int i, float v) { values[static_cast<size_t>(i)] = v; }
};

}  // namespace sv::anim

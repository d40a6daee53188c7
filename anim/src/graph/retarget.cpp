#include "anim/graph/retarget.h"

#include <cassert>
#include <unordered_map>

namespace sv::anim {

RetargetMap build_retarget_map(const std::vector<std::string>& source_names,
                               const std::vector<std::string>& target_names,
                               const std::vector<int>& target_parents) {
    assert(target_names.size() == target_parents.size());
    RetargetMap map;
    map.target_parents = target_parents;
    std::unordered_map<std::string, int> target_by_name;
    for (size_t j = 0; j < target_names.size(); ++j)
        target_by_name.emplace(target_names[j], static_cast<int>(j));
    std::vector<char> reached(target_names.size(), 0);
    map.target_of_source.assign(source_names.size(), -1);
    for (size_t j = 0; j < source_names.size(); ++j) {
        const auto it = target_by_name.find(source_names[j]);
        if (it == target_by_name.end()) {
            map.unmatched_source.push_back(source_names[j]);
            continue;
        }
        map.target_of_source[j] = it->second;
        reached[static_cast<size_t>(it->second)] = 1;
    }
    for (size_t j = 0; j < target_names.size(); ++j)
        if (!reached[j]) map.unmatched_target.push_back(target_names[j]);
    return map;
}

void retarget_pose(const RetargetMap& map, const Pose& source, Pose& out) {
    assert(static_cast<int>(map.target_of_source.size()) == source.joint_count());
    assert(static_cast<int>(map.target_parents.size()) == out.joint_count());
    for (size_t s = 0; s < map.target_of_source.size(); ++s) {
        const int t = map.target_of_source[s];
        if (t < 0) continue;
        const size_t tj = static_cast<size_t>(t);
        for (size_t c = 0; c < 4; ++c) out.rotation[tj * 4 + c] = source.rotation[s * 4 + c];
        if (map.target_parents[tj] < 0)
            for (size_t c = 0; c < 3; ++c) out.translation[tj * 3 + c] = source.translation[s * 3 + c];
    }
}

}  // namespace sv::anim

#include "anim/graph/humanoid_names.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace sv::anim {

namespace {

// Lower case, the namespace prefix (`mixamorig:`, `Armature|`) and the separators gone: the form
// every table entry below is written in, so `upper_arm.L`, `UpperArm.L` and `upperarm_l` meet.
std::string normalized(const std::string& name) {
    size_t from = name.find_last_of(":|");
    from = from == std::string::npos ? 0 : from + 1;
    std::string out;
    for (size_t i = from; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (c == '_' || c == '.' || c == '-' || c == ' ') continue;
        out += static_cast<char>(std::tolower(c));
    }
    return out;
}

struct Entry {
    const char* bone;                    // VRM name without the side (sided) or whole
    std::vector<const char*> spellings;  // normalized
};

// Unsided bones. Mixamo numbers its spine from the hips (Spine, Spine1, Spine2), Unreal from 01,
// Blender's Rigify from .001 (its plain `spine` is the hips, which Mixamo's reading wins here: a
// Rigify rig's hips then match as the spine, one joint off, and its upper body turns with the
// pelvis).
const std::vector<Entry>& unsided() {
    static const std::vector<Entry> t = {
        {"hips", {"hips", "hip", "pelvis"}},
        {"spine", {"spine", "spine01", "spine001", "abdomen"}},
        {"chest", {"chest", "spine1", "spine02", "spine002", "torso"}},
        {"upperChest", {"upperchest", "spine2", "spine03", "spine003"}},
        {"neck", {"neck", "neck01", "neck1", "spine004"}},
        {"head", {"head", "spine006"}},
        {"jaw", {"jaw"}},
    };
    return t;
}

// Sided bones, spelled without the side; the side is a prefix (Left, left, L) or a suffix (.L,
// _l, L) in every scheme. VRM 1.0's finger names: the thumb's first joint is its metacarpal (VRM
// 0.x called that joint the proximal, so a 0.x thumb matches one joint off).
const std::vector<Entry>& sided() {
    static const std::vector<Entry> t = {
        {"Eye", {"eye"}},
        {"Shoulder", {"shoulder", "clavicle"}},
        {"UpperArm", {"upperarm", "arm", "uparm"}},
        {"LowerArm", {"lowerarm", "forearm"}},
        {"Hand", {"hand"}},
        {"UpperLeg", {"upperleg", "upleg", "thigh"}},
        {"LowerLeg", {"lowerleg", "leg", "calf", "shin"}},
        {"Foot", {"foot"}},
        {"Toes", {"toes", "toebase", "toe", "ball"}},
        {"ThumbMetacarpal", {"thumbmetacarpal", "handthumb1", "thumb01", "thumb1"}},
        {"ThumbProximal", {"thumbproximal", "handthumb2", "thumb02", "thumb2"}},
        {"ThumbDistal", {"thumbdistal", "handthumb3", "thumb03", "thumb3"}},
        {"IndexProximal", {"indexproximal", "handindex1", "index01", "findex01", "index1"}},
        {"IndexIntermediate", {"indexintermediate", "handindex2", "index02", "findex02", "index2"}},
        {"IndexDistal", {"indexdistal", "handindex3", "index03", "findex03", "index3"}},
        {"MiddleProximal", {"middleproximal", "handmiddle1", "middle01", "fmiddle01", "middle1"}},
        {"MiddleIntermediate", {"middleintermediate", "handmiddle2", "middle02", "fmiddle02", "middle2"}},
        {"MiddleDistal", {"middledistal", "handmiddle3", "middle03", "fmiddle03", "middle3"}},
        {"RingProximal", {"ringproximal", "handring1", "ring01", "fring01", "ring1"}},
        {"RingIntermediate", {"ringintermediate", "handring2", "ring02", "fring02", "ring2"}},
        {"RingDistal", {"ringdistal", "handring3", "ring03", "fring03", "ring3"}},
        {"LittleProximal", {"littleproximal", "handpinky1", "pinky01", "fpinky01", "pinky1"}},
        {"LittleIntermediate", {"littleintermediate", "handpinky2", "pinky02", "fpinky02", "pinky2"}},
        {"LittleDistal", {"littledistal", "handpinky3", "pinky03", "fpinky03", "pinky3"}},
    };
    return t;
}

const std::unordered_map<std::string, std::string>& table() {
    static const std::unordered_map<std::string, std::string> t = [] {
        std::unordered_map<std::string, std::string> m;
        // emplace keeps the first spelling of a key: the order above decides any collision.
        for (const Entry& e : unsided())
            for (const char* s : e.spellings) m.emplace(s, e.bone);
        for (const char* side : {"left", "right"}) {
            const std::string word = side, letter(1, side[0]);
            for (const Entry& e : sided()) {
                const std::string bone = word + e.bone;
                for (const char* s : e.spellings) {
                    m.emplace(word + s, bone);    // LeftArm, left_upper_arm
                    m.emplace(s + word, bone);    // upperarm_left
                    m.emplace(letter + s, bone);  // L_UpperArm
                    m.emplace(s + letter, bone);  // upper_arm.L, upperarm_l
                }
            }
        }
        return m;
    }();
    return t;
}

}  // namespace

std::string humanoid_bone(const std::string& joint_name) {
    const auto it = table().find(normalized(joint_name));
    return it == table().end() ? std::string() : it->second;
}

const std::vector<std::string>& humanoid_bone_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const Entry& e : unsided()) v.emplace_back(e.bone);
        for (const char* side : {"left", "right"})
            for (const Entry& e : sided()) v.push_back(side + std::string(e.bone));
        return v;
    }();
    return names;
}

std::vector<std::string> joint_humanoid_bones(const std::vector<std::string>& names,
                                              const std::vector<std::string>& declared) {
    const bool any =
        declared.size() == names.size() &&
        std::any_of(declared.begin(), declared.end(), [](const std::string& b) { return !b.empty(); });
    if (any) return declared;
    std::vector<std::string> out;
    out.reserve(names.size());
    for (const std::string& n : names) out.push_back(humanoid_bone(n));
    return out;
}

RetargetMap build_humanoid_retarget_map(const std::vector<std::string>& source_names,
                                        const std::vector<std::string>& target_names,
                                        const std::vector<int>& target_parents) {
    return build_humanoid_retarget_map(source_names, {}, target_names, {}, target_parents);
}

RetargetMap build_humanoid_retarget_map(const std::vector<std::string>& source_names,
                                        const std::vector<std::string>& source_declared,
                                        const std::vector<std::string>& target_names,
                                        const std::vector<std::string>& target_declared,
                                        const std::vector<int>& target_parents) {
    const std::vector<std::string> source_bones = joint_humanoid_bones(source_names, source_declared);
    const std::vector<std::string> target_bones = joint_humanoid_bones(target_names, target_declared);
    RetargetMap map = build_retarget_map(source_names, target_names, target_parents);
    std::vector<char> taken(target_names.size(), 0);
    for (const int t : map.target_of_source)
        if (t >= 0) taken[static_cast<size_t>(t)] = 1;
    // Then the same name but for a namespace, case and separators (`mixamorig:HeadTop_End` and
    // `HeadTop_End`): the joints no table names, finger tips and ends, still meet.
    std::unordered_map<std::string, int> target_by_spelling;
    for (size_t j = 0; j < target_names.size(); ++j)
        if (!taken[j]) target_by_spelling.emplace(normalized(target_names[j]), static_cast<int>(j));
    for (size_t s = 0; s < source_names.size(); ++s) {
        if (map.target_of_source[s] >= 0) continue;
        const std::string n = normalized(source_names[s]);
        const auto it = n.empty() ? target_by_spelling.end() : target_by_spelling.find(n);
        if (it == target_by_spelling.end() || taken[static_cast<size_t>(it->second)]) continue;
        map.target_of_source[s] = it->second;
        taken[static_cast<size_t>(it->second)] = 1;
    }
    std::unordered_map<std::string, int> target_by_bone;
    for (size_t j = 0; j < target_names.size(); ++j)
        if (const std::string& b = target_bones[j]; !b.empty() && !taken[j])
            target_by_bone.emplace(b, static_cast<int>(j));
    for (size_t s = 0; s < source_names.size(); ++s) {
        if (map.target_of_source[s] >= 0) continue;
        const std::string& b = source_bones[s];
        const auto it = b.empty() ? target_by_bone.end() : target_by_bone.find(b);
        if (it == target_by_bone.end() || taken[static_cast<size_t>(it->second)]) continue;
        map.target_of_source[s] = it->second;
        taken[static_cast<size_t>(it->second)] = 1;
    }
    map.unmatched_source.clear();
    map.unmatched_target.clear();
    for (size_t s = 0; s < source_names.size(); ++s)
        if (map.target_of_source[s] < 0) map.unmatched_source.push_back(source_names[s]);
    for (size_t j = 0; j < target_names.size(); ++j)
        if (!taken[j]) map.unmatched_target.push_back(target_names[j]);
    map.source_bones = source_bones;
    map.target_bones = target_bones;
    return map;
}

}  // namespace sv::anim

// A primitive's joints and weights: every JOINTS_n/WEIGHTS_n set the file gives (glTF sets no limit
// on n), checked against the skin that draws it, joint indices remapped to the skin's sorted order,
// and each vertex's weights renormalised over all of its sets together. Sets 0 and 1 go to the
// inline eight, the rest to the primitive's overflow (anim/scene/asset.h says why that layout).
#include <cctype>
#include <cmath>
#include <cstdint>
#include <map>

#include "gltf_importer.h"

namespace sv::anim::gltf {

namespace {

// n for "JOINTS_n" / "WEIGHTS_n" with `prefix` ("JOINTS_"), or -1 when the key is not one (other
// attributes, or a malformed index such as "JOINTS_01" or "JOINTS_x", which glTF's semantics
// grammar does not allow and which is then treated as an unknown attribute, as before).
long set_index(const std::string& key, const std::string& prefix) {
    if (key.compare(0, prefix.size(), prefix) != 0 || key.size() == prefix.size()) return -1;
    const std::string digits = key.substr(prefix.size());
    if (digits.size() > 9 || (digits.size() > 1 && digits[0] == '0')) return -1;
    for (char c : digits)
        if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
    return std::stol(digits);
}

}  // namespace

Status Importer::skin_attributes(const tg::Primitive& p, const std::string& name, size_t nv, int skin,
                                 Primitive& q) {
    // Which sets the file names, by n: both halves must be there for every n from 0 to the
    // largest (glTF 2.0 3.7.2.1: set indices start at 0 and are continuous), so a lone JOINTS_2,
    // or a WEIGHTS_3 after a missing set 2, is refused before anything is allocated for it.
    std::map<long, std::pair<int, int>> sets;  // n -> (JOINTS_n accessor, WEIGHTS_n accessor)
    for (const auto& [key, accessor] : p.attributes) {
        if (long n = set_index(key, "JOINTS_"); n >= 0)
            sets.emplace(n, std::pair{-1, -1}).first->second.first = accessor;
        if (long n = set_index(key, "WEIGHTS_"); n >= 0)
            sets.emplace(n, std::pair{-1, -1}).first->second.second = accessor;
    }
    if (sets.empty()) return ok_status();
    long expected = 0;
    for (const auto& [n, pair] : sets) {
        if (n != expected)
            return make_error(name + ": has " + (pair.first >= 0 ? "JOINTS_" : "WEIGHTS_") + str(n) +
                              " but no JOINTS_" + str(expected) + "/WEIGHTS_" + str(expected) +
                              " (glTF: influence sets are numbered from 0 without gaps)");
        if (pair.first < 0 || pair.second < 0)
            return make_error(name + ": JOINTS_" + str(n) + " and WEIGHTS_" + str(n) +
                              " must come together (" + (pair.first < 0 ? "WEIGHTS_" : "JOINTS_") + str(n) +
                              " has no " + (pair.first < 0 ? "JOINTS_" : "WEIGHTS_") + str(n) + ")");
        ++expected;
    }
    const int set_count = static_cast<int>(sets.size());
    const int slots = 4 * set_count;
    // Sets may alias one accessor, so a small file could name a thousand sets of a million
    // vertices: the slots are bounded before they are allocated (6 bytes each).
    if (nv * static_cast<size_t>(slots) > kMaxInfluenceSlots)
        return make_error(name + ": " + str(set_count) + " influence sets of " + str(nv) + " vertices is " +
                          str(nv * static_cast<size_t>(slots)) + " influence slots, more than the " +
                          str(kMaxInfluenceSlots) + " skinview allocates for one primitive");
    const int joint_count =
        skin >= 0 ? static_cast<int>(m.skins[static_cast<size_t>(skin)].joints.size()) : -1;
    q.joints.assign(nv, {});
    q.weights.assign(nv, {});
    q.extra_influences = slots > kInlineInfluences ? slots - kInlineInfluences : 0;
    q.extra_joints.assign(nv * static_cast<size_t>(q.extra_influences), 0);
    q.extra_weights.assign(nv * static_cast<size_t>(q.extra_influences), 0.0f);
    const size_t extra = static_cast<size_t>(q.extra_influences);
    for (const auto& [set, pair] : sets) {
        const std::string js = name + " JOINTS_" + str(set), ws = name + " WEIGHTS_" + str(set);
        auto jv = view(pair.first, js, 4, kJointsRule);
        if (!jv) return jv.error();
        auto wv = view(pair.second, ws, 4, kWeightsRule);
        if (!wv) return wv.error();
        if (wv->ctype != TINYGLTF_COMPONENT_TYPE_FLOAT && !wv->normalized)
            return make_error(ws + ": integer weights must be normalized");
        if (jv->count != nv)
            return make_error(js + ": has " + str(jv->count) + " elements, POSITION has " + str(nv));
        if (wv->count != nv)
            return make_error(ws + ": has " + str(wv->count) + " elements, POSITION has " + str(nv));
        for (size_t i = 0; i < nv; ++i)
            for (int c = 0; c < 4; ++c) {
                const double w = wv->get(i, c);
                const double j = jv->get(i, c);
                if (!std::isfinite(w) || w < 0.0)
                    return make_error(ws + ": vertex " + str(i) + " has weight " + std::to_string(w));
                if (joint_count >= 0 && j >= joint_count && w > 0.0)
                    return make_error(js + ": vertex " + str(i) + " names joint " + str(int(j)) +
                                      ", past skin " + str(skin) + "'s joint count " + str(joint_count));
                // A zero-weight slot may carry any index; one past the skin is parked on joint 0 so
                // no later reader indexes past the palette.
                int jj = int(j);
                if (joint_count >= 0 && jj >= joint_count) jj = 0;
                if (skin >= 0 && jj < joint_count)
                    jj = skin_remap[static_cast<size_t>(skin)][static_cast<size_t>(jj)];
                const int slot = static_cast<int>(set) * 4 + c;
                if (slot < kInlineInfluences) {
                    q.joints[i][static_cast<size_t>(slot)] = static_cast<std::uint16_t>(jj);
                    q.weights[i][static_cast<size_t>(slot)] = static_cast<float>(w);
                } else {
                    const size_t at = i * extra + static_cast<size_t>(slot - kInlineInfluences);
                    q.extra_joints[at] = static_cast<std::uint16_t>(jj);
                    q.extra_weights[at] = static_cast<float>(w);
                }
            }
    }
    // Renormalised over every slot of the vertex, inline and extra together: the specification's
    // sum of 1 is over all sets, and a vertex whose sets 2 and on carry weight would otherwise be
    // scaled towards the skin origin by what they hold.
    for (size_t i = 0; i < nv; ++i) {
        double sum = 0.0;
        for (float x : q.weights[i]) sum += x;
        for (size_t k = 0; k < extra; ++k) sum += q.extra_weights[i * extra + k];
        if (sum <= 0.0) {
            ++zero_weight;
            q.weights[i] = {};
            q.weights[i][0] = 1.0f;  // bound rigidly to its first slot's joint
            continue;
        }
        // 2e-3: above what float or u16 storage can lose (half of 1/65535 a slot, so up to about
        // 260 slots) and below any deliberate weight; vertices inside it are rescaled silently,
        // outside it counted. u8 storage loses up to 1/510 a slot, so a u8 vertex with two or more
        // weights may be counted though the file meant 1: the note then says so for it too.
        if (std::abs(sum - 1.0) > 2e-3) {
            ++renormalised;
            renormalised_sets_min =
                renormalised_sets_min == 0 ? set_count : std::min(renormalised_sets_min, set_count);
            renormalised_sets_max = std::max(renormalised_sets_max, set_count);
        }
        for (float& x : q.weights[i]) x = static_cast<float>(x / sum);
        for (size_t k = 0; k < extra; ++k)
            q.extra_weights[i * extra + k] = static_cast<float>(q.extra_weights[i * extra + k] / sum);
    }
    return ok_status();
}

}  // namespace sv::anim::gltf

#include "ui/ik_panel.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace sv::ui {

namespace {
std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}
bool has_any(const std::string& s, std::initializer_list<const char*> words) {
    for (const char* w : words)
        if (s.find(w) != std::string::npos) return true;
    return false;
}
}  // namespace

glm::dvec3* IkPanel::handle_to_move() {
    if (grab_frame) {
        grab_frame = false;
        return nullptr;
    }
    return grabbed == Handle::Target ? &target : grabbed == Handle::Pole ? &pole : nullptr;
}

IkPanel::Handle IkPanel::handle_at(glm::vec2 press, const glm::vec2* target, const glm::vec2* pole,
                                   float radius) {
    if (target && glm::length(press - *target) < radius) return Handle::Target;
    if (pole && glm::length(press - *pole) < radius) return Handle::Pole;
    return Handle::None;
}

glm::vec2 IkPanel::pole_handle_on_screen(glm::vec2 target, glm::vec2 pole, glm::vec2 away, float clearance) {
    const glm::vec2 d = pole - target;
    const float dl = glm::length(d);
    if (dl >= clearance) return pole;
    glm::vec2 dir(0.0f, -1.0f);  // straight up when nothing on screen says which way is away
    if (dl > 0.5f)
        dir = d / dl;
    else if (glm::length(away - target) > 0.5f)
        dir = glm::normalize(away - target);
    return target + dir * clearance;
}

glm::dvec3 joint_world_position(const anim::Skeleton& skeleton, int joint) {
    const auto& w = skeleton.world();
    const size_t o = static_cast<size_t>(joint) * 16;
    if (joint < 0 || o + 15 >= w.size()) return glm::dvec3(0.0);
    return {w[o + 12], w[o + 13], w[o + 14]};
}

std::vector<IkChain> detect_limbs(const anim::Skeleton& sk) {
    std::vector<IkChain> out;
    const auto& names = sk.names();
    const auto& parents = sk.parents();
    for (int tip = 0; tip < sk.joint_count(); ++tip) {
        const int mid = parents[static_cast<size_t>(tip)];
        if (mid < 0) continue;
        const int root = parents[static_cast<size_t>(mid)];
        if (root < 0) continue;
        const std::string t = lower(names[static_cast<size_t>(tip)]);
        const std::string m = lower(names[static_cast<size_t>(mid)]);
        const std::string r = lower(names[static_cast<size_t>(root)]);
        const bool arm = has_any(m, {"forearm", "lowerarm", "lower_arm", "elbow"}) &&
                         has_any(r, {"arm", "shoulder"}) && has_any(t, {"hand", "wrist", "palm"});
        const bool leg = has_any(m, {"leg", "knee", "shin", "calf"}) && has_any(r, {"leg", "thigh", "hip"}) &&
                         has_any(t, {"foot", "ankle"});
        if (!arm && !leg) continue;
        // One chain per mid joint: a hand's several palm children are the same arm.
        if (std::any_of(out.begin(), out.end(), [&](const IkChain& c) { return c.mid == mid; })) continue;
        out.push_back({std::string(arm ? "arm: " : "leg: ") + names[static_cast<size_t>(root)] + " > " +
                           names[static_cast<size_t>(mid)] + " > " + names[static_cast<size_t>(tip)],
                       root, mid, tip});
    }
    // Shallowest limb first (the legs of a humanoid before its arms), ties in joint order: the
    // first is the chain the IK switch and the settings key `ik` take, so it must not depend on how
    // the file lists its joints. It is the order the importer's old depth sort gave every skin; a
    // saved `ik: true` view means the same limb as before the importer kept the file's order.
    std::vector<int> depth(static_cast<size_t>(sk.joint_count()), 0);
    for (int j = 0; j < sk.joint_count(); ++j)
        for (int p = parents[static_cast<size_t>(j)]; p >= 0; p = parents[static_cast<size_t>(p)])
            ++depth[static_cast<size_t>(j)];
    std::stable_sort(out.begin(), out.end(), [&](const IkChain& a, const IkChain& b) {
        return depth[static_cast<size_t>(a.tip)] < depth[static_cast<size_t>(b.tip)];
    });
    return out;
}

void IkPanel::rebuild(const anim::Character& character, int skin_index) {
    skin = skin_index;
    detected.clear();
    chain = {};
    solved = reachable = false;
    error = "no chain picked";
    const auto& skins = character.skins();
    if (skin < 0 || static_cast<size_t>(skin) >= skins.size()) return;
    const auto& sk = skins[static_cast<size_t>(skin)].skeleton;
    detected = detect_limbs(sk);
    if (!detected.empty())
        (void)set_chain(sk, detected.front().root, detected.front().mid, detected.front().tip);
}

Status IkPanel::set_chain(const anim::Skeleton& sk, int root, int mid, int tip) {
    const int n = sk.joint_count();
    if (root < 0 || mid < 0 || tip < 0 || root >= n || mid >= n || tip >= n)
        return make_error("IK chain: joint index out of range (" + std::to_string(n) + " joints)");
    const auto& p = sk.parents();
    if (p[static_cast<size_t>(tip)] != mid || p[static_cast<size_t>(mid)] != root)
        return make_error("IK chain: '" + sk.names()[static_cast<size_t>(tip)] + "' > '" +
                          sk.names()[static_cast<size_t>(mid)] + "' > '" +
                          sk.names()[static_cast<size_t>(root)] + "' is not a parent-to-child chain");
    chain.root = root;
    chain.mid = mid;
    chain.tip = tip;
    chain.label = sk.names()[static_cast<size_t>(root)] + " > " + sk.names()[static_cast<size_t>(mid)] +
                  " > " + sk.names()[static_cast<size_t>(tip)];
    error.clear();
    place_on_pose(sk);
    return ok_status();
}

Status IkPanel::set_chain_from_tip(const anim::Skeleton& sk, int tip) {
    if (tip < 0 || tip >= sk.joint_count()) return make_error("IK chain: no joint selected");
    const int mid = sk.parents()[static_cast<size_t>(tip)];
    const int root = mid >= 0 ? sk.parents()[static_cast<size_t>(mid)] : -1;
    if (root < 0)
        return make_error("IK chain: '" + sk.names()[static_cast<size_t>(tip)] +
                          "' has no grandparent joint");
    return set_chain(sk, root, mid, tip);
}

void IkPanel::place_on_pose(const anim::Skeleton& sk) {
    if (chain.tip < 0) return;
    moved_by_hand = false;
    const glm::dvec3 r = joint_world_position(sk, chain.root);
    const glm::dvec3 m = joint_world_position(sk, chain.mid);
    const glm::dvec3 t = joint_world_position(sk, chain.tip);
    target = t;
    // The pole in front of the bend: away from the root-tip line through the mid joint, one upper
    // bone length out. A straight chain has no bend to read, so it gets a fixed forward (+Z) hint.
    const double upper = glm::length(m - r);
    const glm::dvec3 axis = t - r;
    const double al = glm::length(axis);
    glm::dvec3 out(0.0, 0.0, 1.0);
    if (al > 0.0) {
        const glm::dvec3 u = axis / al;
        const glm::dvec3 off = (m - r) - glm::dot(m - r, u) * u;
        if (glm::length(off) > 1e-6 * std::max(upper, 1e-12)) out = glm::normalize(off);
    }
    pole = m + out * (upper > 0.0 ? upper : 1.0);
}

anim::TwoBoneIkInput IkPanel::input(const anim::Skeleton& sk) const {
    anim::TwoBoneIkInput in;
    in.parents = &sk.parents();
    in.world = &sk.world();
    in.root = chain.root;
    in.mid = chain.mid;
    in.tip = chain.tip;
    in.target = target;
    in.pole = pole;
    in.weight = static_cast<double>(weight);
    in.twist_angle = glm::radians(static_cast<double>(twist_degrees));
    in.soften = static_cast<double>(soften);
    return in;
}

void IkPanel::solve(anim::CharacterSkin& s) {
    solved = reachable = false;
    if (!enabled || chain.tip < 0) return;
    const Expected<anim::TwoBoneIkResult> r = anim::solve_two_bone_ik(input(s.skeleton), s.pose);
    if (!r) {
        error = r.error().message;
        return;
    }
    error.clear();
    solved = r->solved;
    reachable = r->reachable;
}

}  // namespace sv::ui

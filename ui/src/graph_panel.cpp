#include "ui/graph_panel.h"

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/avatar/humanoid_map.h"
#include "anim/graph/humanoid_names.h"

namespace sv::ui {

const char* to_string(GraphMode m) {
    switch (m) {
        case GraphMode::Clip:
            return "clip";
        case GraphMode::Blend:
            return "blend two clips";
        case GraphMode::StateMachine:
            return "state machine";
        case GraphMode::Retarget:
            return "retarget from a second file";
    }
    return "?";
}

void RootMotionTrack::bind(const anim::Character& character, int skin, int clip) {
    joint = -1;
    this->clip = clip;
    channels = {};
    reset();
    const auto& asset = character.asset();
    if (clip < 0 || static_cast<size_t>(clip) >= asset.clips.size()) return;
    if (skin < 0 || static_cast<size_t>(skin) >= character.skins().size()) return;
    const auto& cs = character.skins()[static_cast<size_t>(skin)];
    const anim::Clip& c = asset.clips[static_cast<size_t>(clip)];
    for (int j = 0; j < cs.skeleton.joint_count(); ++j) {
        const anim::RootChannels rc = anim::find_root_channels(c, cs.bindings[static_cast<size_t>(clip)], j);
        if (rc.translation >= 0) {
            joint = j;
            channels = rc;
            break;
        }
    }
    if (joint < 0) return;
    // The delta is in the root's parent frame; the placement is conjugated into the world by that
    // frame, so a rig under a 0.01 armature scale walks centimetres as centimetres. Its bind-time
    // global stands in for the live one: a parent that itself animates would need it per frame.
    const int node = asset.skins[static_cast<size_t>(skin)].joints[static_cast<size_t>(joint)];
    const int parent = asset.scene.nodes[static_cast<size_t>(node)].parent;
    parent_frame = parent >= 0 ? asset.scene.nodes[static_cast<size_t>(parent)].global : glm::dmat4(1.0);
}

void RootMotionTrack::step(const anim::Clip& clip, double from, double to) {
    if (joint < 0 || from == to) return;
    anim::RootMotion d;
    anim::extract_root_motion(clip, channels, from, to, d);
    placement = placement.then(d);
}

void RootMotionTrack::record(const glm::vec3& p) {
    if (trail.size() >= kMaxTrail) trail.erase(trail.begin());
    trail.push_back(p);
}

void RootMotionTrack::reset() {
    placement = {};
    trail.clear();
}

glm::mat4 RootMotionTrack::model() const {
    glm::dmat4 local =
        glm::translate(glm::dmat4(1.0), placement.translation) * glm::mat4_cast(placement.rotation);
    return glm::mat4(parent_frame * local * glm::inverse(parent_frame));
}

void SpringPanel::rebuild(const anim::Skeleton& sk) {
    chain.links.clear();
    settle.clear();
    chain_settle = 0.0;
    error.clear();
    if (first_joint < 0 || first_joint >= sk.joint_count()) {
        error = "pick the chain's first joint (select a joint, then 'use selected')";
        return;
    }
    int j = first_joint;
    for (int i = 0; i < links && j >= 0; ++i) {
        anim::SpringLink l;
        l.joint = j;
        l.spring = {static_cast<double>(frequency_hz), static_cast<double>(damping)};
        l.delay_s = i * static_cast<double>(delay_per_link);
        chain.links.push_back(l);
        int next = -1;
        for (int c = j + 1; c < sk.joint_count(); ++c)
            if (sk.parents()[static_cast<size_t>(c)] == j) {
                next = c;
                break;
            }
        j = next;
    }
    if (auto s = chain.validate(sk.joint_count()); !s) {
        error = s.error().message;
        chain.links.clear();
        return;
    }
    settle.assign(chain.links.size(), 0.0);
    // 5%: the swing is then under a twentieth of the kick, too small to read at viewing distance.
    chain_settle = anim::spring_chain_settle_time(chain, glm::radians(static_cast<double>(impulse_degrees)),
                                                  0.0, 0.05, settle);
}

int GraphPanel::default_spring_joint(const anim::Character& character) {
    if (character.skins().empty()) return -1;
    const auto& sk = character.skins()[0].skeleton;
    for (int j = 0; j < sk.joint_count(); ++j)
        if (sk.names()[static_cast<size_t>(j)].find("ail") != std::string::npos) return j;  // Tail, tail
    return -1;
}

void GraphPanel::attach(const anim::Character& character, int skin) {
    const auto& skins = character.skins();
    scratch = skin >= 0 && static_cast<size_t>(skin) < skins.size()
                  ? skins[static_cast<size_t>(skin)].skeleton.rest_pose()
                  : anim::Pose();
    params = {};
    blend_param = params.add("blend", 0.5f);
    state_param = params.add("state", 0.0f);
    const int clips = static_cast<int>(character.asset().clips.size());
    blend_a = 0;
    blend_b = clips > 1 ? 1 : 0;
    clock = 0.0;
    tree.reset();
    machine.reset();
    tree_error = machine_error = {};
    if (auto s = build_tree(character, skin); !s) tree_error = s.error().message;
    if (auto s = build_machine(character, skin); !s) machine_error = s.error().message;
    root = {};
    spring.first_joint = -1;
    if (skin >= 0 && static_cast<size_t>(skin) < skins.size()) {
        const auto& sk = skins[static_cast<size_t>(skin)].skeleton;
        for (int j = 0; j < sk.joint_count() && spring.first_joint < 0; ++j)
            if (sk.names()[static_cast<size_t>(j)].find("ail") != std::string::npos)
                spring.first_joint = j;  // Tail, tail (default_spring_joint for skin 0)
        spring.rebuild(sk);
        if (source && !source->skins().empty()) {
            map = anim::build_humanoid_retarget_map(
                source->skins()[0].skeleton.names(), anim::skin_humanoid_bones(source->asset(), 0),
                sk.names(), anim::skin_humanoid_bones(character.asset(), skin), sk.parents());
            // The rests are measured against this target, not the one the source was loaded for.
            source->pose_at(-1, 0.0f, true);
            if (auto st = anim::prepare_rest_retarget(source->skins()[0].skeleton, map, sk.joint_count(),
                                                      rest, rest.align);
                !st)
                source_error = st.error().message;
        }
    }
}

Status GraphPanel::build_tree(const anim::Character& character, int skin) {
    tree.reset();
    const auto& clips = character.asset().clips;
    if (clips.empty()) return make_error("blend: the file has no clips");
    if (skin < 0 || static_cast<size_t>(skin) >= character.skins().size())
        return make_error("blend: no skin");
    if (blend_a < 0 || blend_b < 0 || static_cast<size_t>(blend_a) >= clips.size() ||
        static_cast<size_t>(blend_b) >= clips.size())
        return make_error("blend: clip index out of range");
    const auto& cs = character.skins()[static_cast<size_t>(skin)];
    auto t = std::make_unique<anim::BlendTree>(cs.skeleton.rest_pose());
    auto a = t->add_clip(&clips[static_cast<size_t>(blend_a)], cs.bindings[static_cast<size_t>(blend_a)]);
    if (!a) return a.error();
    auto b = t->add_clip(&clips[static_cast<size_t>(blend_b)], cs.bindings[static_cast<size_t>(blend_b)]);
    if (!b) return b.error();
    auto blend = t->add_blend_1d(blend_param, {*a, *b}, {0.0f, 1.0f});
    if (!blend) return blend.error();
    if (auto s = t->validate(params); !s) return s;
    tree = std::move(t);
    return ok_status();
}

void GraphPanel::set_mode(GraphMode m, const anim::Character& character, int skin) {
    const bool entering = m == GraphMode::StateMachine && mode != GraphMode::StateMachine;
    mode = m;
    if (!entering) return;
    auto s = build_machine(character, skin);
    machine_error = s ? std::string() : s.error().message;
}

Status GraphPanel::build_machine(const anim::Character& character, int skin) {
    machine.reset();
    const auto& clips = character.asset().clips;
    if (clips.empty()) return make_error("state machine: the file has no clips");
    if (skin < 0 || static_cast<size_t>(skin) >= character.skins().size())
        return make_error("state machine: no skin");
    const auto& cs = character.skins()[static_cast<size_t>(skin)];
    auto m = std::make_unique<anim::StateMachine>(cs.skeleton.rest_pose());
    for (size_t i = 0; i < clips.size(); ++i) {
        auto s = m->add_clip_state(clips[i].name, &clips[i], cs.bindings[i], true);
        if (!s) return s.error();
        anim::Transition t;
        t.from = anim::kAnyState;
        t.to = *s;
        t.duration = static_cast<double>(fade_seconds);
        t.conditions = {{state_param, anim::Compare::Equal, static_cast<float>(i)}};
        if (auto tr = m->add_transition(std::move(t)); !tr) return tr.error();
    }
    if (auto s = m->validate(params); !s) return s;
    int first = static_cast<int>(params[state_param]);
    if (first < 0 || static_cast<size_t>(first) >= clips.size()) first = 0;
    if (auto s = m->start(first, clock); !s) return s;
    machine = std::move(m);
    return ok_status();
}

Status GraphPanel::set_source(anim::Asset asset, const std::string& path, const anim::Character& target,
                              int skin) {
    auto c = anim::Character::create(std::move(asset));
    if (!c) return make_error(path + ": " + c.error().message);
    if (c->skins().empty()) return make_error(path + ": no skin to take a clip from");
    if (c->asset().clips.empty()) return make_error(path + ": no clips to play");
    if (skin < 0 || static_cast<size_t>(skin) >= target.skins().size())
        return make_error("retarget: no target skin");
    const auto& sk = target.skins()[static_cast<size_t>(skin)].skeleton;
    anim::RetargetMap m = anim::build_humanoid_retarget_map(
        c->skins()[0].skeleton.names(), anim::skin_humanoid_bones(c->asset(), 0), sk.names(),
        anim::skin_humanoid_bones(target.asset(), skin), sk.parents());
    // Nothing maps: say why, naming a few of the source's joints, so a user sees at once that the
    // rig is not a humanoid skinview can read (a quadruped, a rig named "joint_1", unnamed joints)
    // rather than a broken file. Last round's corpus: 5 of the 7 skinned, animated files in
    // ../shared end here, all for this reason (none is a humanoid by name).
    if (std::none_of(m.target_of_source.begin(), m.target_of_source.end(), [](int t) { return t >= 0; })) {
        const auto& names = c->skins()[0].skeleton.names();
        std::string some;
        for (size_t i = 0; i < names.size() && i < 3; ++i)
            some += (i ? ", '" : "'") + (names[i].empty() ? std::string("(unnamed)") : names[i]) + "'";
        if (names.size() > 3) some += ", ...";
        return make_error(
            path +
            ": cannot be a retarget source for this character: no joint names in common. None of its " +
            std::to_string(names.size()) + " joints (" + some +
            ") is a humanoid bone by its VRM map or by a naming scheme skinview knows (Mixamo, "
            "Blender, Unreal, VRM), nor named as one of this character's joints");
    }
    c->pose_at(-1, 0.0f, true);
    anim::RetargetRest r;
    if (auto st = anim::prepare_rest_retarget(c->skins()[0].skeleton, m, sk.joint_count(), r, rest.align);
        !st)
        return make_error(path + ": " + st.error().message);
    rest = std::move(r);
    source = std::make_unique<anim::Character>(std::move(*c));
    source_path = path;
    source_clip = 0;
    map = std::move(m);
    return ok_status();
}

double GraphPanel::duration(const anim::Character& character, int clip) const {
    switch (mode) {
        case GraphMode::Blend:
            if (tree) return tree->duration(params);
            break;
        case GraphMode::StateMachine:
            return 0.0;
        case GraphMode::Retarget:
            if (source && source_clip >= 0 && static_cast<size_t>(source_clip) < source->asset().clips.size())
                return source->asset().clips[static_cast<size_t>(source_clip)].duration;
            break;
        case GraphMode::Clip:
            break;
    }
    const auto& clips = character.asset().clips;
    if (clip < 0 || static_cast<size_t>(clip) >= clips.size()) return 0.0;
    return clips[static_cast<size_t>(clip)].duration;
}

namespace {
std::string clip_name(const anim::Character& c, int i) {
    const auto& clips = c.asset().clips;
    if (i < 0 || static_cast<size_t>(i) >= clips.size()) return "rest pose";
    const std::string& n = clips[static_cast<size_t>(i)].name;
    return "'" + (n.empty() ? "clip " + std::to_string(i) : n) + "'";
}
}  // namespace

std::string GraphPanel::playing_label(const anim::Character& character, int clip) const {
    switch (mode) {
        case GraphMode::Blend:
            if (tree)
                return "blend: " + clip_name(character, blend_a) + " + " + clip_name(character, blend_b);
            break;
        case GraphMode::StateMachine:
            if (machine)
                return "state machine over " + std::to_string(character.asset().clips.size()) + " clips";
            break;
        case GraphMode::Retarget:
            if (source) {
                const size_t slash = source_path.find_last_of('/');
                return "retarget: " + clip_name(*source, source_clip) + " from " +
                       (slash == std::string::npos ? source_path : source_path.substr(slash + 1));
            }
            break;
        case GraphMode::Clip:
            break;
    }
    return clip_name(character, clip);
}

}  // namespace sv::ui

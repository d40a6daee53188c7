#include "view_reference.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <tuple>
#include <utility>

#include "frame_steps_reference.h"

namespace sv::test::spec {

glm::dvec4 euler_xyz(const glm::dvec3& degrees) {
    const glm::dquat q = glm::angleAxis(glm::radians(degrees.z), glm::dvec3(0, 0, 1)) *
                         glm::angleAxis(glm::radians(degrees.y), glm::dvec3(0, 1, 0)) *
                         glm::angleAxis(glm::radians(degrees.x), glm::dvec3(1, 0, 0));
    return {q.x, q.y, q.z, q.w};
}

std::string blend_first_two_clips(const tinygltf::Model& m, double w, double time,
                                  std::vector<NodePose>* nodes) {
    if (m.animations.size() < 2 || m.skins.empty()) return "the blend needs two clips and a skin";
    const double da = clip_duration(m, 0), db = clip_duration(m, 1);
    const double d = da + w * (db - da);
    double phase = time / d;
    phase -= std::floor(phase);
    std::vector<NodePose> rest, a, b;
    for (const auto& [clip, at, out] :
         {std::tuple{-1, 0.0, &rest}, std::tuple{0, phase * da, &a}, std::tuple{1, phase * db, &b}})
        if (std::string e = sample_nodes(m, clip, at, out); !e.empty()) return e;
    *nodes = rest;
    for (int j : m.skins[0].joints) {
        const NodePose &pa = a[static_cast<size_t>(j)], &pb = b[static_cast<size_t>(j)];
        NodePose& o = (*nodes)[static_cast<size_t>(j)];
        o.t = pa.t + w * (pb.t - pa.t);
        o.s = pa.s + w * (pb.s - pa.s);
        const glm::dvec4 qb = glm::dot(pa.r, pb.r) < 0.0 ? -pb.r : pb.r;
        const glm::dvec4 q = pa.r + w * (qb - pa.r);
        o.r = q / glm::length(q);
    }
    return "";
}

namespace {

// A pose edit's joint: the first skin's joint of that name (docs/settings.md `pose_edits`), not any
// node (RobotExpressive names a mesh node and a joint "Torso"). The built-in humanoids name their
// joints as Mixamo does, with or without its prefix.
int joint_named(const tinygltf::Model& m, const std::string& name) {
    for (const auto& skin : m.skins)
        for (int n : skin.joints)
            if (m.nodes[static_cast<size_t>(n)].name == name ||
                m.nodes[static_cast<size_t>(n)].name == "mixamorig:" + name)
                return n;
    return -1;
}

int clip_named(const tinygltf::Model& m, const std::string& name) {
    for (size_t i = 0; i < m.animations.size(); ++i)
        if (m.animations[i].name == name) return static_cast<int>(i);
    return -1;
}

// A looping clip's time: a view past the clip's end is drawn wrapped into it (docs/settings.md:
// `time`), while the specification's sampler clamps; wrap here, before the evaluator sees it.
double wrapped(const tinygltf::Model& m, int clip, double time) {
    const double d = clip >= 0 ? clip_duration(m, clip) : 0.0;
    return d > 0.0 && time >= d ? std::fmod(time, d) : time;
}

glm::dvec3 world_position(const std::vector<glm::dmat4>& globals, int node) {
    return glm::dvec3(globals[static_cast<size_t>(node)][3]);
}

}  // namespace

ViewPose evaluate_view(const tinygltf::Model& m, const nlohmann::json& gltf, const nlohmann::json& view,
                       const IkLimb& limb, const ViewPoseOptions& options) {
    ViewPose out;
    const auto refuse = [&](std::string why) {
        out.not_held = std::move(why);
        return out;
    };
    const auto fail = [&](std::string why) {
        out.evaluation.error = std::move(why);
        return out;
    };
    const std::string graph = view.value("graph", std::string("clip"));
    if (graph == "retarget") return refuse("a retarget view");
    if (view.value("springs", false)) return refuse("the Graph tab's spring chain");
    if (view.contains("look_at") && view["look_at"] != "off") return refuse("a look-at");
    const double time = view.value("time", 0.0);

    // 1. The base pose.
    int clip = m.animations.empty() ? -1 : 0;
    if (view.contains("clip")) {
        const auto& c = view["clip"];
        if (c.is_number_integer())
            clip = c.get<int>();
        else if (c == "rest")
            clip = -1;
        else if (c.is_string() && !c.get<std::string>().empty())
            clip = clip_named(m, c.get<std::string>());
        if (clip < -1 || (clip == -1 && c != "rest") || clip >= static_cast<int>(m.animations.size()))
            return fail("no clip " + c.dump());
    }
    std::vector<NodePose> nodes;
    std::string e;
    const nlohmann::json ext = gltf.value("extensionsUsed", nlohmann::json::array());
    const bool vrm_springs =
        options.vrm_springs && std::find(ext.begin(), ext.end(), "VRMC_springBone") != ext.end();
    const bool edits = view.contains("pose_edits") && !view["pose_edits"].empty() && !options.without_edits;
    const bool ik = view.value("ik", false) && !options.without_ik;
    if (graph == "blend") {
        out.steps.push_back("blend");
        e = blend_first_two_clips(m, view.value("blend", 0.5), time, &nodes);
    } else if (graph == "state_machine") {
        // A saved state-machine view is the machine entered in its state, `time` seconds in: that
        // state's clip at that time, looping, over the rest of every node but skin 0's joints.
        out.steps.push_back("state");
        const std::string state = view.value("machine_state", std::string());
        const int s = state.empty() ? 0 : clip_named(m, state);
        if (s < 0) return fail("no state " + state);
        std::vector<NodePose> sampled;
        e = sample_nodes(m, -1, 0.0, &nodes);
        if (e.empty()) e = sample_nodes(m, s, wrapped(m, s, time), &sampled);
        if (e.empty() && !m.skins.empty())
            for (int j : m.skins[0].joints) nodes[static_cast<size_t>(j)] = sampled[static_cast<size_t>(j)];
    } else if (vrm_springs) {
        // frame_steps_reference.h replays the springs over the clip alone: a view that edits or
        // solves under them is not written out here.
        if (edits || ik) return refuse("VRM spring bones under pose edits or IK");
        e = simulate_vrm_springs(m, gltf, clip, wrapped(m, clip, time), &nodes);
    } else {
        e = sample_nodes(m, clip, wrapped(m, clip, time), &nodes);
    }
    if (!e.empty()) return fail(e);

    // 2. Root motion (clip mode): the root, the first joint of skin 0 (parents first) the clip moves
    // by translation, pinned to the clip's own translation and rotation at its start.
    if (view.value("root_motion", false) && graph == "clip" && clip >= 0) {
        out.steps.push_back("root_motion");
        std::vector<NodePose> first;
        if (e = sample_nodes(m, clip, 0.0, &first); !e.empty()) return fail(e);
        int root = -1;
        for (int j : m.skins.at(0).joints)
            for (const auto& ch : m.animations[static_cast<size_t>(clip)].channels)
                if (root < 0 && ch.target_node == j && ch.target_path == "translation") root = j;
        if (root < 0) return fail("root motion: the clip moves no joint by translation");
        nodes[static_cast<size_t>(root)].t = first[static_cast<size_t>(root)].t;
        nodes[static_cast<size_t>(root)].r = first[static_cast<size_t>(root)].r;
    }

    // 3. Pose edits: local' = local x edit, the edit in the joint's own frame.
    if (edits) {
        out.steps.push_back("edits");
        for (const auto& [joint, deg] : view["pose_edits"].items()) {
            const int n = joint_named(m, joint);
            if (n < 0) return fail("no joint named " + joint);
            const glm::dvec4 q =
                euler_xyz({deg[0].get<double>(), deg[1].get<double>(), deg[2].get<double>()});
            NodePose& p = nodes[static_cast<size_t>(n)];
            const glm::dquat r = glm::dquat(p.r.w, p.r.x, p.r.y, p.r.z) * glm::dquat(q.w, q.x, q.y, q.z);
            p.r = {r.x, r.y, r.z, r.w};
        }
    }

    // 4. Two-bone IK toward the view's handles, or, when it gives none, the handles the IK tab places
    // when the chain is picked (docs/settings.md `ik_target`), on the pose the file opens in (the
    // first clip at its start, nothing edited): the target on the tip where it stands, the pole in
    // front of the bend, one upper bone out from the mid joint (+Z for a straight chain).
    if (ik) {
        out.steps.push_back("ik");
        if (limb.tip < 0) return fail("the view turns IK on and the test named no limb");
        TwoBoneChain c;
        c.root = limb.root, c.mid = limb.mid, c.tip = limb.tip;
        if (view.contains("ik_target") && view.contains("ik_pole")) {
            const auto& t = view["ik_target"];
            const auto& p = view["ik_pole"];
            c.target = {t[0].get<double>(), t[1].get<double>(), t[2].get<double>()};
            c.pole = {p[0].get<double>(), p[1].get<double>(), p[2].get<double>()};
        } else {
            std::vector<NodePose> opening;
            if (e = sample_nodes(m, m.animations.empty() ? -1 : 0, 0.0, &opening); !e.empty()) return fail(e);
            const auto g = node_globals(m, opening);
            const glm::dvec3 r = world_position(g, c.root), mid = world_position(g, c.mid),
                             t = world_position(g, c.tip);
            c.target = t;
            const double upper = glm::length(mid - r);
            const glm::dvec3 axis = t - r;
            glm::dvec3 dir(0.0, 0.0, 1.0);
            if (glm::length(axis) > 0.0) {
                const glm::dvec3 u = glm::normalize(axis);
                const glm::dvec3 off = (mid - r) - glm::dot(mid - r, u) * u;
                if (glm::length(off) > 1e-6 * std::max(upper, 1e-12)) dir = glm::normalize(off);
            }
            c.pole = mid + dir * (upper > 0.0 ? upper : 1.0);
        }
        // A target at or past the chain's reach straightens it, and a straight chain has no knee
        // for the pole to turn: the documented roll is undefined there, and the foot's turn about
        // the leg with it. Such a view is counted, not guessed.
        {
            const auto g = node_globals(m, nodes);
            const glm::dvec3 r = world_position(g, c.root);
            const double reach = glm::length(world_position(g, c.mid) - r) +
                                 glm::length(world_position(g, c.tip) - world_position(g, c.mid));
            if (glm::length(c.target - r) >= 0.999 * reach)
                return refuse("an IK target out of the limb's reach");
        }
        if (e = solve_two_bone_ik(m, c, &nodes); !e.empty()) return fail(e);
    }

    // 6. VRM expressions (morph weights).
    if (view.contains("expressions") && !view["expressions"].empty()) {
        out.steps.push_back("expressions");
        std::vector<std::pair<std::string, double>> set;
        for (const auto& [name, w] : view["expressions"].items()) set.emplace_back(name, w.get<double>());
        if (e = apply_vrm_expressions(gltf, set, &nodes); !e.empty()) return fail(e);
    }
    out.evaluation = evaluate_nodes(m, nodes);
    return out;
}

}  // namespace sv::test::spec

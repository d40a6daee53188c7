#include "settings_apply.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "anim/avatar/humanoid_map.h"
#include "render/debug_view.h"
#include "retarget_source.h"

namespace sv::viewer {

namespace {

struct GraphName {
    ui::GraphMode mode;
    const char* name;
};
constexpr GraphName kGraphs[] = {{ui::GraphMode::Clip, "clip"},
                                 {ui::GraphMode::Blend, "blend"},
                                 {ui::GraphMode::StateMachine, "state_machine"},
                                 {ui::GraphMode::Retarget, "retarget"}};

struct TabName {
    ui::InspectorTab tab;
    const char* name;
};
constexpr TabName kTabs[] = {
    {ui::InspectorTab::Frame, "frame"},       {ui::InspectorTab::Joints, "joints"},
    {ui::InspectorTab::Conflicts, "scale"},   {ui::InspectorTab::IK, "ik"},
    {ui::InspectorTab::Palette, "palette"},   {ui::InspectorTab::Diagnose, "diagnose"},
    {ui::InspectorTab::Graph, "graph"},       {ui::InspectorTab::Notes, "notes"},
    {ui::InspectorTab::Humanoid, "humanoid"}, {ui::InspectorTab::Expressions, "expressions"}};

// The first skin that has a joint of this name, and its index there; else, on a VRM avatar, the
// joint its humanoid map puts under the bone of that name ("leftUpperArm").
bool find_joint(const anim::Character& ch, const std::string& name, int& skin, int& joint) {
    for (size_t k = 0; k < ch.skins().size(); ++k) {
        const int j = ch.skins()[k].skeleton.find(name);
        if (j >= 0) {
            skin = static_cast<int>(k);
            joint = j;
            return true;
        }
    }
    for (size_t k = 0; k < ch.skins().size(); ++k) {
        const auto bones = anim::skin_humanoid_bones(ch.asset(), static_cast<int>(k));
        for (size_t j = 0; j < bones.size(); ++j)
            if (bones[j] == name) {
                skin = static_cast<int>(k);
                joint = static_cast<int>(j);
                return true;
            }
    }
    return false;
}

}  // namespace

namespace {

std::string joint_name(const anim::Character& ch, int skin, int joint) {
    if (skin < 0 || static_cast<size_t>(skin) >= ch.skins().size() || joint < 0) return {};
    const auto& names = ch.skins()[static_cast<size_t>(skin)].skeleton.names();
    return static_cast<size_t>(joint) < names.size() ? names[static_cast<size_t>(joint)] : std::string();
}

}  // namespace

ui::InspectorTab tab_from_name(const std::string& name) {
    for (const auto& t : kTabs)
        if (name == t.name) return t.tab;
    return ui::InspectorTab::Frame;
}

const char* tab_name(ui::InspectorTab tab) {
    for (const auto& t : kTabs)
        if (tab == t.tab) return t.name;
    return "frame";
}

Status apply_settings(const ui::View& s, ui::ViewerModel& m, anim::Character& ch) {
    FrameState& st = m.state;
    std::string errors;
    const auto fail = [&](const std::string& e) { errors += (errors.empty() ? "" : "; ") + e; };

    st.draw.correction = s.skin.correction;
    st.draw.auto_rung = s.skin.skinning == "auto";
    if (!st.draw.auto_rung) {
        if (auto mode = anim::parse_skinning_rung(s.skin.skinning))
            st.draw.rung = *mode;
        else
            fail("skinning: " + mode.error().message);
    }
    st.draw.draw_skeleton = s.draw.show_armature;

    // The graph first: the clock's length (for `time`) depends on what drives the pose. Load
    // replaces the whole state, so a file without a retarget source drops the one loaded.
    ui::GraphPanel& g = m.graph;
    if (s.pose.retarget_source.empty()) {
        g.source.reset();
        g.source_path.clear();
        g.source_error.clear();
        g.map = {};
    } else if (!g.source || g.source_path != s.pose.retarget_source) {
        if (auto r = load_retarget_source(g, s.pose.retarget_source, ch, 0); !r) {
            g.source_error = r.error().message;
            fail("retarget_source: " + r.error().message);
        }
    }
    g.rest.align =
        s.pose.retarget_rest == "rest-relative" ? anim::RestAlign::RestRelative : anim::RestAlign::Aligned;
    g.rest.measured = false;
    g.source_clip = 0;
    if (g.source && !s.pose.retarget_clip.empty()) {
        // By name, else an unnamed clip by its index (as `clip` and `bake --retarget --clip` read it).
        if (auto c = resolve_clip(*g.source, s.pose.retarget_clip); c && *c >= 0)
            g.source_clip = *c;
        else
            fail("retarget_clip: the source has no clip named '" + s.pose.retarget_clip + "'");
    } else if (!g.source && !s.pose.retarget_clip.empty()) {
        fail("retarget_clip: there is no retarget_source to take '" + s.pose.retarget_clip + "' from");
    }
    g.mode = ui::GraphMode::Clip;
    for (const auto& gn : kGraphs)
        if (s.clock.graph == gn.name) g.mode = gn.mode;
    if (g.mode == ui::GraphMode::Retarget && !g.source) {
        g.mode = ui::GraphMode::Clip;
        fail("graph: 'retarget' needs a retarget_source");
    }
    if (g.blend_param >= 0) {
        g.params.set(g.blend_param, static_cast<float>(s.clock.blend));
    }
    m.animation.speed = static_cast<float>(s.clock.speed);
    g.spring.enabled = s.pose.springs;
    if (!s.pose.spring_joint.empty()) {
        // By name in skin 0, the skin the chain runs in (GraphPanel::attach's skin).
        const int j = ch.skins().empty() ? -1 : ch.skins()[0].skeleton.find(s.pose.spring_joint);
        if (j >= 0)
            g.spring.first_joint = j;
        else
            fail("spring_joint: no joint named '" + s.pose.spring_joint + "' in skin 0");
    }
    g.spring.links = s.pose.spring_links;
    g.spring.frequency_hz = static_cast<float>(s.pose.spring_frequency_hz);
    g.spring.damping = static_cast<float>(s.pose.spring_damping);
    if (!ch.skins().empty()) g.spring.rebuild(ch.skins()[0].skeleton);
    if (s.pose.springs && !g.spring.error.empty()) fail("springs: " + g.spring.error);

    // "rest" is the rest pose unless the file has a clip of that name.
    int clip = -1;
    if (s.clock.clip == "rest" && ch.find_clip("rest") < 0) {
        clip = -1;
    } else if (auto c = resolve_clip(ch, s.clock.clip)) {
        clip = *c;
    } else {
        fail("clip: " + c.error().message);
        clip = m.animation.clip;
    }
    if (clip != m.animation.clip) (void)m.animation.set_clip(ch, clip);
    // A looping clip's view at a time past its end is the time the clip wraps to, as the window
    // plays it and as frame k of `render --frames` draws it: kept as given, the frame samples it
    // looped. It used to be clamped to the end here (and only here), so `--time 1.0` over a settings
    // file drew a 0.9 s clip's last frame while the sequence's frame at 1.0 drew its 0.1 s.
    const double length = m.graph.duration(ch, clip);
    if (m.animation.loop && length > 0.0 && s.clock.time > length)
        m.animation.time = s.clock.time;
    else
        m.animation.scrub(s.clock.time, length);
    // A saved state-machine view is the machine entered in its first state at clock 0 and played
    // `time` seconds. The graph clock used to stay where the panel had left it (0 headless), so
    // every saved state-machine view drew its first clip's first frame whatever its time (the clip time
    // clamped to the mode's length of 0 too). The state is `machine_state`'s (the
    // window's `state` parameter); a view saved in the middle of a cross-fade comes back as the state
    // it was fading to, entered without the fade.
    if (g.mode == ui::GraphMode::StateMachine) {
        m.animation.time = std::max(0.0, s.clock.time);  // the scrub above clamps to the mode's length, 0
        // The state to enter: the machine starts in the state its `state` parameter names.
        int state = 0;
        if (!s.clock.machine_state.empty()) {
            if (auto c = resolve_clip(ch, s.clock.machine_state); c && *c >= 0)
                state = *c;
            else
                fail("machine_state: the file has no clip named '" + s.clock.machine_state + "'");
        }
        if (g.state_param >= 0) g.params.set(g.state_param, static_cast<float>(state));
        g.clock = 0.0;
        if (auto b = g.build_machine(ch, 0); !b) fail("graph: " + b.error().message);
        g.clock = m.animation.time;
    }
    m.animation.playing = s.clock.playing;
    // Bound here, not on the window's first frame: a headless frame strips with what the model holds.
    m.animation.root_motion = s.pose.root_motion;
    m.graph.root.reset();
    if (s.pose.root_motion && g.mode == ui::GraphMode::Clip && clip >= 0 && !ch.skins().empty())
        m.graph.root.bind(ch, 0, clip);
    // The spring chain's clock starts at the clip time with its Kick at 0: what a headless frame of
    // this view swings with (anim/frame/pose_state.h); the window runs it on from there.
    g.spring.clock = m.animation.time;
    g.spring.impulse_time = 0.0;

    if (s.panels.joint.empty()) {
        m.scene.selection.joint = -1;
    } else {
        int skin = 0, joint = -1;
        if (find_joint(ch, s.panels.joint, skin, joint))
            (void)m.select_joint(ch, skin, joint);
        else
            fail("joint: no joint named '" + s.panels.joint + "' in any skin");
    }

    m.weights_joint = -1;
    // The reader refuses a heat map with a material view, so at most one of the two is not off.
    st.draw.debug_view =
        render::debug_view_named(s.draw.heatmap, &render::DebugViewNames::settings_heat_map)
            .value_or(render::debug_view_named(s.draw.view, &render::DebugViewNames::settings_view)
                          .value_or(render::DebugView::Lit));
    if (st.draw.debug_view == render::DebugView::ErrorHeatMap && !m.diagnose.has_result)
        m.diagnose.run_requested = true;
    if (!s.draw.weights_joint.empty()) {
        int skin = 0, joint = -1;
        if (find_joint(ch, s.draw.weights_joint, skin, joint)) {
            m.weights_skin = skin;
            m.weights_joint = joint;
        } else {
            fail("weights_joint: no joint named '" + s.draw.weights_joint + "' in any skin");
        }
    }

    st.draw.lighting.exposure = static_cast<float>(s.lighting.exposure);
    st.draw.lighting.environment_rotation_deg = static_cast<float>(s.lighting.environment_rotation);
    st.draw.lighting.key_light = s.lighting.key_light;
    st.draw.draw_grid = s.draw.grid;
    if (auto c = ui::parse_background(s.draw.background); c)
        st.clear_color = glm::vec4((*c)[0], (*c)[1], (*c)[2], (*c)[3]);
    else
        fail(c.error().message);
    st.draw.lighting.environment_intensity = static_cast<float>(s.lighting.environment_intensity);
    st.draw.lighting.environment_background = s.lighting.environment_background;
    st.draw.lighting.environment_blur = static_cast<float>(s.lighting.environment_blur);

    m.expressions.clear();
    for (const auto& [name, w] : s.pose.expressions)
        if (auto e = m.expressions.set(name, w); !e) fail("expressions: " + e.error().message);
    if (auto e = m.expressions.update(ch); !e) fail("expressions: " + e.error().message);

    // Load replaces the whole state: a file without pose_edits leaves the pose as animated.
    m.pose_edits.reset_all();
    for (const auto& [name, deg] : s.pose.edits) {
        int skin = 0, joint = -1;
        if (find_joint(ch, name, skin, joint))
            m.pose_edits.set(ch.asset().skins[static_cast<size_t>(skin)].joints[static_cast<size_t>(joint)],
                             glm::dvec3(deg[0], deg[1], deg[2]));
        else
            fail("pose_edits: no joint named '" + name + "' in any skin");
    }
    if (!s.pose.look_at.empty()) {
        if (auto t = parse_look_target(s.pose.look_at); t)
            st.look_at = *t;
        else
            fail("look_at: " + t.error().message);
    }

    m.ik.enabled = s.pose.ik;
    if (s.pose.ik && m.ik.chain.tip < 0) fail("ik: no two-bone chain (arm or leg) was found in skin 0");
    // Given: where the user left them (the chain's pick placed them on the opening pose already).
    if (s.pose.ik_target.size() == 3)
        m.ik.target = {s.pose.ik_target[0], s.pose.ik_target[1], s.pose.ik_target[2]};
    if (s.pose.ik_pole.size() == 3) m.ik.pole = {s.pose.ik_pole[0], s.pose.ik_pole[1], s.pose.ik_pole[2]};
    m.set_tab(tab_from_name(s.panels.tab));

    if (s.camera.orbit) {
        st.camera.yaw_degrees = static_cast<float>(s.camera.yaw_degrees);
        st.camera.pitch_degrees = static_cast<float>(s.camera.pitch_degrees);
        st.camera.distance = static_cast<float>(s.camera.distance);
        st.camera.target =
            glm::vec3(static_cast<float>(s.camera.target[0]), static_cast<float>(s.camera.target[1]),
                      static_cast<float>(s.camera.target[2]));
    } else if (auto c = apply_camera_option(s.camera.preset, st.camera, &ch.asset().cameras, &st.file_camera);
               !c) {
        fail("camera: " + c.error().message);
    } else if (!render::looks_pinned(s.camera.preset)) {
        // A pinned camera is the view itself; framing it would undo the pin.
        frame_camera(ch, st, m.animation);
    }
    if (!errors.empty()) return make_error("settings: " + errors);
    return ok_status();
}

static std::string background_text(const glm::vec4& c) {
    const auto d = ui::parse_background("default");
    if (c == glm::vec4((*d)[0], (*d)[1], (*d)[2], (*d)[3])) return "default";
    if (c.a == 0.0f) return "transparent";
    const auto byte = [](float v) { return std::to_string(static_cast<int>(std::lround(v * 255.0f))); };
    return byte(c.r) + "," + byte(c.g) + "," + byte(c.b);
}

ui::View capture_settings(const ui::ViewerModel& m, const anim::Character& ch) {
    const FrameState& st = m.state;
    ui::View s;
    s.skin.correction = st.draw.correction;
    s.skin.skinning = st.draw.auto_rung ? "auto" : anim::to_id(st.draw.rung);
    s.draw.show_armature = st.draw.draw_skeleton;
    const render::DebugViewNames& names = render::debug_view_names(st.draw.debug_view);
    s.draw.heatmap = names.settings_heat_map ? names.word : render::kNoHeatMapWord;
    s.draw.view = names.settings_view ? names.word : "lit";
    s.draw.weights_joint =
        m.weights_joint >= 0 ? joint_name(ch, m.weights_skin, m.weights_joint) : std::string();
    s.pose.ik = m.ik.enabled;
    if (m.ik.enabled && m.ik.chain.tip >= 0) {
        s.pose.ik_target = {m.ik.target.x, m.ik.target.y, m.ik.target.z};
        s.pose.ik_pole = {m.ik.pole.x, m.ik.pole.y, m.ik.pole.z};
    }
    s.panels.tab = tab_name(m.tab);
    s.panels.joint = joint_name(ch, m.scene.selection.skin, m.scene.selection.joint);
    const auto& clips = ch.asset().clips;
    if (m.animation.clip < 0 || static_cast<size_t>(m.animation.clip) >= clips.size())
        s.clock.clip = "rest";
    else {
        const std::string& n = clips[static_cast<size_t>(m.animation.clip)].name;
        // An unnamed clip is saved by index, which resolve_clip reads back.
        s.clock.clip = n.empty() ? std::to_string(m.animation.clip) : n;
    }
    s.clock.time = m.animation.time;
    // The state machine's view is its time in the state it is in (what a load plays it from; see
    // apply_settings), not the animation clock, which ran on before the mode was entered.
    if (m.graph.mode == ui::GraphMode::StateMachine && m.graph.machine)
        s.clock.time = m.graph.machine->time_in_state(m.graph.clock);
    s.clock.playing = m.animation.playing;
    s.lighting.exposure = st.draw.lighting.exposure;
    s.lighting.environment_rotation = st.draw.lighting.environment_rotation_deg;
    s.lighting.key_light = st.draw.lighting.key_light;
    s.draw.grid = st.draw.draw_grid;
    s.draw.background = background_text(st.clear_color);
    s.lighting.environment_intensity = st.draw.lighting.environment_intensity;
    s.lighting.environment_background = st.draw.lighting.environment_background;
    s.lighting.environment_blur = decimal_of(st.draw.lighting.environment_blur);
    // The two keys the session's checked setters write (apply_view applies them).
    s.lighting.environment = st.environment;
    s.variant = st.variant;
    s.pose.expressions = m.expressions.active();
    std::sort(s.pose.expressions.begin(), s.pose.expressions.end());
    // By the joint's name in the first skin that lists its node: what `joint` and the load use.
    for (const auto& [node, deg] : m.pose_edits.by_node) {
        std::string name;
        for (size_t k = 0; k < ch.skins().size() && name.empty(); ++k) {
            const auto& nodes = ch.asset().skins[k].joints;
            for (size_t j = 0; j < nodes.size() && name.empty(); ++j)
                if (nodes[j] == node) name = joint_name(ch, static_cast<int>(k), static_cast<int>(j));
        }
        if (!name.empty()) s.pose.edits.emplace_back(name, std::array<double, 3>{deg.x, deg.y, deg.z});
    }
    std::sort(s.pose.edits.begin(), s.pose.edits.end());
    if (ch.asset().vrm.look_at.present) s.pose.look_at = format_look_target(st.look_at);
    const ui::GraphPanel& g = m.graph;
    for (const auto& gn : kGraphs)
        if (g.mode == gn.mode) s.clock.graph = gn.name;
    if (g.blend_param >= 0) s.clock.blend = decimal_of(g.params[g.blend_param]);
    // The state it is in (or fading to), by its clip's name as `clip` is saved.
    if (g.mode == ui::GraphMode::StateMachine && g.machine && g.machine->current_state() >= 0) {
        const int state = g.machine->current_state();
        const std::string& n = g.machine->state_name(state);
        s.clock.machine_state = n.empty() ? std::to_string(state) : n;
    }
    if (g.source) {
        s.pose.retarget_source = g.source_path;
        const auto& clips = g.source->asset().clips;
        if (g.source_clip >= 0 && static_cast<size_t>(g.source_clip) < clips.size()) {
            const std::string& n = clips[static_cast<size_t>(g.source_clip)].name;
            s.pose.retarget_clip = n.empty() ? std::to_string(g.source_clip) : n;
        }
    }
    s.pose.retarget_rest = g.rest.align == anim::RestAlign::RestRelative ? "rest-relative" : "aligned";
    s.clock.speed = decimal_of(m.animation.speed);
    s.pose.root_motion = m.animation.root_motion;
    s.pose.springs = g.spring.enabled;
    // Saved by name when it is not the joint the tab starts on (the first named like "tail").
    s.pose.spring_joint = g.spring.first_joint >= 0 && g.spring.first_joint != g.default_spring_joint(ch)
                              ? joint_name(ch, 0, g.spring.first_joint)
                              : std::string();
    s.pose.spring_links = g.spring.links;
    s.pose.spring_frequency_hz = decimal_of(g.spring.frequency_hz);
    s.pose.spring_damping = decimal_of(g.spring.damping);
    s.camera.orbit = true;
    s.camera.yaw_degrees = st.camera.yaw_degrees;
    s.camera.pitch_degrees = st.camera.pitch_degrees;
    s.camera.distance = st.camera.distance;
    s.camera.target = {st.camera.target.x, st.camera.target.y, st.camera.target.z};
    if (st.file_camera >= 0) {  // looking through the file's camera: that is the view
        s.camera.orbit = false;
        s.camera.preset = "file:" + std::to_string(st.file_camera);
    }
    return s;
}

}  // namespace sv::viewer

#include "headless_settings.h"

#include <memory>

#include "settings_apply.h"
#include "ui/viewer_model.h"

namespace sv::viewer {

Expected<HeadlessSettings> apply_settings_file(const std::string& path, SceneSession& s,
                                               std::initializer_list<const ui::SettingsLayer*> layers) {
    auto file = ui::load_settings_file(path);
    if (!file) return file.error();
    auto view = ui::resolve_view(*file, layers);
    if (!view) return make_error(path + ": " + view.error().message);
    return apply_view_settings(*view, path, s);
}

Expected<HeadlessSettings> apply_view_settings(const ui::View& settings, const std::string& label,
                                               SceneSession& s) {
    ui::ViewerModel model;
    model.attach(s.character());
    model.animation.clip = s.state().clip;
    model.animation.time = s.state().time;
    if (auto st = apply_settings(settings, model, s.character(), s.state()); !st)
        return make_error(label + ": " + st.error().message);
    if (auto st = s.use_environment(settings.lighting.environment); !st)
        return make_error(label + ": " + st.error().message);
    if (auto st = s.select_variant(settings.variant); !st)
        return make_error(label + ": 'variant': " + st.error().message);
    // The viewer colours the weights of the chosen joint, else the selected one (ui_bridge).
    const int weights = model.weights_joint >= 0 ? model.weights_joint : model.scene.selection.joint;
    if (weights >= 0) s.state().draw.selected_joint = weights;
    // The view's expressions replace the session's (--expression was put over the file's, so a
    // named flag is among them); a view without any keeps what the session had.
    // The panel's values (floats, as the window holds them), so both pose from the same numbers.
    if (!settings.pose.expressions.empty()) s.set_expression_values(model.expressions.active());
    s.pose_edits() = model.pose_edits;
    // The graph (blend tree, state machine, retarget), IK and spring chain the view chose: the
    // session poses with them, through the same pose state the window's model gives its frame.
    s.adopt_view(std::make_shared<ui::ViewerModel>(std::move(model)));
    HeadlessSettings out;
    out.error_heatmap = settings.draw.heatmap == "error";
    return out;
}

ui::View capture_view(SceneSession& s) {
    anim::Character& ch = s.character();
    const FrameState& st = s.state();
    // A view with no settings file behind it is the clip alone: a model built as apply_view_settings
    // builds one, so capture_settings reads every key from the same place in both cases.
    std::shared_ptr<ui::ViewerModel> fresh;
    ui::ViewerModel* m = s.view_model();
    if (!m) {
        fresh = std::make_shared<ui::ViewerModel>();
        fresh->attach(ch);
        m = fresh.get();
        // attach() posed the first clip; the session poses again before it draws.
        m->animation.playing = false;
    }
    // The session's values are the view (flags applied after the file, --bind, a sequence's time):
    // the model is brought to them before it is read.
    m->animation.clip = st.clip;
    m->animation.time = static_cast<double>(st.time);
    m->draw_skeleton = st.draw.draw_skeleton;
    m->pose_edits = s.pose_edits();
    m->expressions.clear();
    for (const auto& [name, w] : s.expression_values()) (void)m->expressions.set(name, w);
    ui::View v = capture_settings(*m, ch, st);
    // attach() posed the character at its first clip's start: the pose drawn is put back, so a
    // caller measuring after this (the sidecar's skinned bounds) measures the view.
    if (fresh) s.pose();
    // render --weights JOINT colours that joint's weights through the draw options alone.
    if (st.draw.debug_view == render::DebugView::Weights && st.draw.selected_joint >= 0 &&
        !ch.skins().empty() && v.draw.weights_joint.empty()) {
        const auto& names = ch.skins()[0].skeleton.names();
        if (static_cast<size_t>(st.draw.selected_joint) < names.size())
            v.draw.weights_joint = names[static_cast<size_t>(st.draw.selected_joint)];
    }
    v.lighting.environment = s.environment_path();
    v.variant = s.variant();
    // Headless time is a float: written as the decimal a person would type (0.8, not 0.800000011920929),
    // which reads back as the same float.
    if (static_cast<double>(static_cast<float>(v.clock.time)) == v.clock.time)
        v.clock.time = decimal_of(static_cast<float>(v.clock.time));
    return v;
}

}  // namespace sv::viewer

#include "headless_settings.h"

#include <memory>

#include "settings_apply.h"

namespace sv::viewer {

Expected<HeadlessSettings> apply_settings_file(const std::string& path, SceneSession& s,
                                               std::initializer_list<const ui::SettingsLayer*> layers) {
    auto file = ui::load_settings_file(path);
    if (!file) return file.error();
    auto view = ui::resolve_view(*file, layers);
    if (!view) return make_error(path + ": " + view.error().message);
    return apply_view_settings(*view, path, s);
}

Expected<HeadlessSettings> apply_view_settings(const ui::ViewerSettings& settings, const std::string& label,
                                               SceneSession& s) {
    ui::ViewerModel model;
    model.attach(s.character());
    model.animation.clip = s.state().clip;
    model.animation.time = s.state().time;
    if (auto st = apply_settings(settings, model, s.character(), s.state()); !st)
        return make_error(label + ": " + st.error().message);
    if (auto st = s.use_environment(settings.environment); !st)
        return make_error(label + ": " + st.error().message);
    // The viewer colours the weights of the chosen joint, else the selected one (ui_bridge).
    const int weights = model.weights_joint >= 0 ? model.weights_joint : model.scene.selection.joint;
    if (weights >= 0) s.state().draw.selected_joint = weights;
    // The view's expressions replace the session's (--expression was put over the file's, so a
    // named flag is among them); a view without any keeps what the session had.
    // The panel's values (floats, as the window holds them), so both pose from the same numbers.
    if (!settings.expressions.empty()) s.set_expression_values(model.expressions.active());
    s.pose_edits() = model.pose_edits;
    // The graph (blend tree, state machine, retarget), IK and spring chain the view chose: the
    // session poses with them, through the same pose state the window's model gives its frame.
    auto view = std::make_shared<ui::ViewerModel>(std::move(model));
    s.adopt_view(view, view->pose_state());
    HeadlessSettings out;
    out.error_heatmap = settings.heatmap == "error";
    return out;
}

}  // namespace sv::viewer

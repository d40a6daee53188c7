#include "headless_settings.h"

#include "settings_apply.h"
#include "ui/viewer_settings.h"

namespace sv::viewer {

Expected<HeadlessSettings> apply_settings_file(const std::string& path, SceneSession& s,
                                               bool keep_environment) {
    auto settings = ui::load_settings_file(path);
    if (!settings) return settings.error();
    ui::ViewerModel model;
    model.attach(s.character());
    model.animation.clip = s.state().clip;
    model.animation.time = s.state().time;
    if (auto st = apply_settings(*settings, model, s.character(), s.state()); !st)
        return make_error(path + ": " + st.error().message);
    if (!keep_environment)
        if (auto st = s.use_environment(settings->environment); !st)
            return make_error(path + ": " + st.error().message);
    // The viewer colours the weights of the chosen joint, else the selected one (ui_bridge).
    const int weights = model.weights_joint >= 0 ? model.weights_joint : model.scene.selection.joint;
    if (weights >= 0) s.state().draw.selected_joint = weights;
    // A file's expressions win over --expression, as its other keys win over the options.
    if (!settings->expressions.empty()) {
        s.set_expression_weights(model.expressions.weights);
        s.set_expression_values(settings->expressions);  // what an expression-type look-at adds to
    }
    s.pose_edits() = model.pose_edits;
    HeadlessSettings out;
    out.error_heatmap = settings->heatmap == "error";
    return out;
}

}  // namespace sv::viewer

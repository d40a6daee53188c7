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
    // The session's own model, the one the flags wrote and pose() reads: a settings file replaces
    // its view (the Load button's rule) except the clip and time the flags already chose, which the
    // file's keys then replace where the flags' layer let them through.
    if (auto st = apply_view(settings, s, true); !st) return make_error(label + ": " + st.error().message);
    const ui::ViewerModel& model = s.model();
    // The viewer colours the weights of the chosen joint, else the selected one (ui_bridge).
    const int weights = model.weights_joint >= 0 ? model.weights_joint : model.scene.selection.joint;
    if (weights >= 0) s.state().draw.selected_joint = weights;
    HeadlessSettings out;
    out.error_heatmap = settings.draw.heatmap == "error";
    return out;
}

ui::View capture_view(SceneSession& s) {
    ui::View v = capture_settings(s.model(), s.character());
    // Headless time is a float: written as the decimal a person would type (0.8, not 0.800000011920929),
    // which reads back as the same float.
    if (static_cast<double>(static_cast<float>(v.clock.time)) == v.clock.time)
        v.clock.time = decimal_of(static_cast<float>(v.clock.time));
    return v;
}

}  // namespace sv::viewer

// apply_view (settings_apply.h): a whole view onto a session, the one place every source of a view
// reaches it (a headless settings file or sidecar, a suite entry, the window's --settings and Load).
#include "settings_apply.h"

namespace sv::viewer {

Status apply_view(const ui::View& v, SceneSession& session, bool environment) {
    std::string errors;
    const auto add = [&](const Status& st) {
        if (!st) errors += (errors.empty() ? "" : "; ") + st.error().message;
    };
    add(apply_settings(v, session.model(), session.character()));
    if (environment) add(session.use_environment(v.lighting.environment));
    if (auto st = session.select_variant(v.variant); !st)
        add(make_error("settings: 'variant': " + st.error().message));
    if (!errors.empty()) return make_error(errors);
    return ok_status();
}

}  // namespace sv::viewer

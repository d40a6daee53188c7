#include "error_heat.h"

#include "ui/diagnose_panel.h"

namespace sv::viewer {

Expected<render::DiagnoseResult> apply_error_heat(SceneSession& s) {
    auto d = render::diagnose(s.renderer(), s.character(), {}, s.state().draw);
    if (!d) return d.error();
    for (size_t m = 0; m < d->vertex_errors.size(); ++m)
        for (size_t p = 0; p < d->vertex_errors[m].size(); ++p)
            s.renderer().set_vertex_errors(static_cast<int>(m), static_cast<int>(p), d->vertex_errors[m][p]);
    s.state().draw.debug_view = render::DebugView::ErrorHeatMap;
    s.state().draw.heat_scale = ui::DiagnosePanel::auto_heat_scale(d->worst_error, d->body_size);
    return d;
}

}  // namespace sv::viewer

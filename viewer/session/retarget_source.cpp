#include "retarget_source.h"

#include <exception>
#include <utility>

#include "anim/gltf/gltf_import.h"

namespace sv::viewer {

Status load_retarget_source(ui::GraphPanel& graph, const std::string& path, const anim::Character& target,
                            int skin) {
    // The loader's refusals name the path already; an exception it did not foresee (an
    // allocation) is this panel's error too, never the viewer's end.
    try {
        auto asset = anim::load_gltf(path);
        if (!asset) return asset.error();
        return graph.set_source(std::move(*asset), path, target, skin);
    } catch (const std::exception& e) {
        return make_error(path + ": " + e.what());
    }
}

void serve_retarget_load(ui::GraphPanel& graph, const anim::Character& target, const std::string& path) {
    const Status st = load_retarget_source(graph, path, target, 0);
    graph.source_error = st ? std::string() : st.error().message;
    if (st) graph.mode = ui::GraphMode::Retarget;
}

}  // namespace sv::viewer

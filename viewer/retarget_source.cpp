#include "retarget_source.h"

#include <utility>

#include "anim/gltf/gltf_import.h"

namespace sv::viewer {

Status load_retarget_source(ui::GraphPanel& graph, const std::string& path, const anim::Character& target,
                            int skin) {
    auto asset = anim::load_gltf(path);
    if (!asset) return make_error(path + ": " + asset.error().message);
    return graph.set_source(std::move(*asset), path, target, skin);
}

void serve_retarget_request(ui::GraphPanel& graph, const anim::Character& target) {
    if (graph.source_request.empty()) return;
    const std::string path = std::exchange(graph.source_request, std::string());
    const Status st = load_retarget_source(graph, path, target, 0);
    graph.source_error = st ? std::string() : st.error().message;
    if (st) graph.mode = ui::GraphMode::Retarget;
}

}  // namespace sv::viewer

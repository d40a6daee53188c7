#include <algorithm>
#include <cstdio>

#include "anim/gltf/gltf_import.h"
#include "anim/skin_frame/frame_error_table.h"
#include "commands.h"

namespace sv::viewer {

// The skinning-frame error table (anim/frame_error_table.h): folded scale, mean, worst and
// single-joint error in the mesh's own frame, at bind and posed, with the mesh node as given and
// on the skin frame.
int run_frame_table(const FrameTableArgs& args) {
    const std::string path = args.file.empty() ? default_asset_path() : args.file;
    auto asset = anim::load_gltf(path);
    if (!asset) {
        std::fprintf(stderr, "skinview frame-table: %s\n", asset.error().message.c_str());  // names the file
        return 1;
    }
    int status = 0;
    for (size_t s = 0; s < asset->skins.size(); ++s) {
        // A skin that no mesh node draws (a node may carry a skin and no mesh) has no frame to
        // tabulate; audit and render accept such a file, so the table notes it instead of failing.
        const auto& nodes = asset->scene.nodes;
        if (std::none_of(nodes.begin(), nodes.end(),
                         [&](const anim::Node& n) { return n.skin == static_cast<int>(s) && n.mesh >= 0; })) {
            std::printf("%s, skin %zu '%s': no mesh node draws it; no table\n", path.c_str(), s,
                        asset->skins[s].name.c_str());
            continue;
        }
        auto t =
            anim::frame_error_table(*asset, static_cast<int>(s), asset->clips.empty() ? -1 : 0, args.time);
        if (!t) {
            std::fprintf(stderr, "skinview frame-table: skin %zu: %s\n", s, t.error().message.c_str());
            status = 1;
            continue;
        }
        std::printf("%s, skin %zu '%s'\n%s\n", path.c_str(), s, asset->skins[s].name.c_str(),
                    anim::format_frame_error_table(*t).c_str());
    }
    return status;
}

}  // namespace sv::viewer

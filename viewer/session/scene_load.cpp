#include "scene_load.h"

#include <utility>

#include "anim/avatar/vrm_facing.h"
#include "anim/gltf/gltf_import.h"
#include "render/phase_timings.h"

namespace sv::viewer {

Expected<LoadedScene> load_scene(const std::string& path, bool vrm_facing, anim::ImportProgress* progress) {
    anim::ImportOptions import;
    import.progress = progress;
    // Timed on the GL thread only (render/phase_timings.h): `render`, the page; not a window's worker.
    auto asset = [&] {
        render::PhaseTimer timer("load: glTF, buffers, images");
        return anim::load_gltf(path, import);
    }();
    if (!asset) return asset.error();  // the importer names the file itself
    // A .vrma is a clip and a skeleton with nothing to draw; said plainly rather than an empty view.
    if (asset->vrm.version == anim::VrmVersion::Animation)
        return make_error(path +
                          ": a VRM Animation (VRMC_vrm_animation) has no mesh to draw; open a character and "
                          "load this file as its retarget source (the Graph tab's Load, --retarget, the "
                          "settings' retarget_source)");
    // Building the character is the last long step; a load cancelled by now is not worth it.
    if (progress && progress->cancel) return make_error(path + ": " + anim::kImportCancelled);
    if (asset->vrm.version == anim::VrmVersion::V0) {
        if (vrm_facing)
            asset->report.push_back(anim::apply_vrm_facing(*asset));
        else
            asset->report.push_back("VRM 0.x: shown as stored, facing -Z (--no-vrm-facing)");
    }
    // The VRM avatar's look-at, constraints and spring bones, over the file's scene (each degrades
    // alone, reported; the geometry is untouched).
    render::PhaseTimer timer("load: avatar runtime, character");
    anim::FrameContext frame = anim::FrameContext::create(*asset, asset->report);
    auto character = anim::Character::create(std::move(*asset));
    if (!character) return make_error(path + ": " + character.error().message);
    LoadedScene out;
    out.path = path;
    out.character = std::make_unique<anim::Character>(std::move(*character));
    out.frame = std::move(frame);
    return out;
}

}  // namespace sv::viewer

// skinview_frame_table: prints the skinning-frame error table (anim/frame_error_table.h) for a glTF
// file, or for the project's built-in Mixamo-shaped humanoid when no file is given.
//
//   skinview_frame_table [file.glb] [--time SECONDS]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "anim/asset_builder.h"
#include "anim/frame_error_table.h"
#include "anim/gltf_import.h"

int main(int argc, char** argv) {
    std::string path;
    float time = 0.5f;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--time" && i + 1 < argc) time = std::strtof(argv[++i], nullptr);
        else if (arg == "-h" || arg == "--help") {
            std::printf("usage: %s [file.glb] [--time SECONDS]\n", argv[0]);
            return 0;
        } else path = arg;
    }
    sv::anim::Asset asset;
    if (path.empty()) {
        asset = sv::anim::build_humanoid_asset(sv::anim::HumanoidShape::MixamoExport);
        asset.source = "built-in humanoid (Mixamo export shape)";
    } else {
        sv::Expected<sv::anim::Asset> loaded = sv::anim::load_gltf(path);
        if (!loaded) {
            std::fprintf(stderr, "%s: %s\n", path.c_str(), loaded.error().message.c_str());
            return 1;
        }
        asset = std::move(*loaded);
    }
    int status = 0;
    for (size_t s = 0; s < asset.skins.size(); ++s) {
        sv::Expected<sv::anim::FrameErrorTable> t =
            sv::anim::frame_error_table(asset, static_cast<int>(s), asset.clips.empty() ? -1 : 0, time);
        if (!t) {
            std::fprintf(stderr, "skin %zu: %s\n", s, t.error().message.c_str());
            status = 1;
            continue;
        }
        std::printf("skin %zu '%s'\n%s\n", s, asset.skins[s].name.c_str(), sv::anim::format_frame_error_table(*t).c_str());
    }
    return status;
}

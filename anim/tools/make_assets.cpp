// Writes the project's generated characters (arm.glb, humanoid_mixamo.glb, humanoid_prescale.glb,
// avatar_vrm1.glb, avatar_vrm0.glb)
// into the folder given as the only argument. The unit test anim_core/asset_builder_test.cpp
// regenerates them and compares bytes with the committed copies under assets/.
#include <cstdio>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s <output folder>\n", argv[0]);
        return 2;
    }
    using namespace sv::anim;
    const std::string dir = argv[1];
    const struct {
        const char* file;
        Asset asset;
    } outputs[] = {{"arm.glb", build_arm_asset()},
                   {"humanoid_mixamo.glb", build_humanoid_asset(HumanoidShape::MixamoExport)},
                   {"humanoid_prescale.glb", build_humanoid_asset(HumanoidShape::PreScale)},
                   // VRM avatars as .glb (what they are) so the validator's *.glb picks them up.
                   {"avatar_vrm1.glb", build_vrm_avatar(VrmVersion::V1)},
                   {"avatar_vrm0.glb", build_vrm_avatar(VrmVersion::V0)}};
    for (const auto& o : outputs) {
        const auto st = write_gltf_file(o.asset, dir + "/" + o.file);
        if (!st) {
            std::fprintf(stderr, "%s\n", st.error().message.c_str());
            return 1;
        }
        std::printf("wrote %s/%s\n", dir.c_str(), o.file);
    }
    return 0;
}

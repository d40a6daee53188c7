// Writes the project's generated characters (arm.glb, humanoid.glb -- the built-in character --,
// humanoid_mixamo.glb, humanoid_prescale.glb, avatar_vrm1.glb, avatar_vrm0.glb)
// into the folder given as the only argument. The unit test anim_core/asset_builder_test.cpp
// regenerates them and compares bytes with the committed copies under assets/.
//
// `make_assets <folder> --sunflower N` writes only sunflower_N.glb, the generated skin of N joints
// (anim/asset_tools/many_joint_builder.h), for benchmarks and by-hand runs of the viewer; it is not
// committed (a 4096-joint file is 10.8 MB; the tests build theirs in memory).
//
// `make_assets <folder> --khronos` writes only the files the Khronos comparison renders
// (tests/khronos_reference: its scripts write them into that folder's git-ignored `generated/`
// before each run): pointer.glb, the KHR_animation_pointer fixture (anim/asset_tools/
// pointer_builder.h) with its node translation through a pointer too, as
// tests/gl/cli/cli_animation_pointer_test.cpp writes it; diffuse_transmission.glb
// (anim/asset_tools/diffuse_transmission_builder.h); and sheen.glb (anim/asset_tools/sheen_builder.h).
//
// `make_assets <folder> --vrma` writes only walk.vrma, the built-in humanoid's walk as a VRM
// Animation (anim/asset_tools/vrm_builder.h), for the validator and by-hand retargeting; not
// committed (the tests write their own).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/asset_tools/diffuse_transmission_builder.h"
#include "anim/asset_tools/many_joint_builder.h"
#include "anim/asset_tools/pointer_builder.h"
#include "anim/asset_tools/sheen_builder.h"
#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"

int main(int argc, char** argv) {
    using namespace sv::anim;
    if (argc == 3 && std::string(argv[2]) == "--vrma") {
        const std::string path = std::string(argv[1]) + "/walk.vrma";
        if (const auto st = write_gltf_file(build_vrm_animation(), path); !st) {
            std::fprintf(stderr, "%s\n", st.error().message.c_str());
            return 1;
        }
        std::printf("wrote %s\n", path.c_str());
        return 0;
    }
    if (argc == 4 && std::string(argv[2]) == "--sunflower") {
        const int n = std::atoi(argv[3]);
        if (n < 2) {
            std::fprintf(stderr, "--sunflower takes a joint count of at least 2, not '%s'\n", argv[3]);
            return 2;
        }
        const std::string path = std::string(argv[1]) + "/sunflower_" + std::to_string(n) + ".glb";
        const auto st = write_gltf_file(build_many_joint_asset(n), path);
        if (!st) {
            std::fprintf(stderr, "%s\n", st.error().message.c_str());
            return 1;
        }
        std::printf("wrote %s\n", path.c_str());
        return 0;
    }
    if (argc == 3 && std::string(argv[2]) == "--khronos") {
        WriteOptions pointers;
        pointers.node_pointers = true;
        const struct {
            const char* file;
            Asset asset;
            WriteOptions options;
        } outputs[] = {{"pointer.glb", build_pointer_asset(), pointers},
                       {"diffuse_transmission.glb", build_diffuse_transmission_asset(), {}},
                       {"sheen.glb", build_sheen_asset(), {}}};
        for (const auto& o : outputs) {
            const std::string path = std::string(argv[1]) + "/" + o.file;
            const auto st = write_gltf_file(o.asset, path, o.options);
            if (!st) {
                std::fprintf(stderr, "%s\n", st.error().message.c_str());
                return 1;
            }
            std::printf("wrote %s\n", path.c_str());
        }
        return 0;
    }
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s <output folder> [--sunflower JOINTS | --khronos | --vrma]\n",
                     argv[0]);
        return 2;
    }
    const std::string dir = argv[1];
    const struct {
        const char* file;
        Asset asset;
    } outputs[] = {
        {"arm.glb", build_arm_asset()},
        // The built-in character: the Mixamo export's shape with rounded limbs, so that its
        // soup (the correction off) is something to see.
        {"humanoid.glb", build_humanoid_asset(HumanoidShape::MixamoExport, HumanoidSurface::Rounded)},
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

// Debian's libdraco carries and exports its own copy of tinygltf (another version, another Model
// layout). The build puts libtinygltf first on every link line (top-level CMakeLists.txt); were it
// the other way round, the program's tinygltf calls would run draco's copy (gl_bake crashed in
// LoadASCIIFromFile before the order was fixed). This asks the dynamic linker where the tinygltf
// functions the importer calls really live.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"

namespace tinygltf {
// Declared here rather than through tiny_gltf.h, which the unit tests do not include: the same
// signatures, so the address taken is the one the importer's calls bind to.
bool FileExists(const std::string& abs_filename, void* user);
bool ReadWholeFile(std::vector<unsigned char>* out, std::string* err, const std::string& filepath,
                   void* user);
}  // namespace tinygltf

namespace {

std::string library_of(void* function) {
    Dl_info info{};
    if (!dladdr(function, &info) || !info.dli_fname) return "(unknown)";
    return info.dli_fname;
}

}  // namespace

TEST(GltfLinkOrder, TinygltfCallsReachTheDistributionsTinygltf) {
    // The importer runs first, so its own binding is in place.
    ASSERT_TRUE(
        sv::anim::load_gltf_from_memory(sv::anim::write_glb(sv::anim::build_arm_asset()).value(), "", true)
            .ok());
    for (void* f : {reinterpret_cast<void*>(&tinygltf::FileExists),
                    reinterpret_cast<void*>(&tinygltf::ReadWholeFile)}) {
        const std::string lib = library_of(f);
        EXPECT_NE(lib.find("libtinygltf"), std::string::npos) << "a tinygltf function lives in " << lib;
        EXPECT_EQ(lib.find("draco"), std::string::npos) << lib;
    }
}

// Hostile input, EXT_meshopt_compression: the project's arm compressed by glTF Transform
// (tests/data/variants/arm_meshopt.glb) with one thing broken. The streams are decoded by
// libmeshoptimizer, which bounds its own reads; what is checked here is everything around it: the
// stream inside its buffer, the decoded size against the view, the fallback buffer's size, the
// mode and filter, and a stream that does not decode, each by its message.
#include <gtest/gtest.h>

#include "anim/gltf/gltf_import.h"
#include "glb_edit.h"
#include "hostile_fixture.h"
#include "test_paths.h"

using namespace sv::anim;
using sv::test::Glb;
using namespace sv::test;

namespace {

Glb meshopt_arm() {
    return Glb::parse(
        sv::test::read_bytes((sv::test::source_dir() / "tests/data/variants/arm_meshopt.glb").string()));
}
nlohmann::json& ext(Glb& g, size_t view) {
    return g.json["bufferViews"][view]["extensions"]["EXT_meshopt_compression"];
}

}  // namespace

TEST(HostileMeshopt, TheUnbrokenFileLoadsAndRequiresTheExtension) {
    Glb g = meshopt_arm();
    EXPECT_EQ(load_error(g), "(loaded)");
    EXPECT_EQ(g.json["extensionsRequired"][0], "EXT_meshopt_compression");
}

TEST(HostileMeshopt, AStreamThatDoesNotDecode) {
    Glb g = meshopt_arm();
    const size_t at = ext(g, 6)["byteOffset"];
    g.bin[at] = 0x00;  // the ATTRIBUTES header byte (0xa0 and a version) gone
    EXPECT_EQ(load_error(g),
              "buffer view 6 (EXT_meshopt_compression): the ATTRIBUTES stream does not decode "
              "(meshoptimizer error -1)");
}

TEST(HostileMeshopt, TheStreamOrTheDecodedViewOutsideItsBuffer) {
    Glb stream = meshopt_arm();
    ext(stream, 6)["byteLength"] = 1u << 20;
    EXPECT_EQ(load_error(stream), "buffer view 6 (EXT_meshopt_compression): the compressed stream (offset " +
                                      ext(stream, 6)["byteOffset"].dump() +
                                      ", length 1048576) runs past the end of "
                                      "buffer 0 (" +
                                      std::to_string(stream.bin.size()) + " bytes)");
    Glb count = meshopt_arm();
    ext(count, 6)["count"] = 133u;
    EXPECT_EQ(load_error(count), "buffer view 6 (EXT_meshopt_compression): count 133 x byteStride " +
                                     ext(count, 6)["byteStride"].dump() + " is not the view's byteLength " +
                                     count.json["bufferViews"][6]["byteLength"].dump());
    Glb fallback = meshopt_arm();
    fallback.json["buffers"][1]["byteLength"] = (256u << 20) + 1;
    EXPECT_EQ(load_error(fallback),
              "buffer 1 (EXT_meshopt_compression fallback): byteLength 268435457 is past the "
              "limit of 268435456 bytes for decoded data");
    // Under the limit each, over it together.
    Glb two = meshopt_arm();
    two.json["buffers"][1]["byteLength"] = 200u << 20;
    two.json["buffers"].push_back(two.json["buffers"][1]);
    EXPECT_EQ(load_error(two),
              "buffer 2 (EXT_meshopt_compression fallback): byteLength 209715200 is past the limit of "
              "268435456 bytes for decoded data (with the fallback buffers before it)");
}

TEST(HostileMeshopt, ModesAndFiltersOutsideTheExtension) {
    Glb mode = meshopt_arm();
    ext(mode, 6)["mode"] = "POINTS";
    EXPECT_EQ(
        load_error(mode),
        "buffer view 6 (EXT_meshopt_compression): mode 'POINTS' is not ATTRIBUTES, TRIANGLES or INDICES");
    Glb quat = meshopt_arm();
    ext(quat, 3)["filter"] = "QUATERNION";
    EXPECT_EQ(load_error(quat),
              "buffer view 3 (EXT_meshopt_compression): QUATERNION filter needs byteStride 8, not " +
                  ext(quat, 3)["byteStride"].dump());
    Glb tri = meshopt_arm();
    ext(tri, 2)["count"] = 721u;
    EXPECT_EQ(
        load_error(tri),
        "buffer view 2 (EXT_meshopt_compression): TRIANGLES count 721 is not a whole number of triangles");
}

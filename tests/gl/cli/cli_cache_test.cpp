// The precompute cache through the real binary: `render` with an empty cache folder computes the
// sky and stores it, the next `render` reads it, and one whose file was corrupted computes it again;
// the three PNGs are the same bytes. SKINVIEW_TIMINGS=1 says which path each process took, so the
// test cannot pass with the cache silently unused. Those runs point SKINVIEW_DATA_DIR at a folder
// without tables, since the build's own (share/skinview/tables) are read before the cache; the last
// test reads those.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "run_command.h"

namespace sv::test {
// Named, not anonymous: the folder compiles as unity batches, where cli_test.cpp has its own kExe.
namespace cli_cache_test {

namespace fs = std::filesystem;

const std::string kExe = SKINVIEW_EXE;

std::string bytes_of(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

TEST(CliCache, ARenderFromTheCacheIsTheSamePngAsOneThatComputedIt) {
    const fs::path dir = output_dir() / "cli_cache";
    const fs::path cache = dir / "xdg";
    fs::remove_all(dir);
    fs::create_directories(dir / "no_tables");
    const std::string file = (source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const auto render = [&](const std::string& png) {
        return run_command("XDG_CACHE_HOME=" + quoted(cache.string()) +
                           " SKINVIEW_TIMINGS=1 SKINVIEW_DATA_DIR=" + quoted((dir / "no_tables").string()) +
                           " " + quoted(kExe) + " render " + quoted(file) + " --size 160x120 -o " +
                           quoted((dir / png).string()));
    };
    const auto missed = render("miss.png");
    ASSERT_EQ(missed.status, 0) << missed.err;
    EXPECT_NE(missed.err.find("precompute (sky, BRDF, sheen)"), std::string::npos) << missed.err;
    const fs::path sky = cache / "skinview" / "sky_environment.bin";
    ASSERT_TRUE(fs::exists(sky));
    const auto hit = render("hit.png");
    ASSERT_EQ(hit.status, 0) << hit.err;
    EXPECT_EQ(hit.err.find("precompute (sky, BRDF, sheen)"), std::string::npos) << hit.err;
    EXPECT_NE(hit.err.find("precompute cache read"), std::string::npos) << hit.err;
    // A corrupted byte in the middle of the payload: refused, computed again, rewritten.
    {
        std::fstream f(sky, std::ios::in | std::ios::out | std::ios::binary);
        const auto at = static_cast<std::streamoff>(fs::file_size(sky) / 2);
        f.seekg(at);
        const char c = static_cast<char>(f.get() ^ 0x01);
        f.seekp(at);
        f.put(c);
    }
    const auto rebuilt = render("rebuilt.png");
    ASSERT_EQ(rebuilt.status, 0) << rebuilt.err;
    EXPECT_NE(rebuilt.err.find("precompute (sky, BRDF, sheen)"), std::string::npos) << rebuilt.err;
    const std::string a = bytes_of(dir / "miss.png");
    ASSERT_FALSE(a.empty());
    EXPECT_TRUE(a == bytes_of(dir / "hit.png")) << "the cached sky drew another picture";
    EXPECT_TRUE(a == bytes_of(dir / "rebuilt.png")) << "the rebuilt sky drew another picture";
    const auto again = render("again.png");
    EXPECT_EQ(again.err.find("precompute (sky, BRDF, sheen)"), std::string::npos) << again.err;
}

// The build's tables (share/skinview/tables, written after each link by `skinview write-tables`):
// a render with an empty cache reads them, computes nothing, writes no cache, and draws the PNG a
// render that computed the sky draws. With SKINVIEW_CACHE=off it computes, tables or not.
TEST(CliCache, TheBuildsTablesServeAFirstRenderAsTheComputationWould) {
    const fs::path dir = output_dir() / "cli_cache_installed";
    fs::remove_all(dir);
    fs::create_directories(dir / "xdg");
    const std::string file = (source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const auto render = [&](const std::string& env, const std::string& png) {
        return run_command(env + " SKINVIEW_TIMINGS=1 " + quoted(kExe) + " render " + quoted(file) +
                           " --size 160x120 -o " + quoted((dir / png).string()));
    };
    const auto first = render("XDG_CACHE_HOME=" + quoted((dir / "xdg").string()), "installed.png");
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_NE(first.err.find("precompute read (installed)"), std::string::npos) << first.err;
    EXPECT_EQ(first.err.find("precompute (sky, BRDF, sheen)"), std::string::npos) << first.err;
    // Mesa keeps its shader cache in the same folder; skinview's is the skinview/ beside it.
    EXPECT_FALSE(fs::exists(dir / "xdg" / "skinview")) << "a render from the build's tables wrote a cache";
    const auto computed = render("SKINVIEW_CACHE=off", "computed.png");
    ASSERT_EQ(computed.status, 0) << computed.err;
    EXPECT_NE(computed.err.find("precompute (sky, BRDF, sheen)"), std::string::npos) << computed.err;
    EXPECT_EQ(computed.err.find("precompute read (installed)"), std::string::npos) << computed.err;
    const std::string a = bytes_of(dir / "installed.png");
    ASSERT_FALSE(a.empty());
    EXPECT_TRUE(a == bytes_of(dir / "computed.png")) << "the build's tables drew another picture";
}

}  // namespace cli_cache_test
}  // namespace sv::test

// The precompute cache (render/precompute_cache.h): a table read back is the table computed, bit for
// bit; a file that is not whole, not this key's or not the right size is refused and the table
// computed again and rewritten; no folder, no file. The whole-process side (a render from the cache
// is the same PNG, byte for byte) is tests/gl/cli/cli_cache_test.cpp.
#include "render/precompute_cache.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "render/environment.h"
#include "test_paths.h"

namespace sv::render {
// Named, not anonymous: the folder compiles as unity batches.
namespace precompute_cache_test {

namespace fs = std::filesystem;

fs::path fresh_dir() {
    const fs::path d = test::output_dir() / "precompute_cache" / test::current_test_stem();
    fs::remove_all(d);
    return d;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

bool same_bits(const EnvironmentData& a, const EnvironmentData& b) {
    return same_bits(a.atlas, b.atlas) && same_bits(a.lut, b.lut) &&
           same_bits(a.panorama.rgb, b.panorama.rgb) && a.panorama.width == b.panorama.width &&
           a.panorama.height == b.panorama.height && std::memcmp(a.sh.data(), b.sh.data(), sizeof a.sh) == 0;
}

void flip_byte(const fs::path& file, std::uintmax_t at) {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(static_cast<std::streamoff>(at));
    char c = 0;
    f.read(&c, 1);
    c = static_cast<char>(c ^ 0x20);
    f.seekp(static_cast<std::streamoff>(at));
    f.write(&c, 1);
}

TEST(PrecomputeCache, TheSkyFromTheCacheIsTheSkyComputedBitForBit) {
    const fs::path dir = fresh_dir();
    const EnvironmentData computed = compute_sky_environment();
    CacheOutcome first = CacheOutcome::Hit, second = CacheOutcome::Miss;
    const EnvironmentData missed = sky_environment(dir.string(), &first);
    EXPECT_EQ(first, CacheOutcome::Miss);
    ASSERT_TRUE(fs::exists(dir / "sky_environment.bin"));
    const EnvironmentData hit = sky_environment(dir.string(), &second);
    EXPECT_EQ(second, CacheOutcome::Hit);
    EXPECT_TRUE(same_bits(computed, missed));
    EXPECT_TRUE(same_bits(computed, hit));
    // The control: the comparison sees a one-ulp change in a single texel.
    EnvironmentData nudged = hit;
    nudged.atlas[1000] = std::nextafter(nudged.atlas[1000], 10.0f);
    EXPECT_FALSE(same_bits(computed, nudged));
}

TEST(PrecomputeCache, ACorruptedOrTruncatedSkyFileIsRefusedAndRebuilt) {
    const fs::path dir = fresh_dir();
    const fs::path file = dir / "sky_environment.bin";
    const EnvironmentData computed = sky_environment(dir.string());
    const auto size = fs::file_size(file);
    // One bit in the middle of the payload: only the checksum can tell.
    flip_byte(file, size / 2);
    CacheOutcome o = CacheOutcome::Hit;
    EXPECT_TRUE(same_bits(computed, sky_environment(dir.string(), &o)));
    EXPECT_EQ(o, CacheOutcome::Rejected);
    // Rewritten whole: the next process reads it.
    EXPECT_TRUE(same_bits(computed, sky_environment(dir.string(), &o)));
    EXPECT_EQ(o, CacheOutcome::Hit);
    // Cut short, as a crash mid-write (without the rename) would leave it.
    fs::resize_file(file, size - 4096);
    EXPECT_TRUE(same_bits(computed, sky_environment(dir.string(), &o)));
    EXPECT_EQ(o, CacheOutcome::Rejected);
    EXPECT_EQ(fs::file_size(file), size);
    sky_environment(dir.string(), &o);
    EXPECT_EQ(o, CacheOutcome::Hit);
}

// The installed tables (`skinview write-tables`): read first, the cache untouched; one that is not
// whole or not this build's falls through to the cache and the computation; a cache turned off ("")
// reads neither.
TEST(PrecomputeCache, InstalledTablesAreReadFirstAndOnlyWhenTheyHold) {
    const fs::path dir = fresh_dir();
    const fs::path installed = dir / "installed", cache = dir / "cache";
    ASSERT_TRUE(write_precomputed_tables(installed.string()));
    for (const char* name : {"sky_environment.bin", "sheen_albedo.bin", "sky_sheen_atlas.bin"})
        EXPECT_TRUE(fs::exists(installed / name)) << name;
    const EnvironmentData computed = compute_sky_environment();
    CacheOutcome o = CacheOutcome::Miss;
    EXPECT_TRUE(same_bits(computed, sky_environment(cache.string(), &o, installed.string())));
    EXPECT_EQ(o, CacheOutcome::Installed);
    EXPECT_FALSE(fs::exists(cache / "sky_environment.bin")) << "an installed table was copied to the cache";
    // Turned off: computed, whatever is installed.
    EXPECT_TRUE(same_bits(computed, sky_environment("", &o, installed.string())));
    EXPECT_EQ(o, CacheOutcome::Disabled);
    // One flipped bit in the installed payload: refused there, so computed and cached.
    flip_byte(installed / "sky_environment.bin", fs::file_size(installed / "sky_environment.bin") / 2);
    EXPECT_TRUE(same_bits(computed, sky_environment(cache.string(), &o, installed.string())));
    EXPECT_EQ(o, CacheOutcome::Miss);
    EXPECT_TRUE(same_bits(computed, sky_environment(cache.string(), &o, installed.string())));
    EXPECT_EQ(o, CacheOutcome::Hit);
}

TEST(PrecomputeCache, AFileIsReadOnlyWholeAndForItsOwnKeyAndSize) {
    const fs::path dir = fresh_dir();
    const std::vector<float> table = {1.0f, -2.5f, 3.25f, 0.0f, -0.0f, 1e-30f};
    ASSERT_TRUE(write_cached_floats(dir.string(), "t.bin", 42, table));
    CacheOutcome o = CacheOutcome::Miss;
    auto back = read_cached_floats(dir.string(), "t.bin", 42, table.size(), &o);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(o, CacheOutcome::Hit);
    EXPECT_TRUE(same_bits(*back, table));
    EXPECT_FALSE(read_cached_floats(dir.string(), "t.bin", 43, table.size(), &o));  // another build's
    EXPECT_EQ(o, CacheOutcome::Rejected);
    EXPECT_FALSE(read_cached_floats(dir.string(), "t.bin", 42, table.size() + 1, &o));  // another shape
    EXPECT_EQ(o, CacheOutcome::Rejected);
    EXPECT_FALSE(read_cached_floats(dir.string(), "none.bin", 42, table.size(), &o));
    EXPECT_EQ(o, CacheOutcome::Miss);
    // Each byte of the file matters: the header's magic, version, key, count and checksum, and
    // the payload. Flipped one at a time, every one is refused.
    const fs::path file = dir / "t.bin";
    const auto size = fs::file_size(file);
    for (std::uintmax_t at = 0; at < size; ++at) {
        flip_byte(file, at);
        EXPECT_FALSE(read_cached_floats(dir.string(), "t.bin", 42, table.size())) << "byte " << at;
        flip_byte(file, at);
    }
    EXPECT_TRUE(read_cached_floats(dir.string(), "t.bin", 42, table.size()));
    // A byte past the end is not the file the header describes.
    { std::ofstream(file, std::ios::app | std::ios::binary).put('\0'); }
    EXPECT_FALSE(read_cached_floats(dir.string(), "t.bin", 42, table.size()));
}

TEST(PrecomputeCache, ARefusedFileIsComputedAgainAndReplaced) {
    const fs::path dir = fresh_dir();
    int computed = 0;
    const auto compute = [&] {
        ++computed;
        return std::vector<float>{4.0f, 5.0f, 6.0f};
    };
    CacheOutcome o = CacheOutcome::Hit;
    EXPECT_TRUE(same_bits(cached_floats(dir.string(), "c.bin", 7, 3, compute, &o), {4.0f, 5.0f, 6.0f}));
    EXPECT_EQ(o, CacheOutcome::Miss);
    EXPECT_TRUE(same_bits(cached_floats(dir.string(), "c.bin", 7, 3, compute, &o), {4.0f, 5.0f, 6.0f}));
    EXPECT_EQ(o, CacheOutcome::Hit);
    EXPECT_EQ(computed, 1);
    flip_byte(dir / "c.bin", fs::file_size(dir / "c.bin") - 1);
    EXPECT_TRUE(same_bits(cached_floats(dir.string(), "c.bin", 7, 3, compute, &o), {4.0f, 5.0f, 6.0f}));
    EXPECT_EQ(o, CacheOutcome::Rejected);
    EXPECT_EQ(computed, 2);
    cached_floats(dir.string(), "c.bin", 7, 3, compute, &o);
    EXPECT_EQ(o, CacheOutcome::Hit);
    EXPECT_EQ(computed, 2);
    // No folder: computed every time, nothing written; no temporary file left behind either.
    cached_floats("", "c.bin", 7, 3, compute, &o);
    EXPECT_EQ(o, CacheOutcome::Disabled);
    EXPECT_EQ(computed, 3);
    for (const auto& e : fs::directory_iterator(dir)) EXPECT_EQ(e.path().filename().string(), "c.bin");
}

TEST(PrecomputeCache, TheFolderFollowsXdgCacheHomeThenHome) {
    const auto keep = [](const char* name) {
        const char* v = std::getenv(name);
        return v ? std::optional<std::string>(v) : std::nullopt;
    };
    const auto xdg = keep("XDG_CACHE_HOME"), home = keep("HOME"), off = keep("SKINVIEW_CACHE");
    ::unsetenv("SKINVIEW_CACHE");
    ::setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
    ::setenv("HOME", "/home/someone", 1);
    EXPECT_EQ(default_cache_dir(), "/tmp/xdg/skinview");
    ::setenv("XDG_CACHE_HOME", "relative/is/ignored", 1);  // the XDG specification's rule
    EXPECT_EQ(default_cache_dir(), "/home/someone/.cache/skinview");
    ::unsetenv("XDG_CACHE_HOME");
    EXPECT_EQ(default_cache_dir(), "/home/someone/.cache/skinview");
    ::setenv("SKINVIEW_CACHE", "off", 1);
    EXPECT_EQ(default_cache_dir(), "");
    const auto restore = [](const char* name, const std::optional<std::string>& v) {
        if (v)
            ::setenv(name, v->c_str(), 1);
        else
            ::unsetenv(name);
    };
    restore("XDG_CACHE_HOME", xdg);
    restore("HOME", home);
    restore("SKINVIEW_CACHE", off);
}

}  // namespace precompute_cache_test
}  // namespace sv::render

// The procedural sky's precomputation, once a process and, through render/precompute_cache.h, once
// a build: environment_data(), sheen_environment_data() and sheen_albedo_table() read the disk
// cache and compute only what it does not hold. A table read back is the same floats, bit for bit,
// as the one computed (tests/gl/render_core/precompute_cache_test.cpp), so a render from the cache
// is the same image, byte for byte. write_precomputed_tables() writes the same files for the build
// to install (precompute_cache.h, "The installed tables").
#include <cstdint>
#include <initializer_list>

#include "render/environment.h"
#include "render/sheen_environment.h"

namespace sv::render {

namespace {

constexpr size_t kAtlasFloats =
    size_t(EnvironmentData::kWidth) * EnvironmentData::kHeight * EnvironmentData::kLevels * 4;
constexpr size_t kShFloats = 9 * 3;
constexpr size_t kLutFloats = size_t(EnvironmentData::kLutSize) * EnvironmentData::kLutSize * 2;
constexpr size_t kPanoramaFloats = size_t(kSkyPanoramaWidth) * kSkyPanoramaHeight * 3;
constexpr size_t kSkyFloats = kAtlasFloats + kShFloats + kLutFloats + kPanoramaFloats;
constexpr size_t kSheenAtlasFloats =
    size_t(SheenEnvironmentData::kWidth) * SheenEnvironmentData::kHeight * SheenEnvironmentData::kLevels * 4;
constexpr size_t kSheenAlbedoFloats = size_t(SheenEnvironmentData::kLutSize) * SheenEnvironmentData::kLutSize;

// The key of one table: the build's, the table's name and every size and sample count that shapes
// it (a change of one without a change of the sources, say a constant moved to a header not hashed,
// still keys apart).
std::uint64_t table_key(const char* name, std::initializer_list<long> shape) {
    std::uint64_t h = precompute_build_key();
    h = hash_text(name, h);
    for (long v : shape) h = hash_bytes(&v, sizeof v, h);
    return h;
}

std::vector<float> pack(const EnvironmentData& d) {
    std::vector<float> out;
    out.reserve(kSkyFloats);
    out.insert(out.end(), d.atlas.begin(), d.atlas.end());
    for (const glm::vec3& c : d.sh) out.insert(out.end(), {c.r, c.g, c.b});
    out.insert(out.end(), d.lut.begin(), d.lut.end());
    out.insert(out.end(), d.panorama.rgb.begin(), d.panorama.rgb.end());
    return out;
}

EnvironmentData unpack(const std::vector<float>& f) {
    EnvironmentData d;
    const float* p = f.data();
    d.atlas.assign(p, p + kAtlasFloats);
    p += kAtlasFloats;
    for (glm::vec3& c : d.sh) {
        c = glm::vec3(p[0], p[1], p[2]);
        p += 3;
    }
    d.lut.assign(p, p + kLutFloats);
    p += kLutFloats;
    d.panorama.width = kSkyPanoramaWidth;
    d.panorama.height = kSkyPanoramaHeight;
    d.panorama.rgb.assign(p, p + kPanoramaFloats);
    return d;
}

// The three tables' keys and file names, one place for the reader and the writer of installed tables.
std::uint64_t sky_key() {
    return table_key("sky_environment",
                     {EnvironmentData::kWidth, EnvironmentData::kHeight, EnvironmentData::kLevels,
                      EnvironmentData::kLutSize, long(kSkySamples), kSkyPanoramaWidth, kSkyPanoramaHeight});
}
std::uint64_t sheen_albedo_key() { return table_key("sheen_albedo", {SheenEnvironmentData::kLutSize, 32}); }
std::uint64_t sheen_atlas_key() {
    return table_key("sky_sheen_atlas", {SheenEnvironmentData::kWidth, SheenEnvironmentData::kHeight,
                                         SheenEnvironmentData::kLevels});
}
constexpr const char* kSkyFile = "sky_environment.bin";
constexpr const char* kSheenAlbedoFile = "sheen_albedo.bin";
constexpr const char* kSheenAtlasFile = "sky_sheen_atlas.bin";

}  // namespace

EnvironmentData sky_environment(const std::string& cache_dir, CacheOutcome* outcome,
                                const std::string& installed) {
    const std::vector<float> floats = cached_floats(
        cache_dir, kSkyFile, sky_key(), kSkyFloats, [] { return pack(compute_sky_environment()); }, outcome,
        installed);
    // cached_floats hands back a file's floats only when there are kSkyFloats of them, and pack makes
    // that many; anything else would be a bug here, answered by the computation rather than a
    // read past the end.
    if (floats.size() != kSkyFloats) return compute_sky_environment();
    return unpack(floats);
}

const EnvironmentData& environment_data() {
    static const EnvironmentData data = sky_environment(default_cache_dir(), nullptr, installed_tables_dir());
    return data;
}

const std::vector<float>& sheen_albedo_table() {
    static const std::vector<float> table =
        cached_floats(default_cache_dir(), kSheenAlbedoFile, sheen_albedo_key(), kSheenAlbedoFloats,
                      compute_sheen_albedo_table, nullptr, installed_tables_dir());
    return table;
}

const SheenEnvironmentData& sheen_environment_data() {
    static const SheenEnvironmentData data = [] {
        SheenEnvironmentData d;
        d.atlas = cached_floats(default_cache_dir(), kSheenAtlasFile, sheen_atlas_key(), kSheenAtlasFloats,
                                compute_sky_sheen_atlas, nullptr, installed_tables_dir());
        d.albedo = sheen_albedo_table();
        return d;
    }();
    return data;
}

Status write_precomputed_tables(const std::string& dir) {
    // Computed here, never read from a cache or an installed folder: the tables a build installs are
    // the build's own arithmetic, whatever an older file says.
    if (auto s = write_cached_floats(dir, kSkyFile, sky_key(), pack(compute_sky_environment())); !s) return s;
    if (auto s = write_cached_floats(dir, kSheenAlbedoFile, sheen_albedo_key(), compute_sheen_albedo_table());
        !s)
        return s;
    return write_cached_floats(dir, kSheenAtlasFile, sheen_atlas_key(), compute_sky_sheen_atlas());
}

}  // namespace sv::render

#include "render/precompute_cache.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <glm/glm.hpp>
#include <string>

#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif

#include "render/phase_timings.h"

namespace sv::render {

// Generated at build time from the sources that compute the tables (render/CMakeLists.txt).
const char* precompute_sources_hash();

namespace {

constexpr char kMagic[4] = {'S', 'V', 'P', 'C'};
// The file layout's own version: bump it when the header changes.
constexpr std::uint32_t kFormatVersion = 1;

struct Header {
    char magic[4];
    std::uint32_t version;
    std::uint64_t key;
    std::uint64_t count;
    std::uint64_t checksum;
};
static_assert(sizeof(Header) == 32, "the header is written as it is laid out");

void set(CacheOutcome* outcome, CacheOutcome value) {
    if (outcome) *outcome = value;
}

}  // namespace

const char* cache_outcome_name(CacheOutcome outcome) {
    switch (outcome) {
        case CacheOutcome::Disabled:
            return "disabled";
        case CacheOutcome::Hit:
            return "hit";
        case CacheOutcome::Miss:
            return "miss";
        case CacheOutcome::Rejected:
            return "rejected";
        case CacheOutcome::Installed:
            return "installed";
    }
    return "?";
}

std::string default_cache_dir() {
    const char* off = std::getenv("SKINVIEW_CACHE");
    if (off && std::strcmp(off, "off") == 0) return "";
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    // The XDG base directory specification: a relative value is invalid and to be ignored.
    if (xdg && xdg[0] == '/') return std::string(xdg) + "/skinview";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::string(home) + "/.cache/skinview";
    return "";
}

std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t h) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

std::uint64_t precompute_build_key() {
    std::string what = precompute_sources_hash();
#if defined(__VERSION__)
    what += std::string("|") + __VERSION__;
#endif
#if defined(__FMA__)
    what += "|fma";  // contraction would change the last bits of every sum
#endif
#if defined(__FAST_MATH__)
    what += "|fast-math";
#endif
#if defined(__GLIBC__)
    what += std::string("|glibc ") + gnu_get_libc_version();  // sin, cos, pow, exp
#endif
    what += "|glm " + std::to_string(GLM_VERSION);  // normalize, cross, mix: header code, compiled in
    return hash_text(what);
}

std::optional<std::vector<float>> read_cached_floats(const std::string& dir, const std::string& name,
                                                     std::uint64_t key, std::size_t count,
                                                     CacheOutcome* outcome) {
    if (dir.empty()) {
        set(outcome, CacheOutcome::Disabled);
        return std::nullopt;
    }
    const std::string path = dir + "/" + name;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        set(outcome, CacheOutcome::Miss);
        return std::nullopt;
    }
    set(outcome, CacheOutcome::Rejected);
    Header h{};
    std::vector<float> floats;
    bool ok = std::fread(&h, sizeof h, 1, f) == 1 && std::memcmp(h.magic, kMagic, 4) == 0 &&
              h.version == kFormatVersion && h.key == key && h.count == count;
    if (ok) {
        floats.resize(count);
        ok = std::fread(floats.data(), sizeof(float), count, f) == count;
        // Nothing may follow: a longer file is not the one this header describes.
        ok = ok && std::fgetc(f) == EOF;
        ok = ok && hash_bytes(floats.data(), count * sizeof(float)) == h.checksum;
    }
    std::fclose(f);
    if (!ok) return std::nullopt;
    set(outcome, CacheOutcome::Hit);
    return floats;
}

Status write_cached_floats(const std::string& dir, const std::string& name, std::uint64_t key,
                           const std::vector<float>& floats) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    // The process id keeps two processes that missed at once from writing one temporary file.
    const std::string path = dir + "/" + name;
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    Header h{};
    std::memcpy(h.magic, kMagic, 4);
    h.version = kFormatVersion;
    h.key = key;
    h.count = floats.size();
    h.checksum = hash_bytes(floats.data(), floats.size() * sizeof(float));
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) return make_error("precompute cache: cannot write " + tmp + ": " + std::strerror(errno));
    bool ok = std::fwrite(&h, sizeof h, 1, f) == 1 &&
              std::fwrite(floats.data(), sizeof(float), floats.size(), f) == floats.size();
    ok = std::fclose(f) == 0 && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return make_error("precompute cache: could not write " + path);
    }
    return ok_status();
}

namespace {
std::string& installed_dir_storage() {
    static std::string dir;
    return dir;
}
}  // namespace

void set_installed_tables_dir(std::string dir) { installed_dir_storage() = std::move(dir); }
const std::string& installed_tables_dir() { return installed_dir_storage(); }

std::vector<float> cached_floats(const std::string& dir, const std::string& name, std::uint64_t key,
                                 std::size_t count, const std::function<std::vector<float>()>& compute,
                                 CacheOutcome* outcome, const std::string& installed) {
    CacheOutcome found = CacheOutcome::Disabled;
    if (!dir.empty() && !installed.empty()) {
        PhaseTimer t("precompute read (installed)");
        if (auto floats = read_cached_floats(installed, name, key, count)) {
            set(outcome, CacheOutcome::Installed);
            return *std::move(floats);
        }
    }
    {
        PhaseTimer t("precompute cache read");
        if (auto floats = read_cached_floats(dir, name, key, count, &found)) {
            set(outcome, found);
            return *std::move(floats);
        }
    }
    set(outcome, found);
    std::vector<float> floats;
    {
        PhaseTimer t("precompute (sky, BRDF, sheen)");
        floats = compute();
    }
    // A computation of another size than asked is a caller's bug: not stored, so never read back.
    if (found != CacheOutcome::Disabled && floats.size() == count) {
        PhaseTimer t("precompute cache write");
        (void)write_cached_floats(dir, name, key, floats);
    }
    return floats;
}

}  // namespace sv::render

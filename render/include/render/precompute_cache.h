// Deterministic precomputation kept on disk between processes: the procedural sky's prefiltered
// atlas, spherical harmonics, split-sum table and panorama, and the sheen tables (sky_cache.cpp),
// which every `skinview render` needs and which cost 0.1 to 0.5 s of CPU to compute.
//
// A file is a header (magic, format version, key, float count, checksum of the payload) and the
// floats. It is used only when all of it holds: the key is the hash of everything that can change
// a float of the result (the sources that compute it, hashed at build time; the compiler; the C
// library; the sizes and sample counts), so a build with other formulas never reads another's
// table, and a truncated or corrupted file (a crash mid-write elsewhere, a disk error) fails the
// size or the checksum and is computed again and rewritten. Writes go to a temporary file in the
// same folder renamed over the old one, so a reader sees the old file or the new one, never half.
//
// Where: $XDG_CACHE_HOME/skinview, else $HOME/.cache/skinview. SKINVIEW_CACHE=off turns it off
// (every table computed, nothing written, the installed tables below not read either).
//
// The installed tables: the build writes the same files, with the same keys, into
// share/skinview/tables beside the executable (`skinview write-tables`, run after each link), and
// an install copies them. They are looked at first, so a fresh user's first render reads them
// instead of computing (about 0.09 s of a cold 0.5 s render on two cores, 2026-12-06); a key that
// does not match (a glibc upgraded under the installed tree, a table from another build) falls
// through to the cache and the computation, never to another build's floats. What it costs: about 3.5 MB on
// disk, and a changed formula that leaves its source files byte-identical (a changed libm, say, under the
// same glibc version string) would not be noticed; the checksum guards the bytes, not the maths.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::render {

// The folder, or "" when there is none (no XDG_CACHE_HOME or HOME, or SKINVIEW_CACHE=off).
std::string default_cache_dir();

// What a look-up found.
enum class CacheOutcome {
    Disabled,   // no folder: computed, not stored
    Hit,        // read from the file
    Miss,       // no file: computed and stored
    Rejected,   // a file was there but not whole, not this key's or not `count` floats: recomputed
    Installed,  // read from the tables installed with the build; the cache is not touched
};
const char* cache_outcome_name(CacheOutcome outcome);

// FNV-1a, 64 bits, continuing from `h`: fast enough for a few MB, and the checksum needs to find
// accidents, not attacks.
std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t h = 14695981039346656037ull);
inline std::uint64_t hash_text(const std::string& s, std::uint64_t h = 14695981039346656037ull) {
    return hash_bytes(s.data(), s.size(), h);
}

// Every precomputation's key starts here: the build's hash of the sources that compute the tables,
// the compiler's version and the floating-point flags it was given, the C library's and glm's
// versions.
std::uint64_t precompute_build_key();

// The `count` floats stored under `dir`/`name` for `key` when the whole file is there and checks;
// nothing otherwise.
std::optional<std::vector<float>> read_cached_floats(const std::string& dir, const std::string& name,
                                                     std::uint64_t key, std::size_t count,
                                                     CacheOutcome* outcome = nullptr);
// Writes them atomically (a temporary file renamed over `name`), creating `dir`.
Status write_cached_floats(const std::string& dir, const std::string& name, std::uint64_t key,
                           const std::vector<float>& floats);

// The folder of the installed tables, "" (the default) for none. Set once by main() before the
// first table is read (the viewer: data_dir()/tables); not synchronised, as nothing reads it before.
void set_installed_tables_dir(std::string dir);
const std::string& installed_tables_dir();

// The installed table `installed`/`name` when it is whole and this key's; else the cached floats
// when there; else compute()'s, stored for the next process (a write that fails costs only the
// next process's computation, so it is not an error). `dir` "" computes: no cache, and the
// installed tables unread too.
std::vector<float> cached_floats(const std::string& dir, const std::string& name, std::uint64_t key,
                                 std::size_t count, const std::function<std::vector<float>()>& compute,
                                 CacheOutcome* outcome = nullptr, const std::string& installed = "");

}  // namespace sv::render

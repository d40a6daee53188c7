// What the benchmarks that time whole `skinview` processes share: a shell-quoted argument, one
// command's wall seconds, and the `--name value` options they take. Header-only: the benchmarks
// link no test library.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace sv::bench {

inline std::string quote(const std::string& s) { return "'" + s + "'"; }

// Wall seconds of one command, its output discarded; negative when it failed (said on stderr with
// `who`), so a failed run can never pass as a fast one.
inline double seconds_of(const std::string& command, const char* who) {
    const auto t0 = std::chrono::steady_clock::now();
    const int rc = std::system((command + " >/dev/null 2>&1").c_str());
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (rc != 0) {
        std::fprintf(stderr, "%s: '%s' exited %d\n", who, command.c_str(), rc);
        return -1.0;
    }
    return s;
}

// `--name value` pairs into the strings `options` points at; false (said on stderr) for a name it
// does not know or a name without a value.
inline bool parse_options(int argc, char** argv, const char* who,
                          const std::map<std::string, std::string*>& options) {
    for (int i = 1; i < argc; i += 2) {
        const auto it = options.find(argv[i]);
        if (it == options.end() || i + 1 >= argc) {
            std::fprintf(stderr, "%s: unknown option or no value: %s\n", who, argv[i]);
            return false;
        }
        *it->second = argv[i + 1];
    }
    return true;
}

}  // namespace sv::bench

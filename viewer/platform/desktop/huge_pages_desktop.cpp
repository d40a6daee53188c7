#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include "huge_pages.h"

namespace sv::viewer {

namespace {

constexpr const char* kTunableName = "glibc.malloc.hugetlb=";
constexpr const char* kTunable = "glibc.malloc.hugetlb=1";
// Set for the restarted process only (and removed by it), so a glibc that drops GLIBC_TUNABLES
// (a secure-mode start) cannot make the restart loop.
constexpr const char* kRestarted = "SKINVIEW_HUGE_PAGES_RESTARTED";

std::string state = "off (not checked)";

bool knows_the_tunable() {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
    return true;  // glibc.malloc.hugetlb arrived in glibc 2.35
#else
    return false;
#endif
}

std::string huge_page_mode() {
    std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
    const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    for (const char* mode : {"always", "madvise", "never"})
        if (text.find(std::string("[") + mode + "]") != std::string::npos) return mode;
    return "unknown";
}

}  // namespace

void restart_with_huge_pages(char** argv) {
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    const std::string current = tunables ? tunables : "";
    // A value that names the tunable is the user's (or the restart's) choice, kept as it is: an
    // explicit glibc.malloc.hugetlb=0 is not overridden by a restart that appends =1 after it.
    if (const size_t at = current.find(kTunableName); at != std::string::npos) {
        const bool zero = current.compare(at + std::strlen(kTunableName), 1, "0") == 0;
        state = (zero ? "off (GLIBC_TUNABLES=" : "on (GLIBC_TUNABLES=") + current + ")";
        unsetenv(kRestarted);
        return;
    }
    if (std::getenv(kRestarted)) {
        state = "off (restarted with the tunable, which glibc did not keep)";
        unsetenv(kRestarted);
        return;
    }
    const char* off = std::getenv("SKINVIEW_HUGE_PAGES");
    if (off && std::strcmp(off, "0") == 0) {
        state = "off (SKINVIEW_HUGE_PAGES=0)";
        return;
    }
    if (!knows_the_tunable()) {
        state = "off (the C library has no glibc.malloc.hugetlb)";
        return;
    }
    if (const char* preload = std::getenv("LD_PRELOAD"); preload && *preload) {
        state = "off (LD_PRELOAD is set: a tool wraps this process)";
        return;
    }
    const std::string mode = huge_page_mode();
    if (mode != "madvise") {
        state = "off (transparent huge pages: " + mode + ")";
        return;
    }
    const std::string value = current.empty() ? std::string(kTunable) : current + ":" + kTunable;
    if (setenv("GLIBC_TUNABLES", value.c_str(), 1) != 0 || setenv(kRestarted, "1", 1) != 0) {
        state = "off (the environment could not be set)";
        return;
    }
    execv("/proc/self/exe", argv);
    // Only when the restart failed: the process goes on as it was.
    if (tunables)
        setenv("GLIBC_TUNABLES", current.c_str(), 1);
    else
        unsetenv("GLIBC_TUNABLES");
    unsetenv(kRestarted);
    state = "off (the restart failed)";
}

const char* huge_pages_state() { return state.c_str(); }

}  // namespace sv::viewer

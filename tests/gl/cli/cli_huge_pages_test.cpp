// skinview restarts itself once with glibc's huge-page tunable (viewer/platform/huge_pages.h): what
// `SKINVIEW_TIMINGS=1 skinview render` says of it holds for the machine and the environment it runs
// in, and SKINVIEW_HUGE_PAGES=0 turns it off. The expected line is worked out here from what the
// header says decides it (the kernel's transparent huge page mode, LD_PRELOAD, which the sanitizer
// tier sets), not read from the program.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

const std::string kHugePagesExe = SKINVIEW_EXE;

std::string huge_pages_said(const std::string& env) {
    const std::string png = (output_dir() / "cli_huge_pages.png").string();
    const CommandResult r =
        run_command("env " + env + " SKINVIEW_TIMINGS=1 " + quoted(kHugePagesExe) + " render " +
                    quoted((source_dir() / "assets" / "humanoid.glb").string()) + " -o " + quoted(png));
    EXPECT_EQ(r.status, 0) << r.err;
    const std::string key = "huge pages for large allocations: ";
    const size_t at = r.err.find(key);
    if (at == std::string::npos) return "(no line) " + r.err;
    return r.err.substr(at + key.size(), r.err.find('\n', at) - at - key.size());
}

std::string transparent_huge_page_mode() {
    std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
    const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    for (const char* mode : {"always", "madvise", "never"})
        if (text.find(std::string("[") + mode + "]") != std::string::npos) return mode;
    return "unknown";
}

TEST(HugePages, TheRestartIsWhatTheMachineAndTheEnvironmentAllow) {
    const char* preload = std::getenv("LD_PRELOAD");
    std::string expected;
    if (preload && *preload)
        expected = "off (LD_PRELOAD is set";
    else if (transparent_huge_page_mode() != "madvise")
        expected = "off (transparent huge pages: " + transparent_huge_page_mode() + ")";
    else
        expected = "on (GLIBC_TUNABLES=glibc.malloc.hugetlb=1)";
    const std::string line = huge_pages_said("-u GLIBC_TUNABLES");
    EXPECT_EQ(line.rfind(expected, 0), 0u) << "said: " << line << "\nexpected: " << expected;
    // Turned off, it says so whatever the machine.
    EXPECT_EQ(huge_pages_said("-u GLIBC_TUNABLES SKINVIEW_HUGE_PAGES=0"), "off (SKINVIEW_HUGE_PAGES=0)");
    // A user's own setting of the tunable is kept, whatever the machine: =0 is not overridden by a
    // restart that appends =1 (the man page: a value that names the tunable means no restart).
    EXPECT_EQ(huge_pages_said("GLIBC_TUNABLES=glibc.malloc.hugetlb=0"),
              "off (GLIBC_TUNABLES=glibc.malloc.hugetlb=0)");
    // A user's own tunables are kept, the huge-page one added after them (on a machine where it
    // restarts).
    if (expected.rfind("on", 0) == 0) {
        EXPECT_EQ(huge_pages_said("GLIBC_TUNABLES=glibc.malloc.tcache_count=7"),
                  "on (GLIBC_TUNABLES=glibc.malloc.tcache_count=7:glibc.malloc.hugetlb=1)");
    }
}

}  // namespace
}  // namespace sv::test

// Golden-image checks for the screenshot tier.
//
// Goldens live in tests/golden/NAME.png. On a mismatch the actual image and a diff image are
// written into the build tree (test-output/) and their paths named in the failure. With
// SKINVIEW_BLESS=1 in the environment the actual image replaces the golden instead (see
// scripts/bless-goldens.sh, which also shows what changed).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "render/image.h"
#include "render/image_compare.h"
#include "test_paths.h"

namespace sv::test {

struct GoldenOutcome {
    bool compared = false;  // false when the golden could not be read (or was just blessed)
    bool match = false;
    std::string message;
    std::string actual_path;
    std::string diff_path;
};

inline std::filesystem::path golden_path(const std::string& golden) {
    return source_dir() / "tests" / "golden" / (golden + ".png");
}

inline bool blessing() {
    const char* b = std::getenv("SKINVIEW_BLESS");
    return b && std::string(b) == "1";
}

inline GoldenOutcome check_against_golden(const render::RgbaImage& actual, const std::string& golden,
                                          const std::string& label,
                                          const render::CompareOptions& options = {}) {
    GoldenOutcome out;
    out.actual_path = (output_dir() / (label + ".actual.png")).string();
    out.diff_path = (output_dir() / (label + ".diff.png")).string();
    auto expected = render::read_png(golden_path(golden).string());
    if (!expected) {
        (void)render::write_png(out.actual_path, actual);
        out.message = "golden '" + golden + "' unreadable (" + expected.error().message +
                      "); actual written to " + out.actual_path;
        return out;
    }
    auto r = render::compare_images(*expected, actual, options);
    if (!r) {
        (void)render::write_png(out.actual_path, actual);
        out.message =
            "golden '" + golden + "': " + r.error().message + "; actual written to " + out.actual_path;
        return out;
    }
    out.compared = true;
    out.match = r->match;
    out.message = "golden '" + golden + "' vs " + label + ": " + r->summary();
    if (!r->match) {
        (void)render::write_png(out.actual_path, actual);
        (void)render::write_png(out.diff_path, r->diff);
        out.message += "\n  actual: " + out.actual_path + "\n  diff:   " + out.diff_path;
    }
    return out;
}

// Compares, or blesses under SKINVIEW_BLESS=1. The golden is shared by every label that passes the
// same name (both APIs render the same picture on llvmpipe, which one golden then proves).
inline void expect_matches_golden(const render::RgbaImage& actual, const std::string& golden,
                                  const std::string& label, const render::CompareOptions& options = {}) {
    if (blessing()) {
        auto r = render::write_png(golden_path(golden).string(), actual);
        ASSERT_TRUE(r.ok()) << r.error().message;
        std::cout << "blessed " << golden_path(golden).string() << " from " << label << "\n";
        return;
    }
    const GoldenOutcome o = check_against_golden(actual, golden, label, options);
    EXPECT_TRUE(o.compared && o.match) << o.message;
}

}  // namespace sv::test

// Golden checks for a drawn character: the image (with the background-only render, so the budget
// is over the character's footprint) and the joint sidecar beside it (tests/golden/NAME.joints.json),
// through the same check_reference that `skinview render --ref` runs. Under SKINVIEW_BLESS=1 both
// files are written instead. A golden without a sidecar fails: every character golden has one.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "golden.h"
#include "reference_check.h"
#include "scene_session.h"

namespace sv::test {

struct SceneFrame {
    render::RgbaImage image;
    render::RgbaImage background;  // the same frame without the character
    viewer::JointSidecar sidecar;
};

// Draws the session's pose as it stands (the caller posed and edited it), then its sidecar and
// background.
inline Expected<SceneFrame> capture(viewer::SceneSession& s, int width, int height) {
    SceneFrame f;
    auto img = s.render_current(width, height);
    if (!img) return img.error();
    f.image = std::move(*img);
    auto sc = viewer::measure_sidecar(s, width, height);
    if (!sc) return sc.error();
    f.sidecar = std::move(*sc);
    auto bg = s.render_background(width, height);
    if (!bg) return bg.error();
    f.background = std::move(*bg);
    return f;
}

inline std::string golden_sidecar_path(const std::string& golden) {
    return viewer::sidecar_path(golden_path(golden).string());
}

struct SceneOutcome {
    bool compared = false;
    bool match = false;
    viewer::ReferenceReport report;
    std::string message;
};

inline SceneOutcome check_scene_golden(const SceneFrame& f, const std::string& golden,
                                       const std::string& label,
                                       const viewer::ReferenceOptions& options = {}) {
    SceneOutcome out;
    const std::string actual_path = (output_dir() / (label + ".actual.png")).string();
    const std::string diff_path = (output_dir() / (label + ".diff.png")).string();
    auto expected = render::read_png(golden_path(golden).string());
    if (!expected) {
        (void)render::write_png(actual_path, f.image);
        out.message = "golden '" + golden + "' unreadable (" + expected.error().message +
                      "); actual written to " + actual_path;
        return out;
    }
    auto sidecar = viewer::read_sidecar(golden_sidecar_path(golden));
    if (!sidecar) {
        out.message = "golden '" + golden + "' has no usable sidecar (" + sidecar.error().message +
                      "); bless it with scripts/bless-goldens.sh";
        return out;
    }
    auto r = viewer::check_reference(*expected, &*sidecar, f.image, f.sidecar, &f.background, options);
    if (!r) {
        out.message = "golden '" + golden + "': " + r.error().message;
        return out;
    }
    out.compared = true;
    out.match = r->match();
    out.report = *r;
    out.message = "golden '" + golden + "' vs " + label + ": " + r->text();
    if (!out.match) {
        (void)render::write_png(actual_path, f.image);
        (void)render::write_png(diff_path, r->image.diff);
        (void)viewer::write_sidecar(viewer::sidecar_path(actual_path), f.sidecar);
        out.message += "\n  actual: " + actual_path + "\n  diff:   " + diff_path;
    }
    return out;
}

inline void expect_scene_matches_golden(const SceneFrame& f, const std::string& golden,
                                        const std::string& label) {
    if (blessing()) {
        auto r = render::write_png(golden_path(golden).string(), f.image);
        ASSERT_TRUE(r.ok()) << r.error().message;
        auto s = viewer::write_sidecar(golden_sidecar_path(golden), f.sidecar);
        ASSERT_TRUE(s.ok()) << s.error().message;
        std::cout << "blessed " << golden_path(golden).string() << " (+ sidecar) from " << label << "\n";
        return;
    }
    const SceneOutcome o = check_scene_golden(f, golden, label);
    EXPECT_TRUE(o.compared && o.match) << o.message;
}

}  // namespace sv::test

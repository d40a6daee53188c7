// `render --ref` and the screenshot goldens: a picture held against a reference image, and the
// structure behind it (every joint's screen position, the skinned bounds) held against the
// reference's sidecar, so a failure names the joint that moved.
//
// Sidecar: REF.joints.json beside REF.png (sidecar_path). Joint positions come from the CPU
// skeleton (Skeleton::world(), the joints the skeleton overlay draws), the skinned bounds from the
// CPU reference skinner (double, the rung the draw uses), both projected with the session's
// view_proj into pixels, x right and y down from the top-left corner as in the PNG. Both are on the
// CPU so one sidecar serves both APIs (the GLES context has no vertex read-back); what the GPU drew
// is the image's to hold.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "render/image.h"
#include "render/image_compare.h"

namespace sv::viewer {

class SceneSession;

struct JointOnScreen {
    int skin = 0;
    std::string name;
    double x = 0.0, y = 0.0;  // pixels
};

// How a picture was made, so a golden keeps its view whatever the file's bounds do: `render --ref`
// renders from the reference's camera unless told otherwise. Sidecars written before it have none
// (has_view false) and the command frames as it always did.
struct SidecarView {
    bool has_view = false;
    std::string camera;  // pinned form, render::format_pinned_camera
    double fov_degrees = 40.0;
    std::string api;  // gl | gles; empty when the writer did not say
    double exposure = 1.0, environment_rotation_degrees = 0.0;
    bool key_light = true;
    // The image-based light: "procedural" (the built-in sky) until --env lands; then the file.
    std::string environment = "procedural";
    // The whole view (ui/view.h's JSON object: clip, time, graph, pose edits, IK, ...),
    // so `--ref` redraws what made the golden and not only its camera: before it, a golden at
    // `--clip walk --time 0.5` was checked against t = 0. Empty in sidecars written before it.
    std::string settings_json;
    // The file drawn, by its name alone (a golden moves between machines), and a hash of its bytes (FNV-1a,
    // 64 bits, hex): `--ref` says when the file it draws now is not the one the golden was made from. The
    // hash covers the named file alone, not a .gltf's buffers or images.
    std::string file, file_hash;
};

struct JointSidecar {
    int width = 0, height = 0;
    SidecarView view;  // not compared: it says how to make the picture again
    std::vector<JointOnScreen> joints;
    double min_x = 0.0, min_y = 0.0, max_x = 0.0, max_y = 0.0;  // skinned bounds on screen, pixels
    bool has_bounds = false;
};

struct ReferenceOptions {
    render::CompareOptions image;  // the footprint budget; see render/image_compare.h
    // A joint moved by more than a fifth of a pixel is a different pose: the CPU skeleton is
    // deterministic to far below that (float rounding moves a joint by thousandths of a pixel at
    // 640x480), and the sidecar stores hundredths. Measured on Xbot at 640x480: a forearm turned 1
    // degree moves the hand 0.2 px and the finger tips up to 0.5 px; an index finger joint turned
    // 30 degrees moves the joints below it 1.7 to 4.2 px. What would make it wrong: a pose computed
    // differently on another platform (libm, SIMD paths) by more than a fifth of a pixel.
    double joint_tolerance_px = 0.2;
    // The bounds are the extreme skinned vertices in double; a fifth of a pixel likewise.
    double bounds_tolerance_px = 0.2;
};

struct ReferenceReport {
    render::CompareResult image;
    bool sidecar_checked = false;
    std::vector<std::string> structure_failures;  // "mixamorig:LeftHandIndex2 moved 6.2 px", ...
    bool match() const { return image.match && structure_failures.empty(); }
    std::string text() const;
};

// FNV-1a 64 of a file's bytes, as 16 hex digits; empty when it cannot be read.
std::string file_content_hash(const std::string& path);

// REF.png -> REF.joints.json (any extension is replaced).
std::string sidecar_path(const std::string& image_path);

// Measures the session's current pose (after pose()/apply_poses and a palette upload) for a frame
// of this size, and records its camera, lighting, whole view and file (the API is the caller's to
// fill in).
Expected<JointSidecar> measure_sidecar(SceneSession& session, int width, int height);
Status write_sidecar(const std::string& path, const JointSidecar& sidecar);
Expected<JointSidecar> read_sidecar(const std::string& path);
// Sets the session's camera (and field of view) to the sidecar's, when it has one; false when not.
Expected<bool> adopt_sidecar_camera(const JointSidecar& sidecar, SceneSession& session);
// One line per joint moved past its tolerance (or missing, or extra), and per bound edge moved.
std::vector<std::string> compare_sidecars(const JointSidecar& expected, const JointSidecar& actual,
                                          const ReferenceOptions& options = {});

// The image against the reference with `background` (the same frame without the character) for the
// footprint, and the sidecars when `expected_sidecar` is given.
Expected<ReferenceReport> check_reference(const render::RgbaImage& expected,
                                          const JointSidecar* expected_sidecar,
                                          const render::RgbaImage& actual, const JointSidecar& actual_sidecar,
                                          const render::RgbaImage* background,
                                          const ReferenceOptions& options = {});

}  // namespace sv::viewer

// The option vocabulary every skinview entry point shares: the interactive viewer and the render,
// audit and diagnose subcommands parse the same words into the same struct, so `--correction off`
// or `--skinning lbs` means one thing everywhere.
#pragma once

#include <CLI/CLI.hpp>
#include <set>
#include <string>
#include <vector>

#include "data_dir.h"
#include "render/context.h"
#include "render/skinned_pass.h"
#include "scene_options.h"

namespace sv::viewer {

// The range a numeric option means, checked on the text before CLI11 converts it: "nan" and "inf"
// parse as floats, a negative count parses as an int, "2.5" as an int fails with CLI11's own words.
// Every numeric option is checked by number_in with its range, so every refusal has one wording
// ("'0.5': must be a number from 1 to 179") and --help shows the range beside the type.
struct NumberRange {
    double min = -1e300, max = 1e300;  // the bounds; +-1e300: none on that side
    bool min_open = false;             // min itself is outside (a rate, a size: > 0)
    bool whole = false;                // an integer (a count, a tolerance in pixels)
};
NumberRange any_number();                     // finite (an angle)
NumberRange at_least(double min);             // finite and >= min (a time, a tolerance)
NumberRange greater_than(double min);         // finite and > min (a rate, an exposure)
NumberRange from_to(double min, double max);  // finite, min..max inclusive (a fraction, a field of view)
NumberRange whole(NumberRange r);             // the same range, integers only
CLI::Validator number_in(const NumberRange& r);

// One word of a fixed set, refused with the set named ("'maybe': must be one of on, off"). --help
// shows the set as CLI::IsMember does ("{on,off}"), which it replaces for its wording.
CLI::Validator one_of(const std::vector<std::string>& words);

// An output file's name must end in the extension of what is written ("out.jpg" for a PNG would
// be a PNG under a JPEG's name): `what` says what the verb writes ("render writes a PNG").
CLI::Validator output_extension(const std::string& extension, const std::string& what);
// The same check as a value: "" when `path` ends in `extension` (any case), else the refusal.
std::string extension_mismatch(const std::string& path, const std::string& extension,
                               const std::string& what);

// Which of the shared options a verb registers. The lighting options (--env, --env-background,
// --env-blur) light and surround a picture; a verb that takes no picture (bake, diagnose) does not
// register them, so naming one there is refused (usage_error.h) instead of silently changing
// nothing. --camera and --fov stay: with --look-at camera a VRM's eyes follow the camera, so they
// move vertices; without it they are refused by the verb (view_layers.h).
struct SceneOptionSet {
    bool file = true;
    bool lighting = true;
};
// Adds the shared options to a CLI11 app or subcommand.
void add_scene_options(CLI::App& app, SceneOptions& o, SceneOptionSet set = {});

// The options of `app` (not of its subcommands) the command line named, by their long name.
std::set<std::string> given_options(const CLI::App& app);

}  // namespace sv::viewer

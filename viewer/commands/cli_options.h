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

// Validators for numbers CLI11 would otherwise take as given: "nan" and "inf" parse as floats, and
// a negative count or size parses as an int. Each refuses with a sentence naming the value.
CLI::Validator finite_number();        // any finite number (a time may be negative: before the first key)
CLI::Validator positive_number();      // finite and > 0 (fps, window size)
CLI::Validator non_negative_number();  // finite and >= 0 (thresholds, tolerances)

// Adds the shared options to a CLI11 app or subcommand.
void add_scene_options(CLI::App& app, SceneOptions& o, bool with_file = true);

// The options of `app` (not of its subcommands) the command line named, by their long name.
std::set<std::string> given_options(const CLI::App& app);

}  // namespace sv::viewer

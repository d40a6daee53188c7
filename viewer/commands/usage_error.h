// The one shape of a refusal on the command line: "skinview VERB: what: why" on one line (the viewer,
// with no verb: "skinview: what: why"), exit 2. CLI11 refuses in its own words and two lines ("The
// following argument was not expected: ...", "Run with --help for more information."); this turns
// each of its refusals into the shape, names the option or argument, and for a word that is no
// verb or option suggests the nearest one that is.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sv::viewer {

// The optimal-string-alignment distance: insertions, deletions, substitutions and transpositions of
// two neighbours, each 1 ("rendr" -> "render" 1, "audti" -> "audit" 1).
int edit_distance(const std::string& a, const std::string& b);

// The candidate nearest `word`, or "" when none is near enough to be a slip of the keyboard: a
// distance of at most a third of the word's length (at least 1). Leading dashes are not counted, so
// "--armture" is near "--armature" and "--frobnicate" near nothing.
std::string nearest(const std::string& word, const std::vector<std::string>& candidates);

// "skinview render", or "skinview" for the viewer (verb empty).
std::string command_name(const std::string& verb);

// CLI11's refusal of the command line as one line in the shape, without the newline. `app` is the
// top-level app the error came from; the verb is the subcommand it had parsed, if any.
std::string describe_parse_error(const CLI::App& app, const CLI::ParseError& e);

// The viewer's FILE argument when it is a word and not a file: no '.' or '/', and no file of that
// name exists, so `skinview rendr` is a mistyped verb and not a missing glTF file. The line in the
// shape ("skinview: 'rendr': not a verb or a file; did you mean 'render'?"), or "" when `file` may
// well be a file.
std::string unknown_verb_error(const CLI::App& app, const std::string& file);

}  // namespace sv::viewer

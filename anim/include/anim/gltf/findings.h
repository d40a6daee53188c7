// The catalogue of findings: every note the loader writes (Asset::report), every failure and note the
// audit states, each with a stable code (UPPER_SNAKE, as the Khronos glTF-Validator's) and a
// severity. One table, findings.cpp; docs/findings.md has one section a code, and
// `FindingsCatalogue` (tests/unit/gltf_reader) fails when either has a code the other lacks.
//
// A message is tied to its code by its shape, a regular expression over the whole message, not by
// a code carried beside it from where it is written: the notes stay the plain strings the panels,
// `fix` and the tests already read, at the cost that a reworded message no longer matches its row.
// That cost is paid in the tests, not by users: every fixture, every control and the ../shared
// sweep fail on a message no row matches (kUncataloguedCode). What would make it wrong: two rows
// whose shapes both match one message; the first wins, and the catalogue test refuses overlaps
// among the messages it has seen.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sv::anim {

// By one rule (docs/findings.md, "Severity"):
//   error:   the audit fails the file for it (exit 1); the file does not load or is not drawn whole.
//   warning: the file breaks a rule of glTF or VRM, or part of it is not drawn or applied as its
//            author wrote it (every note the importer also lists in Asset::picture_notes is one).
//   info:    what skinview read or did; nothing in the file to fix.
enum class Severity { Error, Warning, Info };
const char* to_string(Severity s);

struct FindingKind {
    const char* code;
    Severity severity;
    const char* origin;  // "loader" (Asset::report), "audit" (audit's failures and its own notes), "viewer"
    const char* shape;   // ECMAScript regular expression the whole message matches
};

// What a message no row matches is reported as: a message the catalogue does not know is a bug of
// skinview's (a new or reworded note without its row), never of the file.
inline constexpr const char* kUncataloguedCode = "NOTE_UNCATALOGUED";

// Every row, in the order they are tried (a more particular shape before a more general one).
const std::vector<FindingKind>& finding_catalogue();
// The row of `code`, or null.
const FindingKind* find_finding(std::string_view code);
// The first row whose shape matches the whole of `message`; the kUncataloguedCode row when none does
// (never null).
const FindingKind& classify_finding(const std::string& message);

}  // namespace sv::anim

// One file's audit (audit_command.cpp) as the batch runner (audit_batch.cpp) uses it: independent of
// every other file, so files audit in parallel and a library splits across machines by --shard.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace sv::viewer {

// The shape of `audit --json` and --jsonl (docs/audit-json.md). 1: the first with a version, codes,
// severities and counts; the unversioned output before it had no "findings".
inline constexpr int kAuditSchemaVersion = 1;

struct FileAudit {
    // One element of `audit --json`'s "files", and exactly one line of --jsonl: file, error, report,
    // audit_notes, skins (meshes, conflicts), "failures" (one sentence each; empty when the file
    // passes) and "findings" (every one of those statements with its code and severity).
    nlohmann::json json;
    bool loaded = false;
    bool cannot_fix = false;
    bool corrected = false;
    bool failed() const { return !json["failures"].empty(); }
};

// --strict counts a correction as a failure only when it absorbs non-rigidity above
// anim::kFrameDefectTolerance: a correction that only moves the mesh node rigidly (a placement,
// absorbing ~1e-16) changes nothing any renderer draws, so it is not a defect.
FileAudit audit_file(const std::string& path, bool strict);

// The human-readable block for one file, on stdout.
void print_text(const nlohmann::json& file);

}  // namespace sv::viewer

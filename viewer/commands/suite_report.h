// What `skinview suite` writes about its entries: a JSON line each, JUnit XML, and the HTML report a
// person opens from disk (failures first; the golden, the actual and the diff side by side).
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "reference_check.h"
#include "suite_file.h"

namespace sv::viewer {

enum class EntryOutcome { Pass, Fail, Error, Blessed, Skipped };
const char* outcome_name(EntryOutcome o);  // pass | fail | error | blessed | skipped

struct EntryResult {
    const SuiteEntry* entry = nullptr;
    EntryOutcome outcome = EntryOutcome::Error;
    bool compared = false;
    ReferenceReport report;  // when compared
    std::string message;     // the reason for an error; the figures otherwise
    // The error is the entry's own input (a clip, variant, camera or settings file the model cannot
    // take), not its file or golden: the suite still runs the others, then exits 2 for bad input.
    bool bad_input = false;
    std::string camera;  // the pinned camera it was drawn from
    // File names in the output folder (empty when not written): the report links them relatively.
    std::string golden_image, actual_image, diff_image;
    double seconds = 0.0;
    bool passed() const {
        return outcome == EntryOutcome::Pass || outcome == EntryOutcome::Blessed ||
               outcome == EntryOutcome::Skipped;
    }
};

std::string result_json_line(const EntryResult& r);
Status write_junit(const std::string& path, const std::string& suite_name,
                   const std::vector<EntryResult>& results);
Status write_html_report(const std::string& path, const std::string& suite_name,
                         const std::vector<EntryResult>& results);

}  // namespace sv::viewer

// audit's text output names each note by its finding code ("  note CODE: ..."), the code the JSON
// report gives the same note: the notes of the JSON's `report` and `audit_notes`, counted through the
// text's groups ("6 notes like ..."), are the text's notes, code for code. RobotExpressive has notes
// of four codes, among them a group; the built-in prescaled humanoid those of its 0.01 node.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

// The codes of the text's note lines, a group counted as its notes; a note line without a code
// counts under "".
std::map<std::string, int> text_codes(const std::string& out) {
    std::map<std::string, int> codes;
    const std::regex note("^  note ([A-Z][A-Z0-9_]*): (([0-9]+) notes like )?.*");
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("  note", 0) != 0) continue;
        std::smatch m;
        if (!std::regex_match(line, m, note)) {
            ++codes[""];
            continue;
        }
        codes[m[1]] += m[3].matched ? std::stoi(m[3]) : 1;
    }
    return codes;
}

TEST(AuditText, EveryNoteLineCarriesTheCodeTheJsonGivesIt) {
    const std::string exe = quoted(SKINVIEW_EXE);
    std::vector<std::string> files = {(source_dir() / "assets" / "humanoid_prescale.glb").string()};
    if (const std::string robot = shared_asset("RobotExpressive.glb"); !robot.empty())
        files.push_back(robot);
    else if (in_ci())
        FAIL() << shared_missing_message("RobotExpressive.glb");
    int checked = 0;
    for (const std::string& file : files) {
        SCOPED_TRACE(file);
        const CommandResult text = run_command(exe + " audit " + quoted(file));
        const CommandResult json = run_command(exe + " audit --json " + quoted(file));
        ASSERT_EQ(text.status, 0) << text.err;
        ASSERT_EQ(json.status, 0) << json.err;
        const auto j = nlohmann::json::parse(json.out);
        const auto& f = j["files"][0];
        std::map<std::string, int> want;
        for (const auto& finding : f["findings"]) {
            const std::string message = finding["message"];
            bool note = false;
            for (const char* list : {"report", "audit_notes"})
                for (const auto& n : f[list]) note = note || n == message;
            if (note) ++want[finding["code"].get<std::string>()];
        }
        ASSERT_FALSE(want.empty()) << "the file has no notes: the check would pass vacuously";
        EXPECT_EQ(text_codes(text.out), want) << text.out;
        checked += static_cast<int>(want.size());
    }
    std::printf("[ measure ] %d codes of notes held between audit's text and its JSON\n", checked);
    // Controls: the old form, without its code, is counted apart and so cannot equal the JSON's;
    // a group counts as its notes.
    EXPECT_EQ(text_codes("  note: node 1 ('A'): x\n"), (std::map<std::string, int>{{"", 1}}));
    EXPECT_EQ(text_codes("  note WEIGHTS_ALL_ZERO: 6 notes like \"x\"; for 'a'\n"),
              (std::map<std::string, int>{{"WEIGHTS_ALL_ZERO", 6}}));
}

}  // namespace
}  // namespace sv::test

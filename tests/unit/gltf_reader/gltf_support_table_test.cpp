// The README's glTF extension table says what the importer does: every extension the importer
// knows has a row with its status, and every row names one it knows. A build that lacks one of
// the decoder libraries reports that extension as refused; its row (which documents the full
// build) is then not compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "anim/gltf/gltf_import.h"
#include "test_paths.h"

TEST(GltfSupportTable, TheReadmeTableMatchesTheImporter) {
    std::ifstream f(sv::test::source_dir() / "README.md");
    ASSERT_TRUE(f) << "README.md";
    std::map<std::string, std::string> rows;  // name -> status
    std::string line;
    bool in_section = false;  // only the "glTF support" section's table: other tables list other things
    while (std::getline(f, line)) {
        if (line.rfind("## ", 0) == 0) in_section = line == "## glTF support";
        if (!in_section || line.rfind("| `", 0) != 0) continue;
        std::stringstream cells(line);
        std::string empty, name, status;
        std::getline(cells, empty, '|');
        std::getline(cells, name, '|');
        std::getline(cells, status, '|');
        auto trim = [](std::string s) {
            s.erase(0, s.find_first_not_of(" `"));
            s.erase(s.find_last_not_of(" `") + 1);
            return s;
        };
        rows[trim(name)] = trim(status);
    }
    const auto known = sv::anim::gltf_extension_support();
    ASSERT_FALSE(known.empty());
    for (const auto& e : known) {
        const auto row = rows.find(e.name);
        ASSERT_NE(row, rows.end()) << e.name << " has no row in README.md's table";
        if (e.how.find("which this build lacks") != std::string::npos) continue;
        EXPECT_EQ(row->second, e.status) << e.name;
        rows.erase(row);
    }
    for (const auto& [name, status] : rows)
        EXPECT_NE(std::find_if(known.begin(), known.end(), [&](const auto& e) { return e.name == name; }),
                  known.end())
            << "README.md lists " << name << ", which the importer does not know";
}

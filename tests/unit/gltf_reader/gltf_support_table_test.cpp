// The glTF extension table of docs/gltf-support.md says what the importer does: every extension the importer
// knows has a row with its status and, word for word, the code's line on what is done with it
// (the last column), and every row names one it knows. So the table cannot drift from the code:
// once it said KHR_materials_emissive_strength was "ignored" while the shader drew it. A build that lacks one
// of the decoder libraries reports that extension as refused; its row (which documents the full build) is
// then not compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "anim/gltf/gltf_import.h"
#include "test_paths.h"

TEST(GltfSupportTable, TheDocumentedTableMatchesTheImporter) {
    const auto page = sv::test::source_dir() / "docs" / "gltf-support.md";
    std::ifstream f(page);
    ASSERT_TRUE(f) << page;
    struct Row {
        std::string status, how;
    };
    std::map<std::string, Row> rows;
    std::string line;
    bool in_section = false;  // only the "Extensions" section's table: other tables list other things
    while (std::getline(f, line)) {
        if (line.rfind("## ", 0) == 0) in_section = line == "## Extensions";
        if (!in_section || line.rfind("| `", 0) != 0) continue;
        std::stringstream cells(line);
        std::string empty, name, status, library, how;
        std::getline(cells, empty, '|');
        std::getline(cells, name, '|');
        std::getline(cells, status, '|');
        std::getline(cells, library, '|');
        std::getline(cells, how, '|');
        auto trim = [](std::string s) {
            s.erase(0, s.find_first_not_of(" `"));
            s.erase(s.find_last_not_of(" `") + 1);
            return s;
        };
        rows[trim(name)] = Row{trim(status), trim(how)};
    }
    const auto known = sv::anim::gltf_extension_support();
    ASSERT_FALSE(known.empty());
    for (const auto& e : known) {
        const auto row = rows.find(e.name);
        ASSERT_NE(row, rows.end()) << e.name << " has no row in docs/gltf-support.md's table";
        if (e.how.find("which this build lacks") != std::string::npos) continue;
        EXPECT_EQ(row->second.status, e.status) << e.name;
        EXPECT_EQ(row->second.how, e.how)
            << e.name << ": docs/gltf-support.md's last column differs from gltf_extensions.cpp";
        rows.erase(row);
    }
    // A plain loop variable, not a structured binding: C++17 does not let a lambda capture one
    // (GCC allows it, clang refuses).
    for (const auto& entry : rows) {
        const std::string& name = entry.first;
        EXPECT_NE(std::find_if(known.begin(), known.end(), [&](const auto& e) { return e.name == name; }),
                  known.end())
            << "docs/gltf-support.md lists " << name << ", which the importer does not know";
    }
}

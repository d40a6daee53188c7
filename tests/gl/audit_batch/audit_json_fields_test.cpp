// docs/audit-json.md's field table against real `audit --json` output: every field a real report
// has is documented, and every documented field appears in a real report. The report is of files
// that between them have every field: a file that does not load (error), a skinned character with
// a correction (meshes), a clip that scales a joint (conflicts), a file with notes; and the
// top-level counts are checked against the findings they count.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "hostile_fixture.h"
#include "run_command.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

// "a.b", "a[].b": arrays of objects are walked through "[]"; an array of scalars is a leaf.
void field_paths(const nlohmann::json& j, const std::string& at, std::set<std::string>& out) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            const std::string p = at.empty() ? it.key() : at + "." + it.key();
            out.insert(p);
            field_paths(it.value(), p, out);
        }
    } else if (j.is_array()) {
        for (const auto& e : j)
            if (e.is_object()) field_paths(e, at + "[]", out);
    }
}

std::set<std::string> documented_fields() {
    std::ifstream f(source_dir() / "docs" / "audit-json.md");
    std::set<std::string> out;
    const std::regex row("^\\| `([a-z_\\[\\].]+)` \\|.*");
    std::smatch m;
    for (std::string line; std::getline(f, line);)
        if (std::regex_match(line, m, row)) out.insert(m[1]);
    return out;
}

TEST(AuditJson, EveryFieldOfARealReportIsDocumentedAndEveryDocumentedFieldIsReal) {
    const fs::path dir = output_dir() / "audit_json_fields";
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy_file(source_dir() / "assets" / "humanoid_mixamo.glb", dir / "mixamo.glb");
    Glb g = arm();
    // A second clip channel scaling the elbow: a scale conflict.
    const float s[] = {1, 1, 1, 2, 2, 2, 1, 1, 1};
    while (g.bin.size() % 4) g.bin.push_back(0);
    const size_t at = g.bin.size();
    g.bin.resize(at + sizeof s);
    std::memcpy(g.bin.data() + at, s, sizeof s);
    g.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", sizeof s}});
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["accessors"].push_back({{"bufferView", g.json["bufferViews"].size() - 1},
                                   {"componentType", 5126},
                                   {"count", 3},
                                   {"type", "VEC3"}});
    auto& a = g.json["animations"][0];
    a["samplers"].push_back(
        {{"input", a["samplers"][0]["input"]}, {"output", g.json["accessors"].size() - 1}});
    a["channels"].push_back({{"sampler", 1}, {"target", {{"node", 2}, {"path", "scale"}}}});
    const auto bytes = g.pack();
    std::ofstream(dir / "arm_scaled_clip.glb", std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    std::ofstream(dir / "broken.glb") << "not a glb";

    const auto r = run_command(quoted(SKINVIEW_EXE) + " audit --json -j 2 " + quoted(dir.string()));
    EXPECT_EQ(r.status, 1) << "broken.glb fails";
    const auto doc = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded()) << r.out << r.err;
    std::set<std::string> real;
    field_paths(doc, "", real);
    const std::set<std::string> documented = documented_fields();
    ASSERT_GT(documented.size(), 10u) << "docs/audit-json.md's table was not read";
    for (const auto& p : real)
        EXPECT_TRUE(documented.count(p)) << p << " is in the output, not in docs/audit-json.md";
    for (const auto& p : documented) EXPECT_TRUE(real.count(p)) << p << " is documented, not in the output";

    // The counts count what they say.
    long errors = 0, warnings = 0, infos = 0, failed = 0;
    for (const auto& f : doc["files"]) {
        failed += !f["failures"].empty();
        for (const auto& x : f["findings"]) {
            errors += x["severity"] == "error";
            warnings += x["severity"] == "warning";
            infos += x["severity"] == "info";
        }
    }
    EXPECT_EQ(doc["counts"]["files"], doc["files"].size());
    EXPECT_EQ(doc["counts"]["failed"], failed);
    EXPECT_EQ(doc["counts"]["errors"], errors);
    EXPECT_EQ(doc["counts"]["warnings"], warnings);
    EXPECT_EQ(doc["counts"]["infos"], infos);
    EXPECT_GT(errors + warnings + infos, 2) << "the library was built to have findings";
    EXPECT_EQ(doc["schema_version"], 1);
    const auto version = run_command(quoted(SKINVIEW_EXE) + " --version");
    EXPECT_NE(version.out.find("skinview " + doc["tool"]["version"].get<std::string>() + " "),
              std::string::npos)
        << version.out;
}

}  // namespace
}  // namespace sv::test

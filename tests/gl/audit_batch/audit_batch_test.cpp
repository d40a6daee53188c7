// skinview audit over a library, as CI runs it: folders, --jsonl, --shard, --junit, -j, the strict
// rule and the progress bar, through the real binary.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <glm/gtc/matrix_transform.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "run_command.h"
#include "skin_fixture_gltf.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }

// A small library: the project's characters in nested folders, a fixture .gltf (with its .bin, which
// must not be audited), a VRM avatar (.vrm, a .glb by another name: audited), a VRM Animation
// (.vrma, which opens only as a retarget source: not audited), a file that does not load, and a text
// file that is not glTF. One copy per
// test: ctest runs the tests of one executable in parallel, and each rebuilds its library.
fs::path library(const std::string& test) {
    const fs::path root = output_dir() / "audit_batch" / test;
    fs::remove_all(root);
    fs::create_directories(root / "heroes" / "deep");
    fs::create_directories(root / "props");
    for (const char* n : {"humanoid_mixamo.glb", "humanoid_prescale.glb"})
        fs::copy_file(source_dir() / "assets" / n, root / "heroes" / n);
    fs::copy_file(source_dir() / "assets" / "arm.glb", root / "heroes" / "deep" / "arm.glb");
    SkinFixture rigid;
    rigid.root_scale = 1.0;
    write_skin_fixture((root / "props").string(), "legs", rigid);
    EXPECT_TRUE(anim::write_gltf_file(anim::build_vrm_avatar(anim::VrmVersion::V1),
                                      (root / "heroes" / "avatar.vrm").string())
                    .ok());
    EXPECT_TRUE(
        anim::write_gltf_file(anim::build_vrm_animation(), (root / "props" / "dance.vrma").string()).ok());
    std::ofstream(root / "props" / "broken.glb") << "not a glb";
    std::ofstream(root / "props" / "notes.txt") << "not glTF";
    return root;
}

std::vector<nlohmann::json> json_lines(const std::string& text) {
    std::vector<nlohmann::json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        auto j = nlohmann::json::parse(line, nullptr, false);
        EXPECT_FALSE(j.is_discarded()) << "not one JSON object: " << line;
        if (!j.is_discarded()) out.push_back(j);
    }
    return out;
}

std::set<std::string> files_of(const std::vector<nlohmann::json>& lines) {
    std::set<std::string> s;
    for (const auto& j : lines) s.insert(j["file"].get<std::string>());
    return s;
}

TEST(AuditBatch, AFolderStreamsOneLineAFileWithTheSchemaOfJson) {
    const fs::path lib = library("AFolderStreamsOneLineAFileWithTheSchemaOfJson");
    const auto r = skinview("audit --jsonl -j 2 " + quoted(lib.string()));
    EXPECT_EQ(r.status, 1) << "broken.glb fails to load";
    const auto lines = json_lines(r.out);
    const std::set<std::string> want = {(lib / "heroes/avatar.vrm").generic_string(),
                                        (lib / "heroes/deep/arm.glb").generic_string(),
                                        (lib / "heroes/humanoid_mixamo.glb").generic_string(),
                                        (lib / "heroes/humanoid_prescale.glb").generic_string(),
                                        (lib / "props/broken.glb").generic_string(),
                                        (lib / "props/legs.gltf").generic_string()};
    EXPECT_EQ(lines.size(), want.size()) << r.out;
    EXPECT_EQ(files_of(lines), want);
    // Each line is exactly the --json document's element for that file.
    const auto doc =
        nlohmann::json::parse(skinview("audit --json -j 1 " + quoted(lib.string())).out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    ASSERT_EQ(doc["files"].size(), want.size());
    std::map<std::string, nlohmann::json> by_file;
    for (const auto& f : doc["files"]) by_file[f["file"].get<std::string>()] = f;
    for (const auto& line : lines) EXPECT_EQ(line, by_file[line["file"].get<std::string>()]) << line["file"];
}

// Nothing to audit is not a pass: a folder with no .gltf, .glb or .vrm under it (empty, or holding
// only a .vrma and a text file) is refused, exit 2, naming it; a folder beside it with a file does
// not make the empty one pass.
TEST(AuditBatch, AFolderWithNothingToAuditIsAnError) {
    const fs::path root = output_dir() / "audit_batch" / "nothing";
    fs::remove_all(root);
    fs::create_directories(root / "empty");
    fs::create_directories(root / "animations");
    ASSERT_TRUE(
        anim::write_gltf_file(anim::build_vrm_animation(), (root / "animations" / "a.vrma").string()).ok());
    std::ofstream(root / "animations" / "readme.txt") << "not glTF";
    for (const fs::path& dir : {root / "empty", root / "animations"}) {
        const auto r = skinview("audit --json " + quoted(dir.string()));
        EXPECT_EQ(r.status, 2) << dir;
        EXPECT_EQ(r.err, "skinview audit: " + dir.string() + ": no .gltf, .glb or .vrm file under it\n");
        EXPECT_EQ(r.out, "") << "no report of nothing";
    }
    const auto both = skinview("audit " + quoted((source_dir() / "assets" / "arm.glb").string()) + " " +
                               quoted((root / "empty").string()));
    EXPECT_EQ(both.status, 2) << both.err;
    // Control: the same command with a file to audit passes.
    EXPECT_EQ(skinview("audit " + quoted((source_dir() / "assets" / "arm.glb").string())).status, 0);
}

TEST(AuditBatch, OutputDoesNotDependOnTheWorkerCount) {
    const fs::path lib = library("OutputDoesNotDependOnTheWorkerCount");
    const auto one = skinview("audit --json -j 1 " + quoted(lib.string()));
    const auto two = skinview("audit --json -j 2 " + quoted(lib.string()));
    const auto text1 = skinview("audit -j 1 " + quoted(lib.string()));
    const auto text2 = skinview("audit -j 2 " + quoted(lib.string()));
    EXPECT_EQ(one.out, two.out);
    EXPECT_EQ(text1.out, text2.out) << "text comes in the order the files are listed";
    EXPECT_EQ(one.status, two.status);
}

std::vector<std::string> shared_and_own() {
    std::vector<std::string> p = {(source_dir() / "assets").string()};
    if (fs::is_directory(shared_assets().parent_path())) p.push_back(shared_assets().parent_path().string());
    return p;
}

TEST(AuditBatch, ShardsPartitionTheLibraryExactlyAndStably) {
    std::string paths;
    for (const auto& p : shared_and_own()) paths += " " + quoted(p);
    const auto all = files_of(json_lines(skinview("audit --jsonl -j 2" + paths).out));
    ASSERT_GE(all.size(), 3u);
    for (int n : {1, 2, 3, 7}) {
        std::multiset<std::string> together;
        for (int k = 1; k <= n; ++k) {
            const std::string shard = " --shard " + std::to_string(k) + "/" + std::to_string(n);
            const auto first = json_lines(skinview("audit --jsonl -j 2" + shard + paths).out);
            const auto again = json_lines(skinview("audit --jsonl -j 1" + shard + paths).out);
            EXPECT_EQ(files_of(first), files_of(again)) << shard << " is not stable";
            for (const auto& j : first) together.insert(j["file"].get<std::string>());
        }
        EXPECT_EQ(together.size(), all.size()) << n << " shards: some file audited twice or never";
        EXPECT_EQ(std::set<std::string>(together.begin(), together.end()), all) << n << " shards";
    }
    for (const char* bad : {"0/3", "4/3", "1/0", "a/b", "2", "1/2x"}) {
        const auto r = skinview(std::string("audit --shard ") + bad + paths);
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_NE(r.err.find("expected K/N with 1 <= K <= N"), std::string::npos) << bad << ": " << r.err;
    }
}

TEST(AuditBatch, JUnitMarksExactlyTheFailingFiles) {
    const fs::path lib = library("JUnitMarksExactlyTheFailingFiles");
    const fs::path xml = output_dir() / "audit_batch" / "report.xml";
    fs::remove(xml);
    const auto r =
        skinview("audit --strict --jsonl --junit " + quoted(xml.string()) + " " + quoted(lib.string()));
    EXPECT_EQ(r.status, 1);
    std::set<std::string> failing, passing;
    for (const auto& j : json_lines(r.out))
        (j["failures"].empty() ? passing : failing).insert(j["file"].get<std::string>());
    // humanoid_mixamo (absorbs 99 under --strict) and broken.glb fail; nothing else does.
    EXPECT_EQ(failing, (std::set<std::string>{(lib / "heroes/humanoid_mixamo.glb").generic_string(),
                                              (lib / "props/broken.glb").generic_string()}));
    const std::string report = read_text(xml.string());
    const std::regex testcase(
        R"re(<testcase classname="skinview.audit" name="([^"]*)" time="[0-9.]+"(/?)>)re");
    std::set<std::string> junit_failing, junit_passing;
    for (auto it = std::sregex_iterator(report.begin(), report.end(), testcase); it != std::sregex_iterator();
         ++it)
        ((*it)[2] == "/" ? junit_passing : junit_failing).insert((*it)[1]);
    EXPECT_EQ(junit_failing, failing) << report;
    EXPECT_EQ(junit_passing, passing) << report;
    EXPECT_NE(report.find("<testsuite name=\"skinview audit\" tests=\"6\" failures=\"2\""), std::string::npos)
        << report;
    EXPECT_NE(report.find("<failure type=\"FILE_NOT_LOADED\" message=\"does not load: "), std::string::npos)
        << report;
    EXPECT_NE(report.find(">FILE_NOT_LOADED: does not load: "), std::string::npos) << report;
}

TEST(AuditBatch, StrictPassesARigidCorrectionAndFailsAnAbsorbedScale) {
    const fs::path dir = output_dir() / "audit_batch" / "strict";
    fs::create_directories(dir);
    // The mesh node at the root, the skin bound under a turned and moved frame: the correction is
    // a pure placement (a rotation and a translation), which no renderer draws differently.
    SkinFixture rigid;
    rigid.root_scale = 1.0;
    rigid.bind_extra = glm::rotate(glm::translate(glm::dmat4(1.0), glm::dvec3(0.3, -2.0, 5.0)), 0.7,
                                   glm::dvec3(0.2, 1.0, 0.1));
    const std::string placed = write_skin_fixture(dir.string(), "placed", rigid);
    auto r = skinview("audit --strict --jsonl " + quoted(placed));
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    const auto& mesh = lines[0]["skins"][0]["meshes"][0];
    EXPECT_EQ(mesh["verdict"], "corrected") << "not a vacuous pass: a correction was made";
    // The inverse binds are floats: a stored rotation is orthogonal to about 6e-8 a component.
    EXPECT_LT(mesh["non_rigidity_absorbed"].get<double>(), 1e-6);
    EXPECT_EQ(r.status, 0) << r.out;
    // A shipped sample with the same property: RiggedSimple's mesh node is off its bind transform
    // by a rigid placement only (absorbing ~1e-16).
    const fs::path rigged =
        shared_assets().parent_path() / "khronos/RiggedSimple/glTF-Binary/RiggedSimple.glb";
    if (fs::exists(rigged)) {
        r = skinview("audit --strict --jsonl " + quoted(rigged.string()));
        const auto sample = json_lines(r.out);
        ASSERT_EQ(sample.size(), 1u);
        EXPECT_EQ(sample[0]["skins"][0]["meshes"][0]["verdict"], "corrected");
        EXPECT_EQ(r.status, 0) << r.out;
    }
    // Negative control: the 0.01 armature (absorbs 99) fails --strict and passes without it.
    SkinFixture scaled;
    const std::string folded = write_skin_fixture(dir.string(), "folded", scaled);
    r = skinview("audit --strict " + quoted(folded));
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.out.find(
                  "FAIL: skin 0 ('LegSkin') mesh node 1 ('Body'): the correction absorbs 99 of non-rigidity"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(skinview("audit " + quoted(folded)).status, 0);
}

TEST(AuditBatch, ProgressBarCountsFilesFailuresRateAndEta) {
    const fs::path lib = library("ProgressBarCountsFilesFailuresRateAndEta");
    const auto r = skinview("audit --progress always -j 2 " + quoted(lib.string()));
    EXPECT_NE(r.err.find("] 6/6 files, 1 failed, "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" files/s, ETA "), std::string::npos) << r.err;
    // Not a terminal and not asked for: nothing but the load error on stderr.
    const auto quiet = skinview("audit -j 2 " + quoted(lib.string()));
    EXPECT_EQ(quiet.err.find("files/s"), std::string::npos) << quiet.err;
}

}  // namespace
}  // namespace sv::test

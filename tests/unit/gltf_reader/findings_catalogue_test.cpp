// The findings catalogue (anim/gltf/findings.h) against its page, docs/findings.md: one section a
// code ("### `CODE`") with the code's severity ("Severity: **warning**"), no section without a
// code and no code without a section; the codes' spelling; the fallback for a message no row
// knows; and the severity rule for the importer's picture notes. Which message fires which code,
// on a fixture and not on its control, is tests/gl/audit_batch/findings_fixtures_test.cpp.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/frame/frame_context.h"
#include "anim/gltf/findings.h"
#include "hostile_fixture.h"
#include "test_paths.h"

using namespace sv::anim;

namespace {

// code -> severity as docs/findings.md states it ("" when its section has no severity line).
std::map<std::string, std::string> documented_codes(std::vector<std::string>& twice) {
    std::ifstream f(sv::test::source_dir() / "docs" / "findings.md");
    std::map<std::string, std::string> out;
    const std::regex heading("^### `([A-Za-z0-9_]+)`\\s*$"), severity("^Severity: \\*\\*([a-z]+)\\*\\*.*");
    std::smatch m;
    std::string current;
    for (std::string line; std::getline(f, line);) {
        if (std::regex_match(line, m, heading)) {
            current = m[1];
            if (out.count(current)) twice.push_back(current);
            out[current] = "";
        } else if (line.rfind("## ", 0) == 0) {
            current.clear();
        } else if (!current.empty() && out[current].empty() && std::regex_match(line, m, severity)) {
            out[current] = m[1];
        }
    }
    return out;
}

TEST(FindingsCatalogue, EveryCodeHasOneSectionWithItsSeverityAndEverySectionACode) {
    std::vector<std::string> twice;
    const auto docs = documented_codes(twice);
    ASSERT_FALSE(docs.empty()) << "docs/findings.md has no '### `CODE`' section";
    EXPECT_TRUE(twice.empty()) << "a code with two sections: " << twice.front();
    std::set<std::string> in_code;
    for (const FindingKind& k : finding_catalogue()) {
        in_code.insert(k.code);
        const auto d = docs.find(k.code);
        if (d == docs.end()) {
            ADD_FAILURE() << k.code << " has no section in docs/findings.md";
            continue;
        }
        EXPECT_EQ(d->second, to_string(k.severity)) << k.code << ": docs/findings.md states another severity";
    }
    for (const auto& [code, sev] : docs)
        EXPECT_TRUE(in_code.count(code)) << "docs/findings.md documents " << code << ", which no row has";
}

TEST(FindingsCatalogue, CodesAreUpperSnakeUniqueAndEveryRowButTheFallbackHasAShape) {
    const std::regex upper_snake("[A-Z][A-Z0-9]*(_[A-Z0-9]+)+");
    std::set<std::string> seen;
    for (const FindingKind& k : finding_catalogue()) {
        EXPECT_TRUE(std::regex_match(std::string(k.code), upper_snake)) << k.code;
        EXPECT_TRUE(seen.insert(k.code).second) << k.code << " is listed twice";
        EXPECT_EQ(std::string(k.shape).empty(), std::string(k.code) == kUncataloguedCode) << k.code;
    }
    ASSERT_NE(find_finding(kUncataloguedCode), nullptr);
    EXPECT_EQ(find_finding("NO_SUCH_CODE"), nullptr);
}

// The negative control of every fixture: a message the importer never writes is not dressed up
// as a known finding.
TEST(FindingsCatalogue, AMessageNoRowKnowsIsUncatalogued) {
    EXPECT_STREQ(classify_finding("the moon is made of cheese").code, kUncataloguedCode);
    EXPECT_STREQ(classify_finding("").code, kUncataloguedCode);
    // Known words in an unknown order are not a known message either.
    EXPECT_STREQ(classify_finding("ignored; glTF: extension 'X' is used by the file").code,
                 kUncataloguedCode);
    EXPECT_STREQ(
        classify_finding("glTF: extension 'X' is used by the file and unknown to skinview; ignored").code,
        "EXTENSION_UNKNOWN");
}

// A message longer than the matcher's window (a VRM meta value is the file's own text, any length,
// line breaks included) is still classified by its fixed words.
TEST(FindingsCatalogue, ALongMultiLineMetaValueIsStillVrmSummary) {
    std::string licence(20000, 'x');
    licence[100] = '\n';
    EXPECT_STREQ(classify_finding("VRM meta: otherLicenseUrl = " + licence).code, "VRM_SUMMARY");
}

// The severity rule's checkable half: a note the importer also lists as changing the picture
// (Asset::picture_notes) is never info.
TEST(FindingsCatalogue, EveryPictureNoteIsAWarningOrAnError) {
    using sv::test::Glb;
    std::vector<Glb> files;
    {
        Glb g = sv::test::arm();
        g.json["extensionsUsed"] = {"EXT_no_such_extension", "KHR_texture_basisu", "KHR_lights_punctual",
                                    "KHR_materials_transmission", "KHR_animation_pointer"};
        g.json["extensions"]["KHR_lights_punctual"]["lights"] = {{{"type", "point"}, {"intensity", -1.0}}};
        g.json["nodes"][1]["extensions"]["KHR_lights_punctual"] = {{"light", 3}};
        g.json["materials"][0]["extensions"]["KHR_materials_transmission"] = {{"transmissionFactor", 2.0}};
        g.json["animations"][0]["channels"].push_back(
            {{"sampler", 0},
             {"target",
              {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", "/x"}}}}}}}});
        files.push_back(g);
    }
    size_t pictures = 0;
    for (const Glb& g : files) {
        const Asset a = sv::test::load_asset(g);
        for (const std::string& note : a.picture_notes) {
            ++pictures;
            EXPECT_NE(classify_finding(note).severity, Severity::Info)
                << classify_finding(note).code << ": " << note;
            EXPECT_STRNE(classify_finding(note).code, kUncataloguedCode) << note;
        }
    }
    EXPECT_GE(pictures, 4u) << "the fixture made fewer picture notes than it was built for";
}

// The runtime's notes when a session opens an avatar whose springs or constraints cannot be built
// (FrameContext::create): the importer refuses such a file first, so the avatar is broken after
// loading, in memory. The control is the same avatar unbroken, which gives no note at all.
TEST(FindingsCatalogue, TheRuntimesSpringAndConstraintNotesHaveTheirCodes) {
    Asset control = build_vrm_avatar(VrmVersion::V1);
    ASSERT_FALSE(control.vrm.springs.empty());
    std::vector<std::string> quiet;
    FrameContext::create(control, quiet);
    EXPECT_TRUE(quiet.empty()) << quiet.front();

    Asset broken = build_vrm_avatar(VrmVersion::V1);
    broken.vrm.springs[0].joints[0].node = 9999;
    VrmNodeConstraint c;
    c.node = 9999;
    c.source = 0;
    broken.vrm.constraints.push_back(c);
    std::vector<std::string> report;
    FrameContext::create(broken, report);
    std::multiset<std::string> codes;
    for (const auto& line : report) codes.insert(classify_finding(line).code);
    EXPECT_EQ(codes, (std::multiset<std::string>{"VRM_CONSTRAINTS_NOT_APPLIED", "VRM_SPRINGS_NOT_SIMULATED"}))
        << ::testing::PrintToString(report);
}

}  // namespace

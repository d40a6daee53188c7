// The ../shared sweep: every .gltf, .glb and .vrm under ../shared audited in one `skinview audit
// --json` run, and each finding whose truth the file's own JSON decides checked against that JSON,
// read here with nlohmann-json and never with the importer: no note the file contradicts, and no
// condition the file has without its note. The conditions: a joint listed before its parent joint
// (SKIN_JOINTS_NOT_PARENTS_FIRST), joints without a common root (SKIN_NO_COMMON_ROOT), a skinned
// mesh node under a parent or with a local transform (SKINNED_MESH_NOT_ROOT, _LOCAL_TRANSFORM), an
// image file not on disk (IMAGE_FILE_MISSING), an extension used that skinview does not apply
// (EXTENSION_UNKNOWN, EXTENSION_NOT_APPLIED: its status read from docs/gltf-support.md's table),
// and a scaled node above a skin's joints or mesh (NODE_SCALE_REACHES_SKIN).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "anim/gltf/findings.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

// The file's JSON: a .gltf's text, or a GLB's first chunk (12-byte header, then length and type).
json document_of(const fs::path& p) {
    const std::string b = slurp(p);
    if (b.size() >= 20 && b.compare(0, 4, "glTF") == 0) {
        std::uint32_t n = 0;
        std::memcpy(&n, b.data() + 12, 4);
        return json::parse(b.substr(20, n), nullptr, false);
    }
    return json::parse(b, nullptr, false);
}

// Extension -> status, from the table docs/gltf-support.md holds word for word to the code
// (GltfSupportTable): "| `NAME` | status | ...".
std::map<std::string, std::string> documented_extensions() {
    std::map<std::string, std::string> out;
    std::istringstream in(slurp(source_dir() / "docs" / "gltf-support.md"));
    const std::regex row("^\\| `([A-Za-z0-9_]+)` \\| ([a-z ]+) \\|.*");
    std::smatch m;
    for (std::string line; std::getline(in, line);)
        if (std::regex_match(line, m, row)) out[m[1]] = m[2];
    return out;
}

std::vector<int> parents_of(const json& doc) {
    const size_t n = doc.contains("nodes") ? doc["nodes"].size() : 0;
    std::vector<int> parent(n, -1);
    for (size_t i = 0; i < n; ++i)
        if (doc["nodes"][i].contains("children"))
            for (const auto& c : doc["nodes"][i]["children"]) parent[c.get<size_t>()] = static_cast<int>(i);
    return parent;
}

bool scaled(const json& node) {
    if (node.contains("matrix")) {
        const auto& m = node["matrix"];
        double cols[3], det = 0.0;
        for (int c = 0; c < 3; ++c)
            cols[c] = std::sqrt(m[c * 4].get<double>() * m[c * 4].get<double>() +
                                m[c * 4 + 1].get<double>() * m[c * 4 + 1].get<double>() +
                                m[c * 4 + 2].get<double>() * m[c * 4 + 2].get<double>());
        auto e = [&](int c, int r) { return m[c * 4 + r].get<double>(); };
        det = e(0, 0) * (e(1, 1) * e(2, 2) - e(2, 1) * e(1, 2)) -
              e(1, 0) * (e(0, 1) * e(2, 2) - e(2, 1) * e(0, 2)) +
              e(2, 0) * (e(0, 1) * e(1, 2) - e(1, 1) * e(0, 2));
        for (double s : cols)
            if (std::fabs(s - 1.0) > 1e-6) return true;
        return det < 0.0;
    }
    if (!node.contains("scale")) return false;
    for (const auto& s : node["scale"])
        if (std::fabs(s.get<double>() - 1.0) > 1e-6) return true;
    return false;
}

bool local_transform(const json& node) {
    if (node.contains("matrix")) {
        for (int i = 0; i < 16; ++i)
            if (node["matrix"][i].get<double>() != (i % 5 == 0 ? 1.0 : 0.0)) return true;
        return false;
    }
    const auto differs = [&](const char* key, std::vector<double> identity) {
        if (!node.contains(key)) return false;
        for (size_t i = 0; i < identity.size(); ++i)
            if (node[key][i].get<double>() != identity[i]) return true;
        return false;
    };
    return differs("translation", {0, 0, 0}) || differs("rotation", {0, 0, 0, 1}) ||
           differs("scale", {1, 1, 1});
}

std::string percent_decode(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i)
        if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    return out;
}

// What the file's JSON says each checked code must report, as "CODE subject" strings: the
// subject is what the note names first (the skin, node, image or extension).
std::set<std::string> expected_from_json(const fs::path& file, const json& doc,
                                         const std::map<std::string, std::string>& extensions) {
    std::set<std::string> want;
    const std::vector<int> parent = parents_of(doc);
    const auto root_of = [&](int n) {
        while (parent[static_cast<size_t>(n)] >= 0) n = parent[static_cast<size_t>(n)];
        return n;
    };
    const json nodes = doc.value("nodes", json::array());
    const json skins = doc.value("skins", json::array());
    for (size_t s = 0; s < skins.size(); ++s) {
        const auto& joints = skins[s]["joints"];
        std::map<int, size_t> index;
        for (size_t j = 0; j < joints.size(); ++j) index[joints[j].get<int>()] = j;
        bool out_of_order = false;
        for (size_t j = 0; j < joints.size() && !out_of_order; ++j)
            for (int p = parent[joints[j].get<size_t>()]; p >= 0; p = parent[static_cast<size_t>(p)])
                if (index.count(p)) {
                    out_of_order = index[p] > j;  // the nearest joint ancestor alone decides
                    break;
                }
        if (out_of_order) want.insert("SKIN_JOINTS_NOT_PARENTS_FIRST skin " + std::to_string(s));
        for (size_t j = 1; j < joints.size(); ++j)
            if (root_of(joints[j].get<int>()) != root_of(joints[0].get<int>())) {
                want.insert("SKIN_NO_COMMON_ROOT skin " + std::to_string(s));
                break;
            }
        // Nodes on the way from a root to a joint or to a mesh node drawn with this skin.
        std::set<int> reached;
        const auto climb = [&](int n) {
            for (; n >= 0; n = parent[static_cast<size_t>(n)]) reached.insert(n);
        };
        for (const auto& j : joints) climb(j.get<int>());
        for (size_t n = 0; n < nodes.size(); ++n)
            if (nodes[n].value("skin", -1) == static_cast<int>(s) && nodes[n].contains("mesh"))
                climb(static_cast<int>(n));
        for (int n : reached)
            if (scaled(nodes[static_cast<size_t>(n)]))
                want.insert("NODE_SCALE_REACHES_SKIN node " + std::to_string(n) + " skin " +
                            std::to_string(s));
    }
    for (size_t n = 0; n < nodes.size(); ++n) {
        if (!nodes[n].contains("skin") || !nodes[n].contains("mesh")) continue;
        if (parent[n] >= 0) want.insert("SKINNED_MESH_NOT_ROOT node " + std::to_string(n));
        if (local_transform(nodes[n])) want.insert("SKINNED_MESH_LOCAL_TRANSFORM node " + std::to_string(n));
    }
    const json images = doc.value("images", json::array());
    for (size_t i = 0; i < images.size(); ++i) {
        const std::string uri = images[i].value("uri", "");
        if (uri.empty() || uri.rfind("data:", 0) == 0) continue;
        if (!fs::is_regular_file(file.parent_path() / percent_decode(uri)))
            want.insert("IMAGE_FILE_MISSING image " + std::to_string(i));
    }
    for (const auto& e : doc.value("extensionsUsed", json::array())) {
        const std::string name = e.get<std::string>();
        const auto row = extensions.find(name);
        if (row == extensions.end())
            want.insert("EXTENSION_UNKNOWN " + name);
        else if (row->second != "implemented")
            want.insert("EXTENSION_NOT_APPLIED " + name);
    }
    return want;
}

// The same strings from the audit's findings of the checked codes.
std::set<std::string> stated_by_audit(const json& findings) {
    std::set<std::string> got;
    const std::regex skin("^skin (\\d+)"), node("^node (\\d+)"), image("^image (\\d+)"),
        extension("^glTF: extension '([^']*)'"), reach("^node (\\d+) .*reaches skin (\\d+)");
    std::smatch m;
    for (const auto& f : findings) {
        const std::string code = f["code"].get<std::string>(), text = f["message"].get<std::string>();
        if ((code == "SKIN_JOINTS_NOT_PARENTS_FIRST" || code == "SKIN_NO_COMMON_ROOT") &&
            std::regex_search(text, m, skin))
            got.insert(code + " skin " + m[1].str());
        else if ((code == "SKINNED_MESH_NOT_ROOT" || code == "SKINNED_MESH_LOCAL_TRANSFORM") &&
                 std::regex_search(text, m, node))
            got.insert(code + " node " + m[1].str());
        else if (code == "IMAGE_FILE_MISSING" && std::regex_search(text, m, image))
            got.insert(code + " image " + m[1].str());
        else if ((code == "EXTENSION_UNKNOWN" || code == "EXTENSION_NOT_APPLIED") &&
                 std::regex_search(text, m, extension))
            got.insert(code + " " + m[1].str());
        else if (code == "NODE_SCALE_REACHES_SKIN" && std::regex_search(text, m, reach))
            got.insert(code + " node " + m[1].str() + " skin " + m[2].str());
        else if (code == "SKIN_JOINTS_NOT_PARENTS_FIRST" || code == "SKIN_NO_COMMON_ROOT" ||
                 code == "SKINNED_MESH_NOT_ROOT" || code == "SKINNED_MESH_LOCAL_TRANSFORM" ||
                 code == "IMAGE_FILE_MISSING" || code == "EXTENSION_UNKNOWN" ||
                 code == "EXTENSION_NOT_APPLIED" || code == "NODE_SCALE_REACHES_SKIN")
            got.insert(code + " (subject not found in: " + text + ")");
    }
    return got;
}

TEST(SharedSweep, EveryComputableFindingAgreesWithTheFilesOwnJson) {
    const fs::path root = shared_assets().parent_path();
    if (!fs::is_directory(root)) {
        if (in_ci()) FAIL() << shared_missing_message("(the folder)");
        GTEST_SKIP() << shared_missing_message("(the folder)");
    }
    std::set<std::string> walked;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        std::string ext = e.path().extension().string();
        for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (e.is_regular_file() && (ext == ".gltf" || ext == ".glb" || ext == ".vrm"))
            walked.insert(e.path().generic_string());
    }
    ASSERT_FALSE(walked.empty());
    const auto run = run_command(quoted(SKINVIEW_EXE) + " audit --json -j 2 " + quoted(root.string()));
    const json report = json::parse(run.out, nullptr, false);
    ASSERT_FALSE(report.is_discarded()) << run.err;
    std::set<std::string> audited;
    for (const auto& f : report["files"]) audited.insert(f["file"].get<std::string>());
    EXPECT_EQ(audited, walked) << "the audit and the walk disagree on which files are under " << root;

    const auto extensions = documented_extensions();
    ASSERT_GT(extensions.size(), 20u) << "docs/gltf-support.md's extension table was not read";
    size_t checked = 0, stated = 0;
    for (const auto& f : report["files"]) {
        const fs::path file = f["file"].get<std::string>();
        for (const auto& x : f["findings"])
            EXPECT_NE(x["code"], anim::kUncataloguedCode) << file << ": " << x["message"];
        if (!f["error"].is_null()) {
            ADD_FAILURE() << file << " does not load: " << f["error"];
            continue;
        }
        const json doc = document_of(file);
        ASSERT_FALSE(doc.is_discarded()) << file;
        const auto want = expected_from_json(file, doc, extensions);
        const auto got = stated_by_audit(f["findings"]);
        for (const auto& s : got)
            EXPECT_TRUE(want.count(s))
                << file << ": the audit states \"" << s << "\", which the file contradicts";
        for (const auto& s : want)
            EXPECT_TRUE(got.count(s))
                << file << ": the file has \"" << s << "\" and the audit does not say so";
        ++checked;
        stated += got.size();
    }
    // The sweep is worth something only if it met the conditions it checks: the count below is
    // printed for the report, and a library with none of them would check nothing.
    std::printf("swept %zu files, %zu computable findings agreed with their files\n", checked, stated);
    EXPECT_GT(stated, 0u);
}

}  // namespace
}  // namespace sv::test

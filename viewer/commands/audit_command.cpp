// One file's audit: load, register every skin (which measures and corrects each mesh frame), and
// report it as JSON and as text. The batch (folders, workers, shards, JSON lines, JUnit) is
// audit_batch.cpp.
#include <cmath>
#include <cstdio>

#include "anim/avatar/vrm_facing.h"
#include "anim/character/character.h"
#include "anim/gltf/findings.h"
#include "anim/gltf/gltf_import.h"
#include "audit_file.h"
#include "note_groups.h"

namespace sv::viewer {

namespace {

// NaN marks a number that was never measured (a refused report); JSON has no NaN, so it is null.
nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }
std::string text_number(double v) {
    if (std::isnan(v)) return "not measured";
    if (std::isinf(v)) return "infinite (reflection)";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string quoted_name(const std::string& kind, size_t i, const std::string& name) {
    return kind + " " + std::to_string(i) + (name.empty() ? "" : " ('" + name + "')");
}

// Scale as the file stores it: a TRS node's scale, a matrix node's column lengths (negated on a
// reflection, so a mirror is a scale too). Within 1e-6 of 1 is no scale: float files store 1 as 1
// exactly, and a 1e-7 drift is a rounding no frame figure shows.
bool stored_scale(const anim::Node& n, glm::dvec3& s) {
    if (n.use_matrix) {
        const glm::dmat3 l(n.matrix);
        s = {glm::length(l[0]), glm::length(l[1]), glm::length(l[2])};
        if (glm::determinant(l) < 0.0) s.x = -s.x;
    } else {
        s = n.scale;
    }
    return std::fabs(s.x - 1.0) > 1e-6 || std::fabs(s.y - 1.0) > 1e-6 || std::fabs(s.z - 1.0) > 1e-6;
}

// NODE_SCALE_REACHES_SKIN: each scaled node on the path from a root to a skin's joints or to its
// skinned mesh nodes, once a skin. Read from the asset as loaded, before the frame correction
// writes the mesh nodes' locals. Said because a scale above a skin is what the frame figures
// below measure (a Mixamo export's 0.01 "Armature"), so a reader sees where it comes from; it
// is legal glTF, hence info.
std::vector<std::string> scale_notes(const anim::Asset& as) {
    std::vector<std::string> out;
    const auto& nodes = as.scene.nodes;
    for (size_t k = 0; k < as.skins.size(); ++k) {
        // 1: above (or at) a joint; 2: above (or at) a mesh node drawn with this skin.
        std::vector<int> reach(nodes.size(), 0);
        std::vector<int> meshes_reached;
        auto climb = [&](int n, int bit) {
            for (; n >= 0; n = nodes[static_cast<size_t>(n)].parent) reach[static_cast<size_t>(n)] |= bit;
        };
        for (int j : as.skins[k].joints) climb(j, 1);
        for (size_t n = 0; n < nodes.size(); ++n)
            if (nodes[n].skin == static_cast<int>(k) && nodes[n].mesh >= 0) climb(static_cast<int>(n), 2);
        for (size_t n = 0; n < nodes.size(); ++n) {
            glm::dvec3 sc;
            if (!reach[n] || !stored_scale(nodes[n], sc)) continue;
            std::string meshes;
            for (size_t m = 0; m < nodes.size(); ++m) {
                if (nodes[m].skin != static_cast<int>(k) || nodes[m].mesh < 0) continue;
                bool below = false;
                for (int p = static_cast<int>(m); p >= 0 && !below; p = nodes[static_cast<size_t>(p)].parent)
                    below = p == static_cast<int>(n);
                if (below)
                    meshes += (meshes.empty() ? "" : ", ") + quoted_name("mesh node", m, nodes[m].name);
            }
            const std::string parts = (reach[n] & 1) && !meshes.empty() ? "joints and " + meshes
                                      : (reach[n] & 1)                  ? std::string("joints")
                                                                        : meshes;
            out.push_back(quoted_name("node", n, nodes[n].name) + ": scale (" + text_number(sc.x) + ", " +
                          text_number(sc.y) + ", " + text_number(sc.z) + ") reaches " +
                          quoted_name("skin", k, as.skins[k].name) + ": its " + parts);
        }
    }
    return out;
}

nlohmann::json finding(const std::string& message) {
    const anim::FindingKind& k = anim::classify_finding(message);
    return {{"code", k.code}, {"severity", anim::to_string(k.severity)}, {"message", message}};
}

// Every statement of the file's audit as a finding: the importer's notes, the audit's own notes,
// what each mesh's frame and each scale conflict say, then the failures.
nlohmann::json findings_of(const nlohmann::json& f) {
    nlohmann::json out = nlohmann::json::array();
    for (const char* key : {"report", "audit_notes"})
        if (f.contains(key))
            for (const auto& line : f[key]) out.push_back(finding(line.get<std::string>()));
    for (const auto& s : f["skins"]) {
        const std::string skin =
            "skin " + std::to_string(s["index"].get<int>()) + " ('" + s["name"].get<std::string>() + "')";
        for (const auto& m : s["meshes"])
            if (m["verdict"] == anim::to_string(anim::FrameVerdict::Corrected))
                out.push_back(finding(skin + " mesh node " + std::to_string(m["node"].get<int>()) + " ('" +
                                      m["name"].get<std::string>() +
                                      "'): " + m["reason"].get<std::string>()));
        for (const auto& x : s["conflicts"]) {
            char range[64];
            std::snprintf(range, sizeof range, "%.6g..%.6g", x["min"].get<double>(), x["max"].get<double>());
            out.push_back(
                finding(skin + ": clip '" + x["clip"].get<std::string>() + "' channel " +
                        std::to_string(x["channel"].get<int>()) + " scales node " +
                        std::to_string(x["node"].get<int>()) + " '" + x["node_name"].get<std::string>() +
                        "' (" + (x["uniform"].get<bool>() ? "uniform" : "non-uniform") + ", range " + range +
                        "), reaches " + std::to_string(x["joints_reached"].get<int>()) + " joints" +
                        (x["reaches_mesh"].get<bool>() ? " and the mesh" : ", not the mesh")));
        }
    }
    for (const auto& why : f["failures"]) out.push_back(finding(why.get<std::string>()));
    return out;
}

}  // namespace

// Folded scale as the audit defines it: the mean column length of mesh.global^-1 x A_j over the
// joints' columns, i.e. what the skinning pass would see with the mesh node as given.
FileAudit audit_file(const std::string& path, bool strict) {
    FileAudit a;
    a.json = {{"file", path},
              {"error", nullptr},
              {"skins", nlohmann::json::array()},
              {"failures", nlohmann::json::array()}};
    auto asset = anim::load_gltf(path);
    if (!asset) {
        a.json["error"] = asset.error().message;
        a.json["failures"].push_back("does not load: " + asset.error().message);
        a.json["findings"] = findings_of(a.json);
        return a;
    }
    // What the viewer does to a 0.x avatar (the audit measures the file as stored; a turn about +Y
    // changes no frame figure).
    if (asset->vrm.version == anim::VrmVersion::V0) asset->report.push_back(anim::kVrmFacingNote);
    const std::vector<std::string> audit_notes = scale_notes(*asset);
    auto character = anim::Character::create(std::move(*asset));
    if (!character) {
        a.json["error"] = path + ": " + character.error().message;  // as the importer's errors name it
        a.json["failures"].push_back("does not load: " + character.error().message);
        a.json["findings"] = findings_of(a.json);
        return a;
    }
    a.loaded = true;
    const anim::Character& c = *character;
    const anim::Asset& as = c.asset();
    a.json["report"] = as.report;
    a.json["audit_notes"] = audit_notes;
    // The file loads and draws without the image, but it does not draw as its author made it.
    for (const std::string& why : as.image_failures)
        a.json["failures"].push_back("texture not drawn: " + why);
    for (size_t k = 0; k < c.skins().size(); ++k) {
        const anim::CharacterSkin& cs = c.skins()[k];
        nlohmann::json skin = {{"index", k},
                               {"name", as.skins[k].name},
                               {"joints", cs.skeleton.joint_count()},
                               {"rung", anim::to_string(cs.rung.rung)},
                               {"rung_reason", cs.rung.reason},
                               {"meshes", nlohmann::json::array()},
                               {"conflicts", nlohmann::json::array()}};
        for (const auto& sm : c.skinned_meshes()) {
            if (sm.skin != static_cast<int>(k)) continue;
            const anim::MeshFrameReport& r = sm.report;
            nlohmann::json correction = nlohmann::json::array();
            for (int col = 0; col < 4; ++col)
                for (int row = 0; row < 4; ++row) correction.push_back(r.correction[col][row]);
            skin["meshes"].push_back({{"node", sm.node},
                                      {"name", r.mesh_name},
                                      {"folded_scale", number(r.folded_scale_as_given)},
                                      {"defect_as_given", number(r.defect_as_given)},
                                      {"defect_on_skin_frame", number(r.defect_on_skin_frame)},
                                      {"correction_applied", r.verdict == anim::FrameVerdict::Corrected},
                                      {"correction", correction},
                                      {"non_rigidity_absorbed", number(r.non_rigidity_absorbed)},
                                      {"residual", number(r.residual)},
                                      {"verdict", anim::to_string(r.verdict)},
                                      {"reason", r.reason},
                                      {"children", r.children}});
            a.cannot_fix |= r.verdict == anim::FrameVerdict::CannotFix;
            a.corrected |= r.verdict == anim::FrameVerdict::Corrected;
            const std::string where = "skin " + std::to_string(k) + " ('" + as.skins[k].name +
                                      "') mesh node " + std::to_string(sm.node) + " ('" + r.mesh_name + "')";
            if (r.verdict == anim::FrameVerdict::CannotFix)
                a.json["failures"].push_back(where + " cannot be fixed: " + r.reason);
            if (strict && r.verdict == anim::FrameVerdict::Corrected &&
                r.non_rigidity_absorbed > anim::kFrameDefectTolerance)
                a.json["failures"].push_back(
                    where + ": the correction absorbs " + text_number(r.non_rigidity_absorbed) +
                    " of non-rigidity (strict tolerance " + text_number(anim::kFrameDefectTolerance) + ")");
        }
        for (const auto& cc : cs.scale_conflicts)
            for (const auto& x : cc.conflicts)
                skin["conflicts"].push_back({{"clip", as.clips[static_cast<size_t>(cc.clip)].name},
                                             {"clip_index", cc.clip},
                                             {"channel", x.channel},
                                             {"node", x.node},
                                             {"node_name", x.node_name},
                                             {"uniform", x.uniform},
                                             {"joints_reached", x.joints_reached},
                                             {"reaches_mesh", x.reaches_mesh},
                                             {"min", x.min},
                                             {"max", x.max}});
        a.json["skins"].push_back(skin);
    }
    a.json["findings"] = findings_of(a.json);
    return a;
}

void print_text(const nlohmann::json& f) {
    std::printf("%s\n", f["file"].get<std::string>().c_str());
    if (!f["error"].is_null()) {
        std::printf("  LOAD ERROR: %s\n", f["error"].get<std::string>().c_str());
        return;
    }
    std::vector<std::string> notes;
    for (const auto& line : f["report"]) notes.push_back(line.get<std::string>());
    for (const auto& line : f["audit_notes"]) notes.push_back(line.get<std::string>());
    // Each note under its finding code (docs/findings.md), as the JSON and JUnit give it: the notes of
    // one code together, codes in the order they first appear, repeats grouped within a code.
    std::vector<std::string> codes;
    std::vector<std::vector<std::string>> by_code;
    for (const std::string& n : notes) {
        const std::string code = anim::classify_finding(n).code;
        size_t k = 0;
        while (k < codes.size() && codes[k] != code) ++k;
        if (k == codes.size()) codes.push_back(code), by_code.emplace_back();
        by_code[k].push_back(n);
    }
    for (size_t k = 0; k < codes.size(); ++k)
        for (const auto& line : group_notes(by_code[k]))
            std::printf("  note %s: %s\n", codes[k].c_str(), line.c_str());
    if (f["skins"].empty()) std::printf("  no skins\n");
    for (const auto& s : f["skins"]) {
        std::printf("  skin %d '%s': %d joints; skinning rung: %s (%s)\n", s["index"].get<int>(),
                    s["name"].get<std::string>().c_str(), s["joints"].get<int>(),
                    s["rung"].get<std::string>().c_str(), s["rung_reason"].get<std::string>().c_str());
        for (const auto& m : s["meshes"]) {
            const auto num = [&](const char* key) {
                return m[key].is_null() ? std::string("not measured") : text_number(m[key].get<double>());
            };
            std::printf("    mesh node %d '%s': %s\n", m["node"].get<int>(),
                        m["name"].get<std::string>().c_str(), m["verdict"].get<std::string>().c_str());
            std::printf("      folded scale as given %s, defect as given %s, on the skin frame %s\n",
                        num("folded_scale").c_str(), num("defect_as_given").c_str(),
                        num("defect_on_skin_frame").c_str());
            std::printf("      correction %s (absorbed %s), residual %s\n",
                        m["correction_applied"].get<bool>() ? "applied" : "not applied",
                        num("non_rigidity_absorbed").c_str(), num("residual").c_str());
            if (!m["reason"].get<std::string>().empty())
                std::printf("      reason: %s\n", m["reason"].get<std::string>().c_str());
            if (!m["children"].empty()) {
                std::printf("      children that inherit the correction:");
                for (const auto& ch : m["children"]) std::printf(" '%s'", ch.get<std::string>().c_str());
                std::printf("\n");
            }
        }
        if (s["conflicts"].empty()) std::printf("    scale conflicts: none\n");
        for (const auto& x : s["conflicts"])
            std::printf(
                "    scale conflict: clip '%s' channel %d scales node %d '%s' (%s, range %.6g..%.6g), "
                "reaches %d "
                "joints%s\n",
                x["clip"].get<std::string>().c_str(), x["channel"].get<int>(), x["node"].get<int>(),
                x["node_name"].get<std::string>().c_str(),
                x["uniform"].get<bool>() ? "uniform" : "non-uniform", x["min"].get<double>(),
                x["max"].get<double>(), x["joints_reached"].get<int>(),
                x["reaches_mesh"].get<bool>() ? " and the mesh" : ", not the mesh");
    }
    for (const auto& why : f["failures"]) std::printf("  FAIL: %s\n", why.get<std::string>().c_str());
}

}  // namespace sv::viewer

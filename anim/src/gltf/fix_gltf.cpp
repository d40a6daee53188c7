#include "anim/gltf/fix_gltf.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>

#include "anim/gltf/gltf_import.h"
#include "anim/skin_frame/frame_inverse.h"
#include "anim/skin_frame/normalize_mesh_frame.h"
#include "anim/skin_frame/skin_bind_transform.h"
#include "anim/skin_frame/skinned_mesh_nodes.h"
#include "fix_joint_order.h"
#include "gltf_container.h"
#include "gltf_names.h"

namespace sv::anim {

using ojson = nlohmann::ordered_json;

namespace {

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// Required extensions fix can keep: they govern materials, textures, lights or vertex encodings it
// never rewrites (node matrices are all it changes outside joint sorting, and quantized JOINTS are
// still unsigned integers it remaps as such). Anything else that is required might redefine what
// a node, skin or buffer means (compression, instancing), so a file needing a change is refused.
bool known_safe_required(const std::string& ext) {
    static const std::set<std::string> safe = {"KHR_texture_transform", "KHR_texture_basisu",
                                               "EXT_texture_webp",      "EXT_texture_avif",
                                               "KHR_mesh_quantization", "KHR_materials_variants",
                                               "KHR_lights_punctual",   "KHR_materials_emissive_strength"};
    return safe.count(ext) || ext.rfind("KHR_materials_", 0) == 0;
}

// glTF requires a node matrix to decompose into translation x rotation x scale. The columns of the
// linear part divided by their lengths must be orthonormal; 1e-6 is float storage of a rotation
// (relative 6e-8 a component) with room, and far below any shear that matters.
bool decomposes_to_trs(const glm::dmat4& m) {
    if (m[0][3] != 0.0 || m[1][3] != 0.0 || m[2][3] != 0.0 || m[3][3] != 1.0) return false;
    glm::dvec3 col[3];
    for (int c = 0; c < 3; ++c) {
        const double len = glm::length(glm::dvec3(m[c]));
        if (!(len > 0.0)) return false;
        col[c] = glm::dvec3(m[c]) / len;
    }
    for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b)
            if (std::fabs(glm::dot(col[a], col[b])) > 1e-6) return false;
    return true;
}

std::string node_label(const ojson& doc, size_t n) {
    return gltf::named("node", n, doc["nodes"][n].value("name", std::string()));
}

}  // namespace

Expected<FixOutcome> fix_gltf(const std::string& in, const std::string& out) {
    auto loaded = load_gltf(in);
    if (!loaded) return loaded.error();  // the importer's message names the file already
    Asset& asset = *loaded;
    auto read = read_gltf_container(in);
    if (!read) return make_error(in + ": " + read.error().message);
    GltfContainer& c = *read;
    if (!out.empty()) {
        const std::string ext = std::filesystem::path(out).extension().string();
        if (c.binary && ext != ".glb") return make_error(out + ": a .glb input is written as .glb");
        if (!c.binary && ext != ".gltf") return make_error(out + ": a .gltf input is written as .gltf");
    }
    const size_t node_count = asset.scene.nodes.size();
    if (!c.doc.contains("nodes") || c.doc["nodes"].size() != node_count)
        return make_error(in + ": the file's nodes and the imported scene disagree");

    FixOutcome outcome;
    // Desired globals: the bind transform for each corrected mesh node, the original for the rest.
    std::vector<glm::dmat4> global(node_count), want(node_count);
    for (size_t n = 0; n < node_count; ++n) global[n] = want[n] = asset.scene.nodes[n].global;
    std::vector<bool> corrected(node_count, false);
    for (size_t s = 0; s < asset.skins.size(); ++s) {
        const Skin& skin = asset.skins[s];
        for (int m : skinned_mesh_nodes(asset.scene, static_cast<int>(s))) {
            // A copy per mesh node, so one node's correction never feeds the next one's measurement.
            Scene scratch = asset.scene;
            const MeshFrameReport rep = normalize_mesh_frame(scratch, skin, m);
            if (rep.verdict == FrameVerdict::CannotFix)
                return make_error(in + ": skin " + std::to_string(s) + " ('" + skin.name +
                                  "') cannot be fixed: " + rep.reason);
            if (rep.verdict != FrameVerdict::Corrected) continue;
            auto bind = skin_bind_transform(asset.scene, skin);
            if (!bind) return make_error(in + ": " + bind.error().message);
            want[static_cast<size_t>(m)] = *bind;
            corrected[static_cast<size_t>(m)] = true;
            outcome.changes.push_back(node_label(c.doc, static_cast<size_t>(m)) +
                                      ": global set to the bind transform of skin " + std::to_string(s) +
                                      " ('" + skin.name + "'), absorbing " + fmt(rep.non_rigidity_absorbed) +
                                      " of non-rigidity");
        }
    }

    std::set<int> animated_trs;
    for (const Clip& clip : asset.clips)
        for (const Channel& ch : clip.channels)
            if (ch.path != TargetPath::Weights) animated_trs.insert(ch.node);

    for (size_t n = 0; n < node_count; ++n) {
        const int p = asset.scene.nodes[n].parent;
        const bool parent_moved = p >= 0 && corrected[static_cast<size_t>(p)];
        if (!corrected[n] && !parent_moved) continue;
        const std::string label = node_label(c.doc, n);
        glm::dmat4 local = want[n];
        if (p >= 0) {
            auto inv = frame_inverse(want[static_cast<size_t>(p)]);
            if (!inv) return make_error(in + ": " + label + "'s parent: " + inv.error().message);
            local = *inv * want[n];
        }
        if (animated_trs.count(static_cast<int>(n)))
            return make_error(
                in + ": " + label +
                (corrected[n] ? " needs the correction" : " needs compensating for its parent's correction") +
                " but a clip animates its translation, rotation or scale, which a matrix local cannot carry");
        if (!decomposes_to_trs(local))
            return make_error(in + ": " + label +
                              ": the corrected local has shear, and glTF node matrices must decompose into "
                              "translation, rotation and scale");
        ojson& node = c.doc["nodes"][n];
        node.erase("translation");
        node.erase("rotation");
        node.erase("scale");
        ojson m = ojson::array();
        for (int col = 0; col < 4; ++col)
            for (int row = 0; row < 4; ++row) m.push_back(local[col][row]);
        node["matrix"] = m;
        if (!corrected[n])
            outcome.changes.push_back(
                label + ": local compensated for its parent's correction, so it stays where it was");
    }

    if (Status s = sort_joints_parents_first(c, outcome.changes); !s)
        return make_error(in + ": " + s.error().message);
    outcome.changed = !outcome.changes.empty();

    if (outcome.changed && c.doc.contains("extensionsRequired"))
        for (const auto& e : c.doc["extensionsRequired"]) {
            const std::string ext = e.get<std::string>();
            if (!known_safe_required(ext))
                return make_error(in + ": requires extension '" + ext +
                                  "', which fix does not know it can keep while " +
                                  "changing the file; nothing written");
        }
    if (out.empty()) return outcome;
    if (Status s = write_gltf_container(c, out, outcome.changed ? std::string() : in); !s)
        return make_error(out + ": " + s.error().message);
    return outcome;
}

}  // namespace sv::anim

#include "anim/gltf/fix_gltf.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <glm/gtc/quaternion.hpp>
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

// A corrected local as glTF translation, rotation and scale. The bind transform comes from float
// inverse binds, so its linear part is a rotation times a scale only to float precision (relative
// ~1e-7; a Mixamo export's rotation x 837 is TRS to 1e-6 of its size), and the Khronos validator
// decomposes node matrices strictly (NODE_MATRIX_NON_TRS). So the linear part is split into column
// lengths and the nearest rotation to the normalised columns (polar decomposition), and what that
// leaves out is reported as `residual`: max over columns |L_c - s_c R_c| / max_c s_c, dimensionless.
// A reflection (negative determinant) is carried as a negative x scale, which glTF allows.
struct Trs {
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};
    glm::dvec3 scale{1.0};
    double residual = 0.0;
    bool ok = false;  // false: the matrix is projective or singular, no TRS at all

    glm::dmat4 matrix() const {
        glm::dmat4 m = glm::dmat4(glm::mat3_cast(rotation));
        for (int c = 0; c < 3; ++c) m[c] *= scale[c];
        m[3] = glm::dvec4(translation, 1.0);
        return m;
    }
};

Trs decompose_trs(const glm::dmat4& m) {
    Trs t;
    if (m[0][3] != 0.0 || m[1][3] != 0.0 || m[2][3] != 0.0 || m[3][3] != 1.0) return t;
    const glm::dmat3 lin(m);
    glm::dmat3 n;
    for (int c = 0; c < 3; ++c) {
        t.scale[c] = glm::length(lin[c]);
        if (!(t.scale[c] > 0.0) || !std::isfinite(t.scale[c])) return t;
        n[c] = lin[c] / t.scale[c];
    }
    if (glm::determinant(n) < 0.0) {
        t.scale.x = -t.scale.x;
        n[0] = -n[0];
    }
    // Higham's Newton iteration R <- (R + R^-T) / 2: quadratic, so a few steps take columns
    // orthonormal to 1e-6 down to double rounding; 32 is a bound for near-singular input, which the
    // residual then reports (and the caller refuses).
    glm::dmat3 r = n;
    for (int i = 0; i < 32; ++i) {
        if (!(std::fabs(glm::determinant(r)) > 1e-12)) return t;
        const glm::dmat3 next = 0.5 * (r + glm::transpose(glm::inverse(r)));
        double step = 0.0;
        for (int c = 0; c < 3; ++c) step = std::max(step, glm::length(next[c] - r[c]));
        r = next;
        if (step < 1e-15) break;
    }
    t.rotation = glm::normalize(glm::quat_cast(r));
    const glm::dmat3 rq = glm::mat3_cast(t.rotation);
    const double size = std::max({std::fabs(t.scale.x), std::fabs(t.scale.y), std::fabs(t.scale.z)});
    for (int c = 0; c < 3; ++c)
        t.residual = std::max(t.residual, glm::length(lin[c] - t.scale[c] * rq[c]) / size);
    t.translation = glm::dvec3(m[3]);
    t.ok = std::isfinite(t.residual);
    return t;
}

double max_abs_from_identity(const glm::dmat4& m) {
    double d = 0.0;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) d = std::max(d, std::fabs(m[c][r] - (c == r ? 1.0 : 0.0)));
    return d;
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

    // Parents first, so each new local is taken against the global its parent really gets from the
    // written file (its TRS, residual dropped), and a compensated child stays where it was exactly.
    std::vector<int> depth(node_count, 0);
    for (size_t n = 0; n < node_count; ++n)
        for (int q = asset.scene.nodes[n].parent; q >= 0;
             q = asset.scene.nodes[static_cast<size_t>(q)].parent)
            ++depth[n];
    std::vector<size_t> order(node_count);
    for (size_t n = 0; n < node_count; ++n) order[n] = n;
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return depth[x] < depth[y]; });
    std::vector<glm::dmat4> written = global;  // each node's global as the output file gives it
    for (size_t n : order) {
        const int p = asset.scene.nodes[n].parent;
        const glm::dmat4 parent_global = p >= 0 ? written[static_cast<size_t>(p)] : glm::dmat4(1.0);
        const bool parent_moved = p >= 0 && corrected[static_cast<size_t>(p)];
        if (!corrected[n] && !parent_moved) {
            if (p >= 0) written[n] = parent_global * asset.scene.nodes[n].local();
            continue;
        }
        const std::string label = node_label(c.doc, n);
        glm::dmat4 local = want[n];
        if (p >= 0) {
            auto inv = frame_inverse(parent_global);
            if (!inv) return make_error(in + ": " + label + "'s parent: " + inv.error().message);
            local = *inv * want[n];
        }
        if (animated_trs.count(static_cast<int>(n)))
            return make_error(
                in + ": " + label +
                (corrected[n] ? " needs the correction" : " needs compensating for its parent's correction") +
                " but a clip animates its translation, rotation or scale, which would overwrite the "
                "corrected local");
        const Trs trs = decompose_trs(local);
        if (!trs.ok)
            return make_error(in + ": " + label +
                              ": the corrected local is singular or projective, and glTF node transforms "
                              "must be translation, rotation and scale");
        written[n] = parent_global * trs.matrix();
        // What the dropped residual leaves of the correction, measured as the audit measures it
        // (max |global^-1 x wanted - I|). Within kIdentityCorrectionTolerance the written file is on
        // its frame by the audit's own rule (fix --check says nothing to fix); beyond it the matrix
        // has real shear, which neither TRS nor a glTF matrix (it must decompose) can carry.
        auto written_inv = frame_inverse(written[n]);
        if (!written_inv) return make_error(in + ": " + label + ": " + written_inv.error().message);
        const double left = max_abs_from_identity(*written_inv * want[n]);
        if (!(left <= kIdentityCorrectionTolerance))
            return make_error(
                in + ": " + label + ": the corrected local has shear: as translation, rotation " +
                "and scale it is " + fmt(trs.residual) + " off (relative), leaving " + fmt(left) +
                " of the correction undone, more than the " + fmt(kIdentityCorrectionTolerance) +
                " fix may leave; glTF node matrices must decompose into translation, rotation " +
                "and scale, so nothing is written");
        ojson& node = c.doc["nodes"][n];
        node.erase("matrix");
        node["translation"] = {trs.translation.x, trs.translation.y, trs.translation.z};
        node["rotation"] = {trs.rotation.x, trs.rotation.y, trs.rotation.z, trs.rotation.w};
        node["scale"] = {trs.scale.x, trs.scale.y, trs.scale.z};
        outcome.changes.push_back(label +
                                  (corrected[n]
                                       ? ": "
                                       : ": local compensated for its parent's correction, so it stays where "
                                         "it was; ") +
                                  "written as translation, rotation and scale, dropping a residual of " +
                                  fmt(trs.residual) + " (relative) to make the rotation orthonormal");
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

#include "anim/character/character.h"

#include <algorithm>
#include <utility>

#include "anim/scene/morph_targets.h"
#include "anim/skin_frame/reference_skinner.h"
#include "anim/skin_frame/skin_bind_transform.h"
#include "anim/skin_frame/skin_registry.h"

namespace sv::anim {

Expected<Character> Character::create(Asset asset) {
    Character c;
    c.asset_ = std::move(asset);
    Scene& scene = c.asset_.scene;
    scene.update_matrices();
    c.log_ = c.asset_.report;
    // The scene's animated state starts from the locals as the file gave them, before the
    // correction below rewrites the skinned mesh nodes: with the correction off, a mesh node
    // draws where the file (and its animation) puts it.
    c.scene_pose_ = ScenePose::create(scene, c.asset_.meshes);
    c.property_pose_ = PropertyPose::create(c.asset_);

    // Frames first, as given, before anything is corrected: the "off" switch must show the file.
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const Node& n = scene.nodes[i];
        if (n.mesh < 0) continue;
        if (n.skin >= 0 && static_cast<size_t>(n.skin) < c.asset_.skins.size()) {
            SkinnedMeshNode s;
            s.node = static_cast<int>(i);
            s.mesh = n.mesh;
            s.skin = n.skin;
            s.frame_as_given = n.global;
            c.skinned_.push_back(s);
        } else {
            StaticMeshNode st;
            st.node = static_cast<int>(i);
            st.mesh = n.mesh;
            for (int a = n.parent; a >= 0 && st.joint < 0; a = scene.nodes[static_cast<size_t>(a)].parent)
                for (size_t k = 0; k < c.asset_.skins.size() && st.joint < 0; ++k) {
                    const auto& joints = c.asset_.skins[k].joints;
                    const auto it = std::find(joints.begin(), joints.end(), a);
                    if (it == joints.end()) continue;
                    st.skin = static_cast<int>(k);
                    st.joint = static_cast<int>(it - joints.begin());
                }
            c.static_.push_back(st);
        }
    }
    // The registry is the one door a skin goes through: it puts every mesh node drawing the skin
    // on the skin's frame, pairs it with the clips that scale anything, chooses the rung, and logs
    // each step (its lines become this character's log).
    SkinRegistry registry([&c](const std::string& line) { c.log_.push_back(line); });
    for (size_t ci = 0; ci < c.asset_.clips.size(); ++ci)
        registry.register_clip(c.asset_, static_cast<int>(ci));
    for (size_t k = 0; k < c.asset_.skins.size(); ++k) {
        const SkinRecord& rec = registry.register_skin(c.asset_, static_cast<int>(k));
        for (auto& s : c.skinned_) {
            if (s.skin != static_cast<int>(k)) continue;
            for (size_t f = 0; f < rec.mesh_nodes.size(); ++f)
                if (rec.mesh_nodes[f] == s.node) s.report = rec.frames[f];
            s.frame_corrected = scene.nodes[static_cast<size_t>(s.node)].global;
        }

        auto skeleton = Skeleton::from_asset(c.asset_, static_cast<int>(k));
        if (!skeleton) return skeleton.error();
        CharacterSkin cs{std::move(*skeleton), {}, {}, {}, rec.rung, {}};
        cs.pose = cs.skeleton.rest_pose();
        const Skin& skin = c.asset_.skins[k];
        for (const Clip& clip : c.asset_.clips) {
            cs.bindings.push_back(bind_clip(clip, skin.joints));
            cs.packed.push_back(pack_clip(clip, cs.bindings.back()));
        }
        for (const ScaleConflict& x : rec.conflicts) {
            if (cs.scale_conflicts.empty() || cs.scale_conflicts.back().clip != x.clip)
                cs.scale_conflicts.push_back({x.clip, {}});
            cs.scale_conflicts.back().conflicts.push_back(x);
        }
        if (auto bind = skin_bind_transform(scene, skin)) cs.bind_transform = *bind;
        for (int mn : rec.mesh_nodes) {
            const int mesh = scene.nodes[static_cast<size_t>(mn)].mesh;
            if (mesh < 0 || static_cast<size_t>(mesh) >= c.asset_.meshes.size()) continue;
            auto b = skin_world_bounds(scene, skin, c.asset_.meshes[static_cast<size_t>(mesh)]);
            if (!b) continue;
            cs.bind_bounds.min = glm::min(cs.bind_bounds.min, b->min);
            cs.bind_bounds.max = glm::max(cs.bind_bounds.max, b->max);
        }
        c.skins_.push_back(std::move(cs));
    }
    c.joint_skin_.assign(scene.nodes.size(), -1);
    c.joint_index_.assign(scene.nodes.size(), -1);
    c.root_joints_.resize(c.skins_.size());
    for (size_t k = 0; k < c.asset_.skins.size(); ++k) {
        const auto& joints = c.asset_.skins[k].joints;
        for (size_t j = 0; j < joints.size(); ++j) {
            const auto node = static_cast<size_t>(joints[j]);
            if (c.joint_skin_[node] < 0) {
                c.joint_skin_[node] = static_cast<int>(k);
                c.joint_index_[node] = static_cast<int>(j);
            }
            if (c.skins_[k].skeleton.parents()[j] < 0) c.root_joints_[k].push_back(static_cast<int>(j));
        }
    }
    // A few hundred vertices a primitive are enough to bound what is drawn: the extremities of a
    // body are large regions of vertices, and the camera adds a margin. Strided, so the sample
    // spreads over the whole vertex list.
    constexpr size_t kProbeVertices = 256;
    for (size_t i = 0; i < c.skinned_.size(); ++i)
        for (const Primitive& prim : c.asset_.meshes[static_cast<size_t>(c.skinned_[i].mesh)].primitives) {
            if (prim.joints.empty()) continue;
            Probe probe;
            probe.skinned = static_cast<int>(i);
            const size_t stride = std::max<size_t>(1, prim.positions.size() / kProbeVertices);
            probe.vertices.targets.resize(prim.targets.size());
            probe.vertices.extra_influences = prim.extra_influences;
            for (size_t v = 0; v < prim.positions.size(); v += stride) {
                probe.vertices.positions.push_back(prim.positions[v]);
                probe.vertices.append_influences_of(prim, v);
                for (size_t t = 0; t < prim.targets.size(); ++t)
                    if (prim.targets[t].positions.size() == prim.positions.size())
                        probe.vertices.targets[t].positions.push_back(prim.targets[t].positions[v]);
            }
            c.probes_.push_back(std::move(probe));
        }
    c.apply_poses();
    c.mark_enclosing_meshes();
    return c;
}

namespace {

// What sets a sky dome apart from an ordinary big mesh that happens to hold the rest in its box
// (Khronos Lantern's pole, whose box holds the lamp and the chain): it is seen from inside
// (most normals point toward its centre), or unlit, or emissive and far larger than the rest
// (10x on every axis). An outward-facing lit mesh is never left out of framing, whatever its box.
bool looks_like_sky(const Asset& asset, const Mesh& mesh, const glm::dmat4& m, const Aabb& box,
                    const Aabb& rest) {
    const glm::dvec3 centre = (box.min + box.max) * 0.5;
    long inward = 0, with_normals = 0;
    bool all_unlit = !mesh.primitives.empty(), any_emissive = false;
    const glm::dmat3 nm = glm::transpose(glm::inverse(glm::dmat3(m)));
    for (const auto& p : mesh.primitives) {
        const Material* mat = p.material >= 0 && static_cast<size_t>(p.material) < asset.materials.size()
                                  ? &asset.materials[static_cast<size_t>(p.material)]
                                  : nullptr;
        all_unlit = all_unlit && mat && mat->workflow == Workflow::Unlit;
        any_emissive = any_emissive || (mat && glm::length(mat->emissive) * mat->emissive_strength > 0.0f);
        if (p.normals.size() != p.positions.size()) continue;
        for (size_t v = 0; v < p.positions.size(); ++v) {
            const glm::dvec3 w(m * glm::dvec4(glm::dvec3(p.positions[v]), 1.0));
            inward += glm::dot(nm * glm::dvec3(p.normals[v]), w - centre) < 0.0;
            ++with_normals;
        }
    }
    if (with_normals > 0 && inward * 2 > with_normals) return true;
    if (all_unlit) return true;
    bool far_larger = true;
    for (int a = 0; a < 3; ++a)
        far_larger = far_larger && box.max[a] - box.min[a] >= 10.0 * (rest.max[a] - rest.min[a]);
    return any_emissive && far_larger;
}

}  // namespace

// The bind box of each static mesh against the union of everything else's. Only one mesh can hold
// all the others at twice their size, so marking never makes two meshes ignore each other; and
// only a mesh that looks like a sky (looks_like_sky) is marked.
void Character::mark_enclosing_meshes() {
    if (static_.size() + skins_.size() < 2) return;
    std::vector<Aabb> boxes(static_.size());
    for (size_t i = 0; i < static_.size(); ++i) {
        const anim::Node& node = asset_.scene.nodes[static_cast<size_t>(static_[i].node)];
        const size_t copies = std::max<size_t>(node.instances.size(), 1);
        for (size_t k = 0; k < copies; ++k) {
            const glm::dmat4 m = node.instances.empty() ? node.global : node.global * node.instances[k];
            for (const auto& p : asset_.meshes[static_cast<size_t>(static_[i].mesh)].primitives)
                for (const auto& v : p.positions) {
                    const glm::dvec3 w(m * glm::dvec4(glm::dvec3(v), 1.0));
                    boxes[i].min = glm::min(boxes[i].min, w);
                    boxes[i].max = glm::max(boxes[i].max, w);
                }
        }
    }
    for (size_t i = 0; i < static_.size(); ++i) {
        if (boxes[i].empty()) continue;
        Aabb rest;
        for (size_t j = 0; j < static_.size(); ++j)
            if (j != i && !boxes[j].empty())
                rest.min = glm::min(rest.min, boxes[j].min), rest.max = glm::max(rest.max, boxes[j].max);
        for (const auto& sk : skins_)
            if (!sk.bind_bounds.empty())
                rest.min = glm::min(rest.min, sk.bind_bounds.min),
                rest.max = glm::max(rest.max, sk.bind_bounds.max);
        if (rest.empty()) continue;
        bool encloses = true;
        for (int a = 0; a < 3; ++a)
            encloses = encloses && boxes[i].min[a] <= rest.min[a] && boxes[i].max[a] >= rest.max[a] &&
                       boxes[i].max[a] - boxes[i].min[a] >= 2.0 * (rest.max[a] - rest.min[a]);
        static_[i].encloses_scene =
            encloses &&
            looks_like_sky(asset_, asset_.meshes[static_cast<size_t>(static_[i].mesh)],
                           asset_.scene.nodes[static_cast<size_t>(static_[i].node)].global, boxes[i], rest);
    }
}

const glm::dmat4& Character::mesh_frame(int i, bool corrected) const {
    const SkinnedMeshNode& s = skinned_[static_cast<size_t>(i)];
    return corrected ? s.frame_corrected : scene_pose_.global(s.node);
}

void Character::pose_at(int clip, float time, bool loop) {
    const bool has_clip = clip >= 0 && static_cast<size_t>(clip) < asset_.clips.size();
    scene_pose_.reset();
    if (has_clip) scene_pose_.sample(asset_.clips[static_cast<size_t>(clip)], time, loop);
    property_pose_.reset(asset_);
    if (has_clip) property_pose_.sample(asset_, clip, time, loop);
    for (auto& s : skins_) {
        // The skeleton's rest is the file's local TRS, which is what a joint without a track must
        // hold (not the identity).
        copy_pose(s.skeleton.rest_pose(), s.pose);
        if (has_clip) sample_clip(s.packed[static_cast<size_t>(clip)], time, loop, s.pose);
    }
    apply_poses();
}

void Character::apply_poses() {
    const Scene& scene = asset_.scene;
    scene_pose_.update_globals(scene, [this](int node, glm::dmat4& local) {
        const int k = joint_skin_[static_cast<size_t>(node)];
        if (k < 0) return false;
        const Pose& p = skins_[static_cast<size_t>(k)].pose;
        const size_t j = static_cast<size_t>(joint_index_[static_cast<size_t>(node)]);
        const glm::dquat r(p.rotation[j * 4 + 3], p.rotation[j * 4], p.rotation[j * 4 + 1],
                           p.rotation[j * 4 + 2]);
        local = glm::mat4_cast(r);
        for (int c = 0; c < 3; ++c) local[c] *= static_cast<double>(p.scale[j * 3 + static_cast<size_t>(c)]);
        local[3] = glm::dvec4(p.translation[j * 3], p.translation[j * 3 + 1], p.translation[j * 3 + 2], 1.0);
        return true;
    });
    // Each skeleton root hangs from its parent node's global as animated now (an "Armature" that
    // moves, or a joint of another skin), so what is above a skin moves it.
    for (size_t k = 0; k < skins_.size(); ++k) {
        const auto& joints = asset_.skins[k].joints;
        for (int j : root_joints_[k]) {
            const int parent = scene.nodes[static_cast<size_t>(joints[static_cast<size_t>(j)])].parent;
            skins_[k].skeleton.set_root_parent_world(
                j, parent >= 0 ? glm::mat4(scene_pose_.global(parent)) : glm::mat4(1.0f));
        }
        skins_[k].skeleton.apply_pose(skins_[k].pose);
    }
}

std::vector<glm::dmat4> Character::joint_matrices(int skin) const {
    const auto& pal = skins_[static_cast<size_t>(skin)].skeleton.palette();
    std::vector<glm::dmat4> out(pal.size() / 16);
    for (size_t j = 0; j < out.size(); ++j)
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r) out[j][c][r] = pal[j * 16 + static_cast<size_t>(c * 4 + r)];
    return out;
}

glm::mat4 Character::static_mesh_world(int i) const {
    return glm::mat4(scene_pose_.global(static_[static_cast<size_t>(i)].node));
}

Aabb Character::drawn_bounds(bool corrected, const SkinningRung* forced, bool skinned_only) const {
    Aabb box;
    const auto add = [&box](const glm::dvec3& w) {
        box.min = glm::min(box.min, w);
        box.max = glm::max(box.max, w);
    };
    // Morphed as drawn: a morph target can move vertices far outside the base mesh.
    Primitive scratch;
    for (size_t i = 0; i < static_.size(); ++i) {
        if (static_[i].encloses_scene || skinned_only) continue;
        const glm::dmat4& g = scene_pose_.global(static_[i].node);
        const auto& inst = asset_.scene.nodes[static_cast<size_t>(static_[i].node)].instances;
        for (const auto& p : asset_.meshes[static_cast<size_t>(static_[i].mesh)].primitives)
            for (const auto& v : morphed(p, morph_weights(static_[i].node), scratch).positions) {
                if (inst.empty()) add(glm::dvec3(g * glm::dvec4(glm::dvec3(v), 1.0)));
                for (const glm::dmat4& m : inst) add(glm::dvec3(g * m * glm::dvec4(glm::dvec3(v), 1.0)));
            }
    }
    // Skinned as the GPU does it in the frame it is drawn in, so the correction off bounds the
    // soup, not the character the joints describe.
    for (const Probe& probe : probes_) {
        const SkinnedMeshNode& s = skinned_[static_cast<size_t>(probe.skinned)];
        const glm::dmat4& frame = mesh_frame(probe.skinned, corrected);
        const SkinningRung rung = forced ? *forced : skins_[static_cast<size_t>(s.skin)].rung.rung;
        auto local = emulate_gpu_skin_positions(morphed(probe.vertices, morph_weights(s.node), scratch),
                                                joint_matrices(s.skin), frame, rung);
        if (!local) continue;
        for (const auto& p : *local) add(glm::dvec3(frame * glm::dvec4(glm::dvec3(p), 1.0)));
    }
    return box;
}

Aabb Character::drawn_bounds_over_clip(int clip, bool corrected, const SkinningRung* forced, int samples,
                                       bool skinned_only) {
    Aabb box;
    const bool has_clip = clip >= 0 && static_cast<size_t>(clip) < asset_.clips.size();
    const float duration = has_clip ? asset_.clips[static_cast<size_t>(clip)].duration : 0.0f;
    const int n = has_clip && duration > 0.0f ? std::max(samples, 1) : 1;
    for (int k = 0; k < n; ++k) {
        // Both ends included: a clip often ends far from where it starts (a walk, a jump).
        pose_at(clip, n > 1 ? duration * static_cast<float>(k) / static_cast<float>(n - 1) : 0.0f, false);
        const Aabb b = drawn_bounds(corrected, forced, skinned_only);
        if (b.empty()) continue;
        box.min = glm::min(box.min, b.min);
        box.max = glm::max(box.max, b.max);
    }
    return box;
}

Aabb Character::bind_bounds() const {
    Aabb box;
    for (const auto& s : static_) {
        if (s.encloses_scene) continue;
        const anim::Node& node = asset_.scene.nodes[static_cast<size_t>(s.node)];
        const glm::dmat4 g = node.global;
        // EXT_mesh_gpu_instancing: every instance (none: the node alone).
        const size_t copies = std::max<size_t>(node.instances.size(), 1);
        for (size_t k = 0; k < copies; ++k) {
            const glm::dmat4 m = node.instances.empty() ? g : g * node.instances[k];
            for (const auto& p : asset_.meshes[static_cast<size_t>(s.mesh)].primitives)
                for (const auto& v : p.positions) {
                    const glm::dvec3 w(m * glm::dvec4(glm::dvec3(v), 1.0));
                    box.min = glm::min(box.min, w);
                    box.max = glm::max(box.max, w);
                }
        }
    }
    for (const auto& s : skins_) {
        if (s.bind_bounds.empty()) continue;
        box.min = glm::min(box.min, s.bind_bounds.min);
        box.max = glm::max(box.max, s.bind_bounds.max);
    }
    return box;
}

std::vector<Image> Character::take_image_texels() {
    std::vector<Image> texels(asset_.images.size());
    for (size_t i = 0; i < texels.size(); ++i) {
        const Image& from = asset_.images[i];
        texels[i].name = from.name;
        texels[i].width = from.width;
        texels[i].height = from.height;
        texels[i].rgba.swap(asset_.images[i].rgba);  // the asset's left empty, with no capacity
    }
    return texels;
}

int Character::find_clip(const std::string& name) const {
    for (size_t i = 0; i < asset_.clips.size(); ++i)
        if (asset_.clips[i].name == name) return static_cast<int>(i);
    return -1;
}

}  // namespace sv::anim

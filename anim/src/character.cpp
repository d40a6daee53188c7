#include "anim/character.h"

#include "anim/skin_bind_transform.h"
#include "anim/skin_registry.h"

namespace sv::anim {

Expected<Character> Character::create(Asset asset) {
    Character c;
    c.asset_ = std::move(asset);
    Scene& scene = c.asset_.scene;
    scene.update_matrices();
    c.log_ = c.asset_.report;

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
            st.offset = n.global;
            for (int a = n.parent; a >= 0 && st.joint < 0; a = scene.nodes[static_cast<size_t>(a)].parent)
                for (size_t k = 0; k < c.asset_.skins.size() && st.joint < 0; ++k) {
                    const auto& joints = c.asset_.skins[k].joints;
                    for (size_t j = 0; j < joints.size(); ++j)
                        if (joints[j] == a) {
                            st.skin = static_cast<int>(k);
                            st.joint = static_cast<int>(j);
                            st.offset = glm::inverse(scene.nodes[static_cast<size_t>(a)].global) * n.global;
                            break;
                        }
                }
            c.static_.push_back(st);
        }
    }
    // The registry is the one door a skin goes through: it puts every mesh node drawing the skin
    // on the skin's frame, pairs it with the clips that scale anything, chooses the rung, and logs
    // each step (its lines become this character's log).
    SkinRegistry registry([&c](const std::string& line) { c.log_.push_back(line); });
    for (size_t ci = 0; ci < c.asset_.clips.size(); ++ci) registry.register_clip(c.asset_, static_cast<int>(ci));
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
        for (const Clip& clip : c.asset_.clips) cs.bindings.push_back(bind_clip(clip, skin.joints));
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
        cs.skeleton.apply_pose(cs.pose);
        c.skins_.push_back(std::move(cs));
    }
    return c;
}

const glm::dmat4& Character::mesh_frame(int i) const {
    const SkinnedMeshNode& s = skinned_[static_cast<size_t>(i)];
    return correction_ ? s.frame_corrected : s.frame_as_given;
}

void Character::pose_at(int clip, float time, bool loop) {
    for (auto& s : skins_) {
        // The skeleton's rest is the file's local TRS, which is what a joint without a track must
        // hold (not the identity).
        copy_pose(s.skeleton.rest_pose(), s.pose);
        if (clip >= 0 && static_cast<size_t>(clip) < asset_.clips.size())
            sample_clip(asset_.clips[static_cast<size_t>(clip)], s.bindings[static_cast<size_t>(clip)], time, loop,
                        s.pose);
        s.skeleton.apply_pose(s.pose);
    }
}

void Character::apply_poses() {
    for (auto& s : skins_) s.skeleton.apply_pose(s.pose);
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
    const StaticMeshNode& s = static_[static_cast<size_t>(i)];
    if (s.joint < 0) return glm::mat4(s.offset);
    const auto& w = skins_[static_cast<size_t>(s.skin)].skeleton.world();
    glm::mat4 joint;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) joint[c][r] = w[static_cast<size_t>(s.joint) * 16 + static_cast<size_t>(c * 4 + r)];
    return joint * glm::mat4(s.offset);
}

Aabb Character::bind_bounds() const {
    Aabb box;
    for (const auto& s : static_) {
        const glm::dmat4 g = asset_.scene.nodes[static_cast<size_t>(s.node)].global;
        for (const auto& p : asset_.meshes[static_cast<size_t>(s.mesh)].primitives)
            for (const auto& v : p.positions) {
                const glm::dvec3 w(g * glm::dvec4(glm::dvec3(v), 1.0));
                box.min = glm::min(box.min, w);
                box.max = glm::max(box.max, w);
            }
    }
    for (const auto& s : skins_) {
        if (s.bind_bounds.empty()) continue;
        box.min = glm::min(box.min, s.bind_bounds.min);
        box.max = glm::max(box.max, s.bind_bounds.max);
    }
    return box;
}

int Character::find_clip(const std::string& name) const {
    for (size_t i = 0; i < asset_.clips.size(); ++i)
        if (asset_.clips[i].name == name) return static_cast<int>(i);
    return -1;
}

}  // namespace sv::anim

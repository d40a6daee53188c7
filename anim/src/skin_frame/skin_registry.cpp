#include "anim/skin_frame/skin_registry.h"

#include <cstdio>

#include "anim/skin_frame/clip_scale_channels.h"
#include "anim/skin_frame/skinned_mesh_nodes.h"

namespace sv::anim {

namespace {
std::string fmt(double v, const char* f = "%.4f") {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}
}  // namespace

std::string describe(const MeshFrameReport& r) {
    std::string s = "skin '" + r.skin_name + "', mesh node '" + r.mesh_name + "': " + to_string(r.verdict);
    if (r.verdict == FrameVerdict::Corrected)
        s += ", absorbing " + fmt(r.non_rigidity_absorbed) + " of non-rigidity (folded scale " +
             fmt(r.folded_scale_as_given) + ", defect as given " + fmt(r.defect_as_given) +
             ", on the skin frame " + fmt(r.defect_on_skin_frame, "%.2g") + ", residual " +
             fmt(r.residual, "%.2g") + ")";
    s += ". " + r.reason;
    return s;
}

const SkinRecord& SkinRegistry::register_skin(Asset& asset, int skin) {
    SkinRecord rec;
    rec.asset = &asset;
    rec.skin = skin;
    if (skin < 0 || static_cast<size_t>(skin) >= asset.skins.size()) {
        log(asset.source + ": skin " + std::to_string(skin) + " does not exist; not registered");
        rec.rung = {SkinningRung::LinearBlend, "skin does not exist"};
        skins_.push_back(rec);
        return skins_.back();
    }
    const Skin& s = asset.skins[static_cast<size_t>(skin)];
    rec.mesh_nodes = skinned_mesh_nodes(asset.scene, skin);
    if (rec.mesh_nodes.empty())
        log("skin '" + s.name + "': no mesh node draws it; nothing to put on its frame");
    for (int m : rec.mesh_nodes) {
        rec.frames.push_back(normalize_mesh_frame(asset.scene, s, m));
        log(describe(rec.frames.back()));
    }
    skins_.push_back(rec);
    SkinRecord& stored = skins_.back();
    for (const ClipRecord& c : clips_)
        if (c.asset == &asset) pair(stored, c);
    stored.rung = choose_skinning_rung(stored.frames, stored.conflicts);
    log("skin '" + s.name + "': " + to_string(stored.rung.rung) + " (" + stored.rung.reason + ")");
    return stored;
}

void SkinRegistry::register_clip(const Asset& asset, int clip) {
    if (clip < 0 || static_cast<size_t>(clip) >= asset.clips.size()) {
        log(asset.source + ": clip " + std::to_string(clip) + " does not exist; not registered");
        return;
    }
    if (clip_scale_channels(asset.clips[static_cast<size_t>(clip)]).empty()) return;  // scales nothing
    clips_.push_back({&asset, clip});
    for (SkinRecord& rec : skins_)
        if (rec.asset == &asset && rec.skin >= 0) {
            const size_t before = rec.conflicts.size();
            pair(rec, clips_.back());
            if (rec.conflicts.size() != before) {
                rec.rung = choose_skinning_rung(rec.frames, rec.conflicts);
                log("skin '" + asset.skins[static_cast<size_t>(rec.skin)].name +
                    "': " + to_string(rec.rung.rung) + " (" + rec.rung.reason + ")");
            }
        }
}

void SkinRegistry::pair(SkinRecord& rec, const ClipRecord& c) {
    const Skin& skin = rec.asset->skins[static_cast<size_t>(rec.skin)];
    const Clip& clip = c.asset->clips[static_cast<size_t>(c.clip)];
    Expected<std::vector<ScaleConflict>> found =
        skin_clip_scale_conflicts(rec.asset->scene, skin, rec.mesh_nodes, clip);
    if (!found) {
        log(found.error().message);
        return;
    }
    for (ScaleConflict k : *found) {
        k.clip = c.clip;
        log("clip '" + clip.name + "' channel " + std::to_string(k.channel) + " scales node '" + k.node_name +
            "' (" + (k.uniform ? "uniform" : "non-uniform") + ", spread " + fmt(k.spread, "%.2g") + ", " +
            fmt(k.min) + " to " + fmt(k.max) + "), reaching " + std::to_string(k.joints_reached) + " of " +
            std::to_string(skin.joints.size()) + " joints of skin '" + skin.name + "' and " +
            (k.reaches_mesh ? "" : "not ") + "its mesh: no frame can absorb it");
        rec.conflicts.push_back(k);
    }
}

}  // namespace sv::anim

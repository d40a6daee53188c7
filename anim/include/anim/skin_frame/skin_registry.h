// Where skins and clips meet: registering a skin puts each of its mesh nodes on the skin frame and
// logs what that took; registering either half pairs it with the other half already registered,
// so a scale conflict is reported whichever arrives first. Every path goes through here (files,
// the builder, skins made in code), which is why the correction lives here and not in a loader.
//
// Logging goes to a caller-supplied sink, one complete line a call, so tests capture and assert
// the exact messages and the viewer routes them to its console.
#pragma once

#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "anim/scene/asset.h"
#include "anim/skin_frame/normalize_mesh_frame.h"
#include "anim/skin_frame/skin_clip_scale_conflicts.h"
#include "anim/skin_frame/skinning_rung.h"

namespace sv::anim {

using LogSink = std::function<void(const std::string&)>;

struct SkinRecord {
    const Asset* asset = nullptr;
    int skin = -1;
    std::vector<int> mesh_nodes;
    std::vector<MeshFrameReport> frames;
    std::vector<ScaleConflict> conflicts;  // with every registered clip of the same asset
    RungChoice rung;
};

class SkinRegistry {
public:
    explicit SkinRegistry(LogSink sink) : sink_(std::move(sink)) {}

    // Normalises every mesh node drawing asset.skins[skin] (the asset must outlive the registry and
    // its scene must have been walked), logs each report, pairs the skin with the asset's registered
    // clips, and chooses its rung. A skin no frame can fix is logged by name and left as given.
    const SkinRecord& register_skin(Asset& asset, int skin);

    // Remembers the clip only when it scales something (clip_scale_channels), and pairs it with the
    // asset's registered skins. Clips are paired with skins of the same asset only: a channel's node
    // index means nothing in another asset's scene.
    void register_clip(const Asset& asset, int clip);

    const std::deque<SkinRecord>& skins() const { return skins_; }
    size_t remembered_clips() const { return clips_.size(); }

private:
    struct ClipRecord {
        const Asset* asset;
        int clip;
    };
    void pair(SkinRecord& skin, const ClipRecord& clip);
    void log(const std::string& line) const {
        if (sink_) sink_(line);
    }

    LogSink sink_;
    std::deque<SkinRecord> skins_;  // a deque, so a returned record stays valid as more arrive
    std::vector<ClipRecord> clips_;
};

// The one-line form of a report that register_skin logs.
std::string describe(const MeshFrameReport& report);

}  // namespace sv::anim

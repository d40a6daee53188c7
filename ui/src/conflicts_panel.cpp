#include "ui/conflicts_panel.h"

namespace sv::ui {

void ConflictsPanel::rebuild(const anim::Character& character) {
    rows.clear();
    const auto& asset = character.asset();
    const auto& skins = character.skins();
    for (size_t k = 0; k < skins.size(); ++k)
        for (const auto& cc : skins[k].scale_conflicts)
            for (const auto& c : cc.conflicts) {
                ConflictRow r;
                r.skin = static_cast<int>(k);
                r.skin_name = k < asset.skins.size() ? asset.skins[k].name : std::string();
                r.clip = cc.clip;
                r.clip_name = cc.clip >= 0 && static_cast<size_t>(cc.clip) < asset.clips.size()
                                  ? asset.clips[static_cast<size_t>(cc.clip)].name
                                  : std::string();
                r.conflict = c;
                // The ladder's own answer for this channel alone, not a second copy of its rule.
                r.rung_needed = anim::choose_skinning_rung({}, {c}).rung;
                rows.push_back(std::move(r));
            }
}

std::string ConflictsPanel::summary() const {
    if (rows.empty()) return "none: no clip scales part of a skin";
    return std::to_string(rows.size()) + " conflicting channel" + (rows.size() == 1 ? "" : "s");
}

}  // namespace sv::ui

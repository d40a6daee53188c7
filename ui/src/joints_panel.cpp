#include "ui/joints_panel.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "anim/avatar/humanoid_map.h"
#include "anim/skin_frame/skin_frame_defect.h"

namespace sv::ui {

namespace {
std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}
}  // namespace

void JointsPanel::rebuild(const anim::Character& character, int skin_index) {
    skin = skin_index;
    rows.clear();
    error.clear();
    empty_reason.clear();
    const auto& skins = character.skins();
    // A file without a skin is a fact about the file, not a failure: it said "no skin 0" (as if
    // skin 0 had gone missing) over a green "no joints" (as if all were well).
    if (skins.empty()) {
        empty_reason = "the file has no skin: no joints to list";
        return;
    }
    if (skin < 0 || static_cast<size_t>(skin) >= skins.size()) {
        empty_reason = "skin " + std::to_string(skin) + " does not exist: the file has skins 0 to " +
                       std::to_string(skins.size() - 1);
        return;
    }
    const anim::Skeleton& sk = skins[static_cast<size_t>(skin)].skeleton;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (int j = 0; j < sk.joint_count(); ++j)
        rows.push_back(
            {j, sk.names()[static_cast<size_t>(j)], sk.parents()[static_cast<size_t>(j)], nan, nan, {}});
    const std::vector<std::string> bones = anim::skin_humanoid_bones(character.asset(), skin);
    for (size_t j = 0; j < rows.size() && j < bones.size(); ++j) rows[j].bone = bones[j];

    const anim::SkinnedMeshNode* mesh = nullptr;
    for (const auto& m : character.skinned_meshes())
        if (m.skin == skin) {
            mesh = &m;
            break;
        }
    if (!mesh) {
        error = "skin " + std::to_string(skin) + " draws no mesh: no frame to measure against";
        return;
    }
    const anim::Asset& asset = character.asset();
    const anim::Skin& s = asset.skins[static_cast<size_t>(skin)];
    auto given = anim::skin_frame_defect_by_joint(asset.scene, s, mesh->frame_as_given);
    auto corrected = anim::skin_frame_defect_by_joint(asset.scene, s, mesh->frame_corrected);
    if (!given) error = "as given: " + given.error().message;
    if (!corrected) error += (error.empty() ? "" : "; ") + ("corrected: " + corrected.error().message);
    for (size_t j = 0; j < rows.size(); ++j) {
        if (given && j < given->size()) rows[j].defect_as_given = (*given)[j];
        if (corrected && j < corrected->size()) rows[j].defect_corrected = (*corrected)[j];
    }
}

bool JointsPanel::above(const JointRow& row, bool correction_on) const {
    const double d = correction_on ? row.defect_corrected : row.defect_as_given;
    return !(d <= tolerance);
}

std::vector<int> JointsPanel::visible(bool correction_on) const {
    std::vector<int> out;
    const std::string needle = lower(filter);
    for (size_t i = 0; i < rows.size(); ++i) {
        if (!needle.empty() && lower(rows[i].name).find(needle) == std::string::npos &&
            lower(rows[i].bone).find(needle) == std::string::npos)
            continue;
        if (only_above_tolerance && !above(rows[i], correction_on)) continue;
        out.push_back(static_cast<int>(i));
    }
    const auto number_less = [this](double a, double b) {
        // NaN last in either direction: an unmeasured joint never hides the worst measured one.
        if (std::isnan(a) || std::isnan(b)) return !std::isnan(a) && std::isnan(b);
        return descending ? a > b : a < b;
    };
    std::stable_sort(out.begin(), out.end(), [&](int ia, int ib) {
        const JointRow& a = rows[static_cast<size_t>(ia)];
        const JointRow& b = rows[static_cast<size_t>(ib)];
        switch (sort) {
            case JointSort::Index:
                return descending ? a.joint > b.joint : a.joint < b.joint;
            case JointSort::Name:
                return descending ? a.name > b.name : a.name < b.name;
            case JointSort::AsGiven:
                return number_less(a.defect_as_given, b.defect_as_given);
            case JointSort::Corrected:
                return number_less(a.defect_corrected, b.defect_corrected);
        }
        return false;
    });
    return out;
}

void JointsPanel::click_header(JointSort column) {
    if (sort == column) {
        descending = !descending;
    } else {
        sort = column;
        descending = false;
    }
}

}  // namespace sv::ui

namespace sv::ui {

double JointsPanel::plot_height(double d) {
    if (std::isnan(d)) return 1.0;
    if (!(d > kPlotFloor)) return 0.0;
    const double f =
        (std::log10(d) - std::log10(kPlotFloor)) / (std::log10(kPlotCeiling) - std::log10(kPlotFloor));
    return std::clamp(f, 0.0, 1.0);
}

std::string JointsPanel::plot_message(bool on) const {
    if (rows.empty()) return {};
    const auto shown = visible(on);
    if (shown.empty()) return "no joint matches the filter";
    for (int i : shown) {
        const JointRow& r = rows[static_cast<size_t>(i)];
        const double d = on ? r.defect_corrected : r.defect_as_given;
        if (!(d == 0.0)) return {};  // NaN also draws (as a full bar)
    }
    return on ? "all joints rigid on the skin frame (every defect 0)"
              : "all joints rigid as given (every defect 0)";
}

bool JointsPanel::plot_message_is_good(bool on) const {
    return !rows.empty() && !visible(on).empty() && !plot_message(on).empty();
}

int JointsPanel::bar_at(double fraction, bool on) const {
    const auto shown = visible(on);
    if (shown.empty() || fraction < 0.0 || fraction >= 1.0) return -1;
    return shown[static_cast<size_t>(fraction * static_cast<double>(shown.size()))];
}

std::vector<PlotColumn> JointsPanel::plot_columns(const std::vector<int>& shown, int columns, bool on,
                                                  int selected_joint) const {
    std::vector<PlotColumn> out;
    if (shown.empty() || columns <= 0) return out;
    const size_t n = shown.size(), c = std::min(n, static_cast<size_t>(columns));
    out.resize(c);
    for (size_t k = 0; k < n; ++k) {
        PlotColumn& col = out[k * c / n];
        const JointRow& r = rows[static_cast<size_t>(shown[k])];
        const double d = on ? r.defect_corrected : r.defect_as_given;
        // NaN wins (an unmeasured joint is shown, as `above` counts it), then the larger defect.
        const bool worse = col.row < 0 || (!std::isnan(col.defect) && (std::isnan(d) || d > col.defect));
        if (worse) {
            col.row = shown[k];
            col.defect = d;
        }
        col.above = col.above || above(r, on);
        col.selected = col.selected || r.joint == selected_joint;
    }
    return out;
}

}  // namespace sv::ui

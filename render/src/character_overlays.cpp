// The overlays CharacterRenderer::draw puts around the meshes: the floor grid under the character,
// and over everything the skeleton, the selected joint and the joints' axes.
#include <cmath>
#include <glm/gtc/type_ptr.hpp>

#include "render/character_renderer.h"
#include "render/procedural_mesh.h"

namespace sv::render {

namespace {
constexpr float kGridPush = 0.02f;  // the floor grid's push along each ray, a share of its distance
}  // namespace

void CharacterRenderer::draw_grid(const anim::Character& character, const glm::mat4& view_proj,
                                  const glm::vec3& eye) {
    const anim::Aabb b = character.bind_bounds();
    // The grid sits under the character's feet, sized to it in round units (1, 2 or 5 times a
    // power of ten, so a cell reads as a length), its floor snapped to a thousandth of that:
    // the same character stored another way (quantized, Draco) has bounds a few 1e-5 apart,
    // and a grid that followed them exactly would move lines by a pixel between the two.
    const double extent = b.empty() ? 1.0 : glm::length(b.max - b.min);
    const double decade = std::pow(10.0, std::floor(std::log10(extent)));
    const double nice = extent <= decade       ? decade
                        : extent <= 2 * decade ? 2 * decade
                        : extent <= 5 * decade ? 5 * decade
                                               : 10 * decade;
    const float size = static_cast<float>(nice);
    const float floor_y =
        b.empty() ? 0.0f : static_cast<float>(std::round(b.min.y / (nice * 1e-3)) * nice * 1e-3);
    if (size != grid_size_ || floor_y != grid_floor_ || grid_lines_.empty()) {
        grid_lines_ = make_grid_lines(size, 10);
        for (auto& p : grid_lines_) p.y = floor_y;
        grid_size_ = size;
        grid_floor_ = floor_y;
    }
    // Depth-tested, and pushed 2% deeper along each ray, so it never z-fights with a surface
    // at the floor's height (a ground plane at y = 0, the soles of feet): such a surface is
    // drawn over it. Why along the ray and not a constant depth bias: lines have no polygon
    // offset, and a line and a triangle over one pixel disagree in depth by up to half a
    // pixel's depth slope, which on a floor seen at a grazing angle grows as z / h (distance
    // over eye height); 2% covers z / h up to 2 x 0.02 x 660 px focal = 26 at 480 px, past
    // the far corner of the grid at the default framing (pitch 5 or more). What it costs: a
    // grid line also loses to a surface up to 2% of its distance behind it (6 cm at 3 m:
    // geometry just under the floor covers the line). Not under an orthographic file camera,
    // whose eye is a stand-in far away (there the grid may still z-fight).
    const bool perspective = std::abs((glm::inverse(view_proj) * glm::vec4(0, 0, 1, 0)).w) >= 1e-12f;
    line_pass_.draw(grid_lines_, GL_LINES, view_proj, glm::vec4(0.35f, 0.37f, 0.4f, 1.0f), 6.0f, eye,
                    perspective ? kGridPush : 0.0f);
}

void CharacterRenderer::draw_joint_overlays(const anim::Character& character,
                                            const std::vector<CharacterInstance>& instances,
                                            const glm::mat4& view_proj, const DrawOptions& options) {
    if (options.draw_skeleton && !instances.empty()) {
        glDisable(GL_DEPTH_TEST);
        const glm::mat4 vp = view_proj * instances.front().model;
        for (int k = 0; k < skins_; ++k) {
            line_pass_.draw(skeleton_lines(character, k), GL_LINES, vp, glm::vec4(0.2f, 0.9f, 1.0f, 1.0f));
            line_pass_.draw(joint_points(character, k), GL_POINTS, vp, glm::vec4(1.0f, 1.0f, 1.0f, 1.0f),
                            5.0f);
        }
        if (options.selected_joint >= 0 && options.selected_skin >= 0 && options.selected_skin < skins_) {
            auto pts = joint_points(character, options.selected_skin);
            if (static_cast<size_t>(options.selected_joint) < pts.size())
                line_pass_.draw({pts[static_cast<size_t>(options.selected_joint)]}, GL_POINTS, vp,
                                glm::vec4(1.0f, 0.3f, 0.1f, 1.0f), 11.0f);
        }
        glEnable(GL_DEPTH_TEST);
    }
    if (options.draw_joint_axes && !instances.empty()) {
        glDisable(GL_DEPTH_TEST);
        const glm::mat4 vp = view_proj * instances.front().model;
        const anim::Aabb b = character.bind_bounds();
        const float len = b.empty() ? 0.05f : static_cast<float>(glm::length(b.max - b.min)) * 0.03f;
        const glm::vec4 colors[3] = {{1, 0.2f, 0.2f, 1}, {0.2f, 1, 0.2f, 1}, {0.3f, 0.4f, 1, 1}};
        for (int axis = 0; axis < 3; ++axis) {
            std::vector<glm::vec3> lines;
            for (int k = 0; k < skins_; ++k) {
                const auto& w = character.skins()[static_cast<size_t>(k)].skeleton.world();
                for (size_t j = 0; j * 16 < w.size(); ++j) {
                    const glm::mat4 m = glm::make_mat4(&w[j * 16]);
                    const glm::vec3 o(m[3]);
                    lines.push_back(o);
                    lines.push_back(o + glm::normalize(glm::vec3(m[axis])) * len);
                }
            }
            line_pass_.draw(lines, GL_LINES, vp, colors[axis]);
        }
        glEnable(GL_DEPTH_TEST);
    }
}

std::vector<glm::vec3> CharacterRenderer::skeleton_lines(const anim::Character& character, int skin) {
    const auto& sk = character.skins()[static_cast<size_t>(skin)].skeleton;
    const auto& w = sk.world();
    std::vector<glm::vec3> lines;
    for (int j = 0; j < sk.joint_count(); ++j) {
        const int p = sk.parents()[static_cast<size_t>(j)];
        if (p < 0) continue;
        lines.emplace_back(w[static_cast<size_t>(p) * 16 + 12], w[static_cast<size_t>(p) * 16 + 13],
                           w[static_cast<size_t>(p) * 16 + 14]);
        lines.emplace_back(w[static_cast<size_t>(j) * 16 + 12], w[static_cast<size_t>(j) * 16 + 13],
                           w[static_cast<size_t>(j) * 16 + 14]);
    }
    return lines;
}

std::vector<glm::vec3> CharacterRenderer::joint_points(const anim::Character& character, int skin) {
    const auto& w = character.skins()[static_cast<size_t>(skin)].skeleton.world();
    std::vector<glm::vec3> pts;
    for (size_t j = 0; j * 16 < w.size(); ++j)
        pts.emplace_back(w[j * 16 + 12], w[j * 16 + 13], w[j * 16 + 14]);
    return pts;
}

}  // namespace sv::render

#include "anim/avatar/expression_materials.h"

#include <algorithm>

#include "anim/avatar/expressions.h"

namespace sv::anim {

Expected<std::vector<ExpressionMaterialValue>> expression_material_values(
    const Asset& asset, const std::vector<std::pair<std::string, double>>& values) {
    auto w = expression_output_weights(asset.vrm, values);
    if (!w) return w.error();
    std::vector<ExpressionMaterialValue> out;
    const auto entry = [&](int m) -> ExpressionMaterialValue& {
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const ExpressionMaterialValue& v) { return v.material == m; });
        if (it != out.end()) return *it;
        const Material& mat = asset.materials[static_cast<size_t>(m)];
        ExpressionMaterialValue v;
        v.material = m;
        v.base_color = glm::dvec4(mat.base_color);
        v.emissive = glm::dvec3(mat.emissive);
        out.push_back(v);
        return out.back();
    };
    const auto valid = [&](int m) { return m >= 0 && static_cast<size_t>(m) < asset.materials.size(); };
    for (size_t i = 0; i < w->size(); ++i) {
        const double k = (*w)[i];
        if (k <= 0.0) continue;
        const VrmExpression& e = asset.vrm.expressions[i];
        for (const VrmColorBind& b : e.color_binds) {
            if (!valid(b.material)) continue;
            const Material& mat = asset.materials[static_cast<size_t>(b.material)];
            if (b.target == VrmColorTarget::Color) {
                ExpressionMaterialValue& v = entry(b.material);
                v.has_color = true;
                v.base_color += (b.value - glm::dvec4(mat.base_color)) * k;
            } else if (b.target == VrmColorTarget::EmissionColor) {
                ExpressionMaterialValue& v = entry(b.material);
                v.has_emission = true;
                v.emissive += (glm::dvec3(b.value) - glm::dvec3(mat.emissive)) * k;
            }
        }
        for (const VrmTextureBind& b : e.texture_binds) {
            if (!valid(b.material)) continue;
            ExpressionMaterialValue& v = entry(b.material);
            v.has_uv = true;
            v.uv_scale += (b.scale - glm::dvec2(1.0)) * k;
            v.uv_offset += b.offset * k;
        }
    }
    return out;
}

}  // namespace sv::anim

#include "anim/scene/material_variants.h"

namespace sv::anim {

int material_for_variant(const Primitive& primitive, int variant) {
    if (variant < 0) return primitive.material;
    for (const VariantMaterial& m : primitive.variant_materials)
        if (m.variant == variant) return m.material;
    return primitive.material;
}

Expected<int> find_variant(const Asset& asset, const std::string& name) {
    for (size_t i = 0; i < asset.variants.size(); ++i)
        if (asset.variants[i] == name) return static_cast<int>(i);
    if (asset.variants.empty())
        return make_error("variant '" + name + "': the file has no material variants");
    std::string list;
    for (const std::string& v : asset.variants) list += (list.empty() ? "'" : ", '") + v + "'";
    return make_error("variant '" + name + "' is not one of the file's: " + list);
}

}  // namespace sv::anim

// KHR_materials_variants: which material a primitive draws under a chosen variant, and a variant
// found by its name. Plain look-ups over the Asset; the renderer keeps the choice.
#pragma once

#include <string>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace sv::anim {

// The primitive's material under `variant` (-1: the file's default material).
int material_for_variant(const Primitive& primitive, int variant);

// The index of the variant called `name`, or an error listing the file's variants.
Expected<int> find_variant(const Asset& asset, const std::string& name);

}  // namespace sv::anim

// The shape of a glTF document (private to anim/src): the properties glTF requires and the types
// and ranges tinygltf would otherwise refuse in its own words ("Unsupported `type` for accessor
// object", "accessor[5] invalid bufferView"). Each refusal names the element and the property.
#pragma once

#include <nlohmann/json.hpp>

#include "anim/core/expected.h"

namespace sv::anim::gltf {

// Run after the Draco description, which takes a Draco primitive's data-less indices accessor
// from the primitive (the decoder fills it).
Status check_schema(const nlohmann::json& doc);

}  // namespace sv::anim::gltf

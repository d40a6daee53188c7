// KHR_animation_pointer's JSON pointers (private to anim/src/gltf): what a pointer names, read
// against the document it points into, and the pointer of a property for the writer. One table of
// property paths serves both, so the two cannot spell a property differently.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "anim/scene/animated_property.h"

namespace sv::anim::gltf {

struct PointerTarget {
    enum class Kind {
        Node,         // "/nodes/N/translation" (rotation, scale, weights): a core node channel
        Property,     // a material, light or camera property skinview plays (`property`)
        Unsupported,  // anything else; `reason` says why, for the note that skips the channel
    };
    Kind kind = Kind::Unsupported;
    int node = -1;
    std::string path;  // Node: "translation", "rotation", "scale" or "weights"
    PropertyTarget property;
    std::string reason;
};

// `doc` is the glTF JSON the pointer points into: an index must name an element it has (a
// material, light or camera), and a camera property its projection (a spot cone a spot light).
PointerTarget parse_animation_pointer(const std::string& pointer, const nlohmann::json& doc);

// The pointer of `target` ("/materials/0/pbrMetallicRoughness/baseColorFactor"); empty when the
// target has no spelling (a texture property with TextureSlot::None).
std::string animation_pointer(const PropertyTarget& target);

}  // namespace sv::anim::gltf

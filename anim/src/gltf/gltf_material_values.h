// Reading values out of a glTF material's extension objects (tinygltf parses only the core ones):
// shared by the material importer's parts. Private to anim/src/gltf.
#pragma once

#include <tiny_gltf.h>

#include <cmath>
#include <glm/glm.hpp>

namespace sv::anim::material_values {

inline float number(const tinygltf::Value& v, float fallback) {
    return v.IsNumber() ? static_cast<float>(v.GetNumberAsDouble()) : fallback;
}

// The material's extension object called `name`, or null when absent or not an object.
inline const tinygltf::Value* extension(const tinygltf::Material& src, const char* name) {
    const auto it = src.extensions.find(name);
    return it != src.extensions.end() && it->second.IsObject() ? &it->second : nullptr;
}

inline glm::vec3 vec3_of(const tinygltf::Value& x, const char* key, glm::vec3 fallback) {
    if (!x.Has(key) || x.Get(key).ArrayLen() != 3) return fallback;
    const tinygltf::Value& a = x.Get(key);
    return {number(a.Get(0), fallback.x), number(a.Get(1), fallback.y), number(a.Get(2), fallback.z)};
}

inline bool finite(glm::vec3 v) { return std::isfinite(v.x + v.y + v.z); }

}  // namespace sv::anim::material_values

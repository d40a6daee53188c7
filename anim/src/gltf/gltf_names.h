// How the reader names and finds things (private to anim/src/gltf): indices and counts in refusals
// ("accessor 3", "12 of 40 weights"), an element with its name ("node 4 ('Hips')"), and the two
// look-ups every pass over the raw JSON makes (a top-level count, an element's extension object).
// One spelling for every section, the document checks and the decoders, so a message found in one
// place reads like a message found in another and a test can match either.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>

namespace sv::anim::gltf {

template <class Integer, class = std::enable_if_t<std::is_integral_v<Integer>>>
std::string str(Integer v) {
    return std::to_string(v);
}

// "kind i ('name')", the name only when the element has one. From the JSON (the checks that run
// before tinygltf) or from a name tinygltf already read; both spell it the same.
inline std::string named(const std::string& kind, size_t i, const std::string& name) {
    return kind + " " + str(i) + (name.empty() ? "" : " ('" + name + "')");
}
template <class Json>
std::string named(const std::string& kind, size_t i, const Json& e) {
    if (e.is_object()) {
        const auto n = e.find("name");
        if (n != e.end() && n->is_string()) return named(kind, i, n->template get<std::string>());
    }
    return kind + " " + str(i);
}

// How many elements the document's top-level array `key` has (0 when it is missing or not an
// array: the schema checks refuse that, the counts are read before and after them).
template <class Json>
size_t count_of(const Json& doc, const char* key) {
    const auto it = doc.find(key);
    return it != doc.end() && it->is_array() ? it->size() : 0;
}

// The object an element holds for extension `name` under "extensions", or null.
template <class Json>
const Json* extension_of(const Json& e, const char* name) {
    if (!e.is_object()) return nullptr;
    const auto x = e.find("extensions");
    if (x == e.end() || !x->is_object()) return nullptr;
    const auto m = x->find(name);
    return m == x->end() ? nullptr : &*m;
}

}  // namespace sv::anim::gltf

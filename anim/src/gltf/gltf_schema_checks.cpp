#include "gltf_schema_checks.h"

#include <string>
#include <tuple>
#include <vector>

#include "gltf_names.h"

namespace sv::anim::gltf {

namespace {

using nlohmann::json;

// Every top-level list glTF defines is an array of objects; an extension list an array of strings.
Status check_lists(const json& doc) {
    static const std::vector<std::pair<const char*, const char*>> lists = {
        {"accessors", "accessor"},      {"animations", "animation"}, {"buffers", "buffer"},
        {"bufferViews", "buffer view"}, {"cameras", "camera"},       {"images", "image"},
        {"materials", "material"},      {"meshes", "mesh"},          {"nodes", "node"},
        {"samplers", "sampler"},        {"scenes", "scene"},         {"skins", "skin"},
        {"textures", "texture"}};
    for (const auto& [key, kind] : lists) {
        const auto list = doc.find(key);
        if (list == doc.end()) continue;
        if (!list->is_array()) return make_error(std::string("glTF: '") + key + "' is not an array");
        for (size_t i = 0; i < list->size(); ++i)
            if (!(*list)[i].is_object())
                return make_error(std::string(kind) + " " + str(i) + ": is not a JSON object");
    }
    for (const char* key : {"extensionsUsed", "extensionsRequired"}) {
        const auto list = doc.find(key);
        if (list == doc.end()) continue;
        bool strings = list->is_array();
        for (const auto& e : strings ? *list : json::array()) strings = strings && e.is_string();
        if (!strings)
            return make_error(std::string("glTF: '") + key + "' is not an array of extension names");
    }
    return ok_status();
}

const json::value_t kIndex = json::value_t::number_unsigned;

Status require(const json& e, const std::string& what, const char* field, json::value_t type) {
    const auto f = e.find(field);
    const bool ok = f != e.end() && (type == kIndex ? f->is_number_unsigned() : f->type() == type);
    if (ok) return ok_status();
    const char* kind = type == kIndex                  ? "a non-negative integer"
                       : type == json::value_t::string ? "a string"
                       : type == json::value_t::object ? "an object"
                                                       : "an array";
    return make_error(what + ": '" + field + "' is missing or not " + kind + " (required)");
}

// An optional index property: absent, or a non-negative integer below `count` of `kind`.
Status optional_index(const json& e, const std::string& what, const char* field, size_t count,
                      const char* kind) {
    const auto f = e.find(field);
    if (f == e.end()) return ok_status();
    if (!f->is_number_unsigned()) return make_error(what + ": '" + field + "' is not a non-negative integer");
    if (f->get<size_t>() >= count)
        return make_error(what + ": " + field + " " + str(f->get<size_t>()) + " is out of range (" +
                          str(count) + " " + kind + ")");
    return ok_status();
}

Status check_accessors(const json& doc) {
    static const std::vector<std::string> types = {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"};
    const size_t n = count_of(doc, "accessors");
    for (size_t i = 0; i < n; ++i) {
        const json& a = doc["accessors"][i];
        const std::string what = named("accessor", i, a);
        for (const auto& [field, type] :
             {std::pair{"componentType", kIndex}, {"count", kIndex}, {"type", json::value_t::string}})
            if (auto st = require(a, what, field, type); !st) return st;
        const size_t ct = a["componentType"].get<size_t>();
        if (ct < 5120 || ct > 5126 || ct == 5124)
            return make_error(what + ": componentType " + str(ct) + " is not a glTF component type");
        if (std::find(types.begin(), types.end(), a["type"].get<std::string>()) == types.end())
            return make_error(what + ": type '" + a["type"].get<std::string>() +
                              "' is not a glTF accessor type");
        const auto sp = a.find("sparse");
        if (sp == a.end()) continue;
        const std::string sw = what + ": sparse";
        if (!sp->is_object()) return make_error(sw + " is not an object");
        if (auto st = require(*sp, sw, "count", kIndex); !st) return st;
        for (const char* part : {"indices", "values"}) {
            if (auto st = require(*sp, sw, part, json::value_t::object); !st) return st;
            if (auto st = require((*sp)[part], sw + " " + part, "bufferView", kIndex); !st) return st;
        }
        if (auto st = require((*sp)["indices"], sw + " indices", "componentType", kIndex); !st) return st;
    }
    return ok_status();
}

Status check_views_and_images(const json& doc) {
    const size_t views = count_of(doc, "bufferViews");
    for (size_t i = 0; i < views; ++i) {
        const json& v = doc["bufferViews"][i];
        const std::string what = named("buffer view", i, v);
        for (const char* field : {"buffer", "byteLength"})
            if (auto st = require(v, what, field, kIndex); !st) return st;
        if (v.contains("byteStride")) {
            const json& s = v["byteStride"];
            if (!s.is_number_unsigned() || s.get<size_t>() < 4 || s.get<size_t>() > 252 ||
                s.get<size_t>() % 4 != 0)
                return make_error(what + ": byteStride " + s.dump() + " is not a multiple of 4 in 4..252");
        }
    }
    const size_t images = count_of(doc, "images");
    for (size_t i = 0; i < images; ++i) {
        const json& im = doc["images"][i];
        const std::string what = named("image", i, im);
        if (!im.contains("uri") && !im.contains("bufferView"))
            return make_error(what + ": has neither uri nor bufferView (one is required)");
        if (auto st = optional_index(im, what, "bufferView", views, "buffer views"); !st) return st;
        if (im.contains("bufferView") && !(im.contains("mimeType") && im["mimeType"].is_string()))
            return make_error(what + ": an image in a buffer view needs a mimeType");
    }
    const size_t cameras = count_of(doc, "cameras");
    for (size_t i = 0; i < cameras; ++i) {
        const json& c = doc["cameras"][i];
        const std::string what = named("camera", i, c);
        if (auto st = require(c, what, "type", json::value_t::string); !st) return st;
        const std::string type = c["type"].get<std::string>();
        if (type != "perspective" && type != "orthographic")
            return make_error(what + ": type '" + type + "' is not perspective or orthographic");
        if (auto st = require(c, what, type.c_str(), json::value_t::object); !st) return st;
    }
    return ok_status();
}

Status check_meshes_nodes_skins(const json& doc) {
    const size_t accessors = count_of(doc, "accessors"), meshes = count_of(doc, "meshes"),
                 nodes = count_of(doc, "nodes");
    const size_t skins = count_of(doc, "skins"), materials = count_of(doc, "materials"),
                 cameras = count_of(doc, "cameras");
    for (size_t m = 0; m < meshes; ++m) {
        const json& mesh = doc["meshes"][m];
        const std::string mw = named("mesh", m, mesh);
        if (auto st = require(mesh, mw, "primitives", json::value_t::array); !st) return st;
        for (size_t p = 0; p < mesh["primitives"].size(); ++p) {
            const json& prim = mesh["primitives"][p];
            const std::string what = mw + " primitive " + str(p);
            if (!prim.is_object()) return make_error(what + ": is not a JSON object");
            if (auto st = require(prim, what, "attributes", json::value_t::object); !st) return st;
            if (auto st = optional_index(prim, what, "indices", accessors, "accessors"); !st) return st;
            if (auto st = optional_index(prim, what, "material", materials, "materials"); !st) return st;
            // tinygltf refuses an indices accessor with no buffer view (a Draco primitive's was
            // taken from the primitive before this check, and is filled by the decoder).
            if (prim.contains("indices") &&
                !doc["accessors"][prim["indices"].get<size_t>()].contains("bufferView") &&
                !doc["accessors"][prim["indices"].get<size_t>()].contains("sparse"))
                return make_error(what + ": indices accessor " + str(prim["indices"].get<size_t>()) +
                                  " has no buffer view (all-zero indices draw nothing)");
            for (const auto& [key, acc] : prim["attributes"].items())
                if (!acc.is_number_unsigned() || acc.get<size_t>() >= accessors)
                    return make_error(what + ": attribute " + key + " accessor " + acc.dump() +
                                      " is out of range (" + str(accessors) + " accessors)");
        }
    }
    for (size_t i = 0; i < nodes; ++i) {
        const json& n = doc["nodes"][i];
        const std::string what = named("node", i, n);
        if (auto st = optional_index(n, what, "mesh", meshes, "meshes"); !st) return st;
        if (auto st = optional_index(n, what, "skin", skins, "skins"); !st) return st;
        if (auto st = optional_index(n, what, "camera", cameras, "cameras"); !st) return st;
        const auto ch = n.find("children");
        if (ch != n.end() && !ch->is_array()) return make_error(what + ": 'children' is not an array");
    }
    for (size_t s = 0; s < skins; ++s) {
        const json& sk = doc["skins"][s];
        const std::string what = named("skin", s, sk);
        if (auto st = require(sk, what, "joints", json::value_t::array); !st) return st;
        if (auto st = optional_index(sk, what, "inverseBindMatrices", accessors, "accessors"); !st) return st;
    }
    return ok_status();
}

// Animations nest theirs: tinygltf drops a channel without a sampler silently, and refuses a
// sampler without input or output in its own words.
Status check_animations(const json& doc) {
    const size_t n = count_of(doc, "animations");
    for (size_t a = 0; a < n; ++a) {
        const json& an = doc["animations"][a];
        const std::string aw = named("animation", a, an);
        for (const auto& [list, kind, fields] :
             {std::tuple{"channels", "channel", std::vector<const char*>{"sampler"}},
              std::tuple{"samplers", "sampler", std::vector<const char*>{"input", "output"}}}) {
            const auto l = an.find(list);
            if (l == an.end()) continue;
            if (!l->is_array()) return make_error(aw + ": '" + list + "' is not an array");
            for (size_t i = 0; i < l->size(); ++i) {
                const json& e = (*l)[i];
                const std::string what = aw + " " + kind + " " + str(i);
                if (!e.is_object()) return make_error(what + ": is not a JSON object");
                for (const char* field : fields)
                    if (auto st = require(e, what, field, kIndex); !st) return st;
                if (kind == std::string("channel")) {
                    if (auto st = require(e, what, "target", json::value_t::object); !st) return st;
                    if (auto st = require(e["target"], what + " target", "path", json::value_t::string); !st)
                        return st;
                }
            }
        }
    }
    return ok_status();
}

}  // namespace

Status check_schema(const json& doc) {
    if (auto st = check_lists(doc); !st) return st;
    if (auto st = check_accessors(doc); !st) return st;
    if (auto st = check_views_and_images(doc); !st) return st;
    for (size_t i = 0; i < count_of(doc, "buffers"); ++i)
        if (auto st = require(doc["buffers"][i], named("buffer", i, doc["buffers"][i]), "byteLength", kIndex);
            !st)
            return st;
    if (auto st = check_meshes_nodes_skins(doc); !st) return st;
    return check_animations(doc);
}

}  // namespace sv::anim::gltf

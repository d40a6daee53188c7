// The glTF writer (anim/gltf/gltf_write.h): by hand with nlohmann_json rather than through
// tinygltf's writer, so the bytes depend only on the Asset (key order is nlohmann's sorted order,
// numbers print the same on every run) and the byte-reproducibility test has something to hold.
#include "anim/gltf/gltf_write.h"

#include <stb/stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "gltf_animation_pointer.h"
#include "vrm_write.h"

namespace sv::anim {

namespace {

using json = nlohmann::json;

constexpr int kFloat = 5126, kU16 = 5123, kU32 = 5125;

struct Writer {
    json doc;
    std::vector<std::uint8_t> bin;

    int view(const void* data, size_t bytes, int target) {
        while (bin.size() % 4) bin.push_back(0);
        const size_t off = bin.size();
        bin.resize(off + bytes);
        if (bytes) std::memcpy(bin.data() + off, data, bytes);
        json v = {{"buffer", 0}, {"byteOffset", off}, {"byteLength", bytes}};
        if (target) v["target"] = target;
        doc["bufferViews"].push_back(v);
        return static_cast<int>(doc["bufferViews"].size()) - 1;
    }
    int accessor(const void* data, size_t count, int ctype, const char* type, size_t elem_bytes, int target,
                 json min = nullptr, json max = nullptr) {
        json a = {{"bufferView", view(data, count * elem_bytes, target)},
                  {"componentType", ctype},
                  {"count", count},
                  {"type", type}};
        if (!min.is_null()) a["min"] = min;
        if (!max.is_null()) a["max"] = max;
        doc["accessors"].push_back(a);
        return static_cast<int>(doc["accessors"].size()) - 1;
    }
};

std::string base64(const std::vector<std::uint8_t>& in) {
    static const char* t = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string s;
    size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        const unsigned v = unsigned(in[i]) << 16 | unsigned(in[i + 1]) << 8 | in[i + 2];
        s += {t[v >> 18], t[(v >> 12) & 63], t[(v >> 6) & 63], t[v & 63]};
    }
    if (i + 1 == in.size()) {
        const unsigned v = unsigned(in[i]) << 16;
        s += {t[v >> 18], t[(v >> 12) & 63], '=', '='};
    } else if (i + 2 == in.size()) {
        const unsigned v = unsigned(in[i]) << 16 | unsigned(in[i + 1]) << 8;
        s += {t[v >> 18], t[(v >> 12) & 63], t[(v >> 6) & 63], '='};
    }
    return s;
}

void use_extension(json& doc, const char* name) {
    json& used = doc["extensionsUsed"];
    for (const auto& e : used)
        if (e == name) return;
    used.push_back(name);
}

// A material's base colour texture, with its sampler and KHR_texture_transform when they are not
// the defaults (the only slot the project's fixtures texture), or when a clip animates that
// transform through a pointer (`animated`): the pointer then names an object the file holds, which
// readers that resolve pointers against the document (the Khronos Sample Renderer) need.
json texture_info(Writer& w, const TextureRef& t, bool animated) {
    json s = json::object();
    if (t.sampler >= 0) s["sampler"] = t.sampler;
    s["source"] = t.image;
    w.doc["textures"].push_back(s);
    json info = {{"index", w.doc["textures"].size() - 1}};
    if (t.tex_coord != 0) info["texCoord"] = t.tex_coord;
    if (animated || t.offset != glm::vec2(0.0f) || t.rotation != 0.0f || t.scale != glm::vec2(1.0f)) {
        info["extensions"]["KHR_texture_transform"] = {{"offset", {t.offset.x, t.offset.y}},
                                                       {"rotation", t.rotation},
                                                       {"scale", {t.scale.x, t.scale.y}}};
        use_extension(w.doc, "KHR_texture_transform");
    }
    return info;
}

void png_to_vector(void* context, void* data, int size) {
    auto* v = static_cast<std::vector<std::uint8_t>*>(context);
    const auto* b = static_cast<const std::uint8_t*>(data);
    v->insert(v->end(), b, b + size);
}

Expected<Writer> build(const Asset& a, const WriteOptions& options) {
    Writer w;
    w.doc["asset"] = {{"version", "2.0"}, {"generator", "skinview asset_builder"}};
    json roots = json::array();
    for (size_t i = 0; i < a.scene.nodes.size(); ++i) {
        const Node& n = a.scene.nodes[i];
        json j = {{"name", n.name}};
        if (!n.children.empty()) j["children"] = n.children;
        if (n.use_matrix) {
            std::vector<double> m;
            for (int k = 0; k < 16; ++k) m.push_back(n.matrix[k / 4][k % 4]);
            j["matrix"] = m;
        } else {
            if (n.translation != glm::dvec3(0.0))
                j["translation"] = {n.translation.x, n.translation.y, n.translation.z};
            if (n.rotation != glm::dquat(1, 0, 0, 0))
                j["rotation"] = {n.rotation.x, n.rotation.y, n.rotation.z, n.rotation.w};
            if (n.scale != glm::dvec3(1.0)) j["scale"] = {n.scale.x, n.scale.y, n.scale.z};
        }
        if (n.mesh >= 0) j["mesh"] = n.mesh;
        if (n.skin >= 0) j["skin"] = n.skin;
        if (n.light >= 0) j["extensions"]["KHR_lights_punctual"] = {{"light", n.light}};
        w.doc["nodes"].push_back(j);
        if (n.parent < 0) roots.push_back(i);
    }
    w.doc["scenes"] = json::array({{{"nodes", roots}}});
    w.doc["scene"] = 0;
    for (const Mesh& m : a.meshes) {
        json jm = {{"name", m.name}, {"primitives", json::array()}};
        for (const Primitive& p : m.primitives) {
            json attrs;
            glm::vec3 lo(INFINITY), hi(-INFINITY);
            for (const auto& v : p.positions) lo = glm::min(lo, v), hi = glm::max(hi, v);
            attrs["POSITION"] = w.accessor(p.positions.data(), p.positions.size(), kFloat, "VEC3", 12, 34962,
                                           {lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z});
            if (!p.normals.empty())
                attrs["NORMAL"] = w.accessor(p.normals.data(), p.normals.size(), kFloat, "VEC3", 12, 34962);
            if (!p.uvs.empty())
                attrs["TEXCOORD_0"] = w.accessor(p.uvs.data(), p.uvs.size(), kFloat, "VEC2", 8, 34962);
            if (!p.joints.empty()) {
                if (!p.influences_consistent())
                    return make_error("mesh '" + m.name +
                                      "': a primitive's joints and weights disagree with its " +
                                      std::to_string(p.positions.size()) + " vertices (" +
                                      std::to_string(p.extra_influences) + " extra influences a vertex)");
                // Sets as glTF numbers them: one when slots 4-7 are all zero and there is no
                // overflow, else every set the primitive holds (the overflow's zero sets too, so
                // a file read back has the layout it was written from), the last padded with
                // (joint 0, weight 0) when the overflow is not a multiple of four.
                bool second = p.extra_influences > 0;
                for (const auto& wt : p.weights)
                    for (int k = 4; k < kInlineInfluences; ++k) second |= wt[static_cast<size_t>(k)] != 0.0f;
                const int slots = p.influence_count();
                const int sets = second ? (slots + 3) / 4 : 1;
                for (int set = 0; set < sets; ++set) {
                    std::vector<std::uint16_t> js;
                    std::vector<float> ws;
                    for (size_t v = 0; v < p.joints.size(); ++v)
                        for (int k = 0; k < 4; ++k) {
                            const int slot = set * 4 + k;
                            js.push_back(slot < slots ? p.influence_joint(v, slot) : std::uint16_t(0));
                            ws.push_back(slot < slots ? p.influence_weight(v, slot) : 0.0f);
                        }
                    const std::string s = std::to_string(set);
                    attrs["JOINTS_" + s] = w.accessor(js.data(), p.joints.size(), kU16, "VEC4", 8, 34962);
                    attrs["WEIGHTS_" + s] =
                        w.accessor(ws.data(), p.weights.size(), kFloat, "VEC4", 16, 34962);
                }
            }
            json jp = {{"attributes", attrs}, {"mode", 4}};
            // Morph targets: position displacements only (what the project's avatars carry).
            for (const MorphTarget& t : p.targets) {
                glm::vec3 tlo(INFINITY), thi(-INFINITY);
                for (const auto& v : t.positions) tlo = glm::min(tlo, v), thi = glm::max(thi, v);
                jp["targets"].push_back(
                    {{"POSITION", w.accessor(t.positions.data(), t.positions.size(), kFloat, "VEC3", 12,
                                             34962, {tlo.x, tlo.y, tlo.z}, {thi.x, thi.y, thi.z})}});
            }
            jp["indices"] = w.accessor(p.indices.data(), p.indices.size(), kU32, "SCALAR", 4, 34963);
            if (p.material >= 0) jp["material"] = p.material;
            jm["primitives"].push_back(jp);
        }
        if (!m.weights.empty() &&
            std::any_of(m.weights.begin(), m.weights.end(), [](float x) { return x != 0.0f; }))
            jm["weights"] = m.weights;
        w.doc["meshes"].push_back(jm);
    }
    // Images as PNG in the binary buffer (stb's writer: deterministic for the same pixels).
    for (const Image& img : a.images) {
        std::vector<std::uint8_t> png;
        if (img.width <= 0 || img.height <= 0 ||
            img.rgba.size() != static_cast<size_t>(img.width) * static_cast<size_t>(img.height) * 4 ||
            !stbi_write_png_to_func(png_to_vector, &png, img.width, img.height, 4, img.rgba.data(),
                                    img.width * 4))
            return make_error("glTF writer: image '" + img.name + "' cannot be encoded as PNG");
        w.doc["images"].push_back({{"name", img.name},
                                   {"mimeType", "image/png"},
                                   {"bufferView", w.view(png.data(), png.size(), 0)}});
    }
    for (const Sampler& s : a.samplers) {
        json js = {{"wrapS", s.wrap_s}, {"wrapT", s.wrap_t}};
        if (s.mag_filter) js["magFilter"] = s.mag_filter;
        if (s.min_filter) js["minFilter"] = s.min_filter;
        w.doc["samplers"].push_back(js);
    }
    // Materials whose base colour texture transform a clip animates.
    std::vector<bool> animated_transform(a.materials.size(), false);
    for (const Clip& c : a.clips)
        for (const PropertyChannel& ch : c.properties) {
            const AnimatedProperty p = ch.target.property;
            if ((p == AnimatedProperty::TextureOffset || p == AnimatedProperty::TextureRotation ||
                 p == AnimatedProperty::TextureScale) &&
                ch.target.slot == TextureSlot::BaseColor && ch.target.index >= 0 &&
                static_cast<size_t>(ch.target.index) < a.materials.size())
                animated_transform[static_cast<size_t>(ch.target.index)] = true;
        }
    for (size_t mi = 0; mi < a.materials.size(); ++mi) {
        const Material& m = a.materials[mi];
        json jm = {{"name", m.name},
                   {"pbrMetallicRoughness",
                    {{"baseColorFactor", {m.base_color.r, m.base_color.g, m.base_color.b, m.base_color.a}},
                     {"metallicFactor", m.metallic},
                     {"roughnessFactor", m.roughness}}}};
        if (m.base_color_texture.present())
            jm["pbrMetallicRoughness"]["baseColorTexture"] =
                texture_info(w, m.base_color_texture, animated_transform[mi]);
        if (m.emissive != glm::vec3(0.0f)) jm["emissiveFactor"] = {m.emissive.r, m.emissive.g, m.emissive.b};
        // KHR_materials_diffuse_transmission's factors (no texture), only where the factor is
        // above 0: a material without it writes as before.
        if (m.diffuse_transmission > 0.0f) {
            const glm::vec3& c = m.diffuse_transmission_color;
            jm["extensions"]["KHR_materials_diffuse_transmission"] = {
                {"diffuseTransmissionFactor", m.diffuse_transmission},
                {"diffuseTransmissionColorFactor", {c.r, c.g, c.b}}};
            use_extension(w.doc, "KHR_materials_diffuse_transmission");
        }
        // KHR_materials_sheen and KHR_materials_specular by their factors (no textures, as the
        // extension above), only where they differ from the extension's absence.
        if (m.sheen_color != glm::vec3(0.0f)) {
            jm["extensions"]["KHR_materials_sheen"] = {
                {"sheenColorFactor", {m.sheen_color.r, m.sheen_color.g, m.sheen_color.b}},
                {"sheenRoughnessFactor", m.sheen_roughness}};
            use_extension(w.doc, "KHR_materials_sheen");
        }
        if (m.specular != 1.0f || m.specular_color != glm::vec3(1.0f)) {
            jm["extensions"]["KHR_materials_specular"] = {
                {"specularFactor", m.specular},
                {"specularColorFactor", {m.specular_color.r, m.specular_color.g, m.specular_color.b}}};
            use_extension(w.doc, "KHR_materials_specular");
        }
        w.doc["materials"].push_back(jm);
    }
    for (const Light& l : a.lights) {
        static const char* types[] = {"directional", "point", "spot"};
        json jl = {{"name", l.name},
                   {"type", types[static_cast<int>(l.type)]},
                   {"color", {l.color.r, l.color.g, l.color.b}},
                   {"intensity", l.intensity}};
        if (l.range > 0.0f) jl["range"] = l.range;
        if (l.type == Light::Type::Spot)
            jl["spot"] = {{"innerConeAngle", l.inner_cone}, {"outerConeAngle", l.outer_cone}};
        w.doc["extensions"]["KHR_lights_punctual"]["lights"].push_back(jl);
        use_extension(w.doc, "KHR_lights_punctual");
    }
    for (const Skin& s : a.skins) {
        std::vector<float> ib;
        for (const auto& m : s.inverse_bind)
            for (int k = 0; k < 16; ++k) ib.push_back(static_cast<float>(m[k / 4][k % 4]));
        json js = {{"name", s.name}, {"joints", s.joints}};
        js["inverseBindMatrices"] = w.accessor(ib.data(), s.inverse_bind.size(), kFloat, "MAT4", 64, 0);
        if (s.skeleton >= 0) js["skeleton"] = s.skeleton;
        w.doc["skins"].push_back(js);
    }
    static const char* paths[] = {"translation", "rotation", "scale", "weights"};
    static const char* interps[] = {"STEP", "LINEAR", "CUBICSPLINE"};
    static const char* vec[] = {"", "", "", "VEC3", "VEC4"};
    for (const Clip& c : a.clips) {
        json jc = {{"name", c.name}, {"channels", json::array()}, {"samplers", json::array()}};
        for (const Channel& ch : c.channels) {
            if (ch.times.empty())
                return make_error("glTF writer: clip '" + c.name + "' has a channel with no keys");
            // The writer serves the project's own characters, which have no morph targets.
            if (ch.path == TargetPath::Weights)
                return make_error("glTF writer: clip '" + c.name +
                                  "' animates morph weights, which it does not write");
            const int in = w.accessor(ch.times.data(), ch.times.size(), kFloat, "SCALAR", 4, 0,
                                      {ch.times.front()}, {ch.times.back()});
            const size_t nc = static_cast<size_t>(ch.components());
            const int out = w.accessor(ch.values.data(), ch.values.size() / nc, kFloat, vec[nc], nc * 4, 0);
            jc["samplers"].push_back({{"input", in},
                                      {"output", out},
                                      {"interpolation", interps[static_cast<int>(ch.interpolation)]}});
            json target = {{"node", ch.node}, {"path", paths[static_cast<int>(ch.path)]}};
            if (options.node_pointers) {
                target = {{"path", "pointer"},
                          {"extensions",
                           {{"KHR_animation_pointer",
                             {{"pointer", "/nodes/" + std::to_string(ch.node) + "/" +
                                              paths[static_cast<int>(ch.path)]}}}}}};
                use_extension(w.doc, "KHR_animation_pointer");
            }
            jc["channels"].push_back({{"sampler", jc["samplers"].size() - 1}, {"target", target}});
        }
        // Material, light and camera properties as KHR_animation_pointer channels (node channels
        // too with WriteOptions::node_pointers, above).
        static const char* vecs[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};
        for (const PropertyChannel& ch : c.properties) {
            const std::string pointer = gltf::animation_pointer(ch.target);
            if (ch.times.empty() || pointer.empty())
                return make_error("glTF writer: clip '" + c.name +
                                  "' has a property channel it cannot write");
            const int in = w.accessor(ch.times.data(), ch.times.size(), kFloat, "SCALAR", 4, 0,
                                      {ch.times.front()}, {ch.times.back()});
            const size_t nc = static_cast<size_t>(ch.components());
            const int out = w.accessor(ch.values.data(), ch.values.size() / nc, kFloat, vecs[nc], nc * 4, 0);
            jc["samplers"].push_back({{"input", in},
                                      {"output", out},
                                      {"interpolation", interps[static_cast<int>(ch.interpolation)]}});
            jc["channels"].push_back(
                {{"sampler", jc["samplers"].size() - 1},
                 {"target",
                  {{"path", "pointer"},
                   {"extensions", {{"KHR_animation_pointer", {{"pointer", pointer}}}}}}}});
            use_extension(w.doc, "KHR_animation_pointer");
        }
        w.doc["animations"].push_back(jc);
    }
    if (auto st = gltf::write_vrm(a.vrm, w.doc); !st) return st.error();
    gltf::write_mtoon(a, w.doc);
    while (w.bin.size() % 4) w.bin.push_back(0);
    return w;
}

void put32(std::vector<std::uint8_t>& v, std::uint32_t x) {
    for (int i = 0; i < 4; ++i) v.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
}

}  // namespace

Expected<std::vector<std::uint8_t>> write_glb(const Asset& asset, const WriteOptions& options) {
    auto w = build(asset, options);
    if (!w) return w.error();
    w->doc["buffers"] = json::array({{{"byteLength", w->bin.size()}}});
    std::string text = w->doc.dump();
    while (text.size() % 4) text += ' ';
    std::vector<std::uint8_t> out;
    put32(out, 0x46546C67);  // "glTF"
    put32(out, 2);
    put32(out, static_cast<std::uint32_t>(12 + 8 + text.size() + 8 + w->bin.size()));
    put32(out, static_cast<std::uint32_t>(text.size()));
    put32(out, 0x4E4F534A);  // "JSON"
    out.insert(out.end(), text.begin(), text.end());
    put32(out, static_cast<std::uint32_t>(w->bin.size()));
    put32(out, 0x004E4942);  // "BIN\0"
    out.insert(out.end(), w->bin.begin(), w->bin.end());
    return out;
}

Status write_gltf_file(const Asset& asset, const std::string& path, const WriteOptions& options) {
    std::vector<std::uint8_t> bytes;
    // .vrm and .vrma are GLB containers by their specifications.
    const auto ends = [&](const std::string& e) {
        return path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
    };
    const bool glb = ends(".glb") || ends(".vrm") || ends(".vrma");
    if (glb) {
        auto b = write_glb(asset, options);
        if (!b) return b.error();
        bytes = std::move(*b);
    } else {
        auto w = build(asset, options);
        if (!w) return w.error();
        w->doc["buffers"] =
            json::array({{{"byteLength", w->bin.size()},
                          {"uri", "data:application/octet-stream;base64," + base64(w->bin)}}});
        const std::string text = w->doc.dump(1);
        bytes.assign(text.begin(), text.end());
    }
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) return make_error("glTF writer: cannot open '" + path + "' for writing");
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!f) return make_error("glTF writer: writing '" + path + "' failed");
    return ok_status();
}

}  // namespace sv::anim

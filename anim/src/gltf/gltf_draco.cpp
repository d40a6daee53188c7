#include "gltf_draco.h"

#include <cstring>

#ifdef SKINVIEW_HAVE_DRACO
#include <draco/compression/decode.h>
#endif

#include "gltf_accessor.h"
#include "gltf_names.h"

namespace sv::anim::gltf {

namespace {

using nlohmann::json;
const char* const kExt = "KHR_draco_mesh_compression";

}  // namespace

Status describe_draco(json& doc, std::vector<DracoPrimitive>& out, bool& edited) {
    const auto meshes = doc.find("meshes");
    if (meshes == doc.end() || !meshes->is_array()) return ok_status();
    const size_t nviews = count_of(doc, "bufferViews");
    const size_t naccessors = count_of(doc, "accessors");
    for (size_t mi = 0; mi < meshes->size(); ++mi) {
        json& mesh = (*meshes)[mi];
        if (!mesh.is_object() || !mesh.contains("primitives") || !mesh["primitives"].is_array()) continue;
        for (size_t pi = 0; pi < mesh["primitives"].size(); ++pi) {
            json& p = mesh["primitives"][pi];
            const json* ext = extension_of(p, kExt);
            if (!ext) continue;
            const std::string what = "mesh " + str(mi) + " primitive " + str(pi) + " (" + kExt + ")";
            const json& x = *ext;
            if (!x.is_object() || !x.contains("bufferView") || !x["bufferView"].is_number_unsigned())
                return make_error(what +
                                  ": 'bufferView' is missing or not a non-negative integer (required)");
            DracoPrimitive d;
            d.mesh = mi;
            d.primitive = pi;
            d.view = x["bufferView"].get<size_t>();
            if (d.view >= nviews)
                return make_error(what + ": buffer view " + str(d.view) + " is out of range (" + str(nviews) +
                                  " buffer views)");
            if (!x.contains("attributes") || !x["attributes"].is_object())
                return make_error(what + ": 'attributes' is missing or not an object (required)");
            for (const auto& [name, id] : x["attributes"].items()) {
                if (!id.is_number_unsigned() || id.get<size_t>() > 255)
                    return make_error(what + ": attribute " + name + " has no valid Draco id");
                d.attributes[name] = id.get<int>();
            }
            // tinygltf refuses a primitive whose indices accessor has no buffer view, which is how a
            // Draco primitive's is written: hidden from it here, restored once decoded.
            if (p.contains("indices") && p["indices"].is_number_unsigned() &&
                p["indices"].get<size_t>() < naccessors) {
                const json& acc = doc["accessors"][p["indices"].get<size_t>()];
                if (acc.is_object() && !acc.contains("bufferView")) {
                    d.indices = p["indices"].get<int>();
                    p.erase("indices");
                    edited = true;
                }
            }
            out.push_back(std::move(d));
        }
    }
    return ok_status();
}

#ifdef SKINVIEW_HAVE_DRACO

namespace {

// Appends `bytes` as a new buffer view of a new buffer and points accessor `a` at it.
void attach(tinygltf::Model& m, int a, std::vector<unsigned char> bytes) {
    tinygltf::Buffer b;
    b.data = std::move(bytes);
    tinygltf::BufferView v;
    v.buffer = static_cast<int>(m.buffers.size());
    v.byteOffset = 0;
    v.byteLength = b.data.size();
    m.buffers.push_back(std::move(b));
    m.bufferViews.push_back(v);
    auto& acc = m.accessors[static_cast<size_t>(a)];
    acc.bufferView = static_cast<int>(m.bufferViews.size()) - 1;
    acc.byteOffset = 0;
    acc.sparse.isSparse = false;
}

template <class T>
bool convert_attribute(const draco::Mesh& mesh, const draco::PointAttribute& att, size_t comps,
                       std::vector<unsigned char>& out) {
    out.resize(mesh.num_points() * comps * sizeof(T));
    std::vector<T> value(comps);
    for (draco::PointIndex i(0); i < mesh.num_points(); ++i) {
        if (!att.ConvertValue<T>(att.mapped_index(i), static_cast<int8_t>(comps), value.data())) return false;
        std::memcpy(out.data() + i.value() * comps * sizeof(T), value.data(), comps * sizeof(T));
    }
    return true;
}

Status decode_one(tinygltf::Model& m, const DracoPrimitive& d) {
    const std::string what = "mesh " + str(d.mesh) + " primitive " + str(d.primitive) + " (" + kExt + ")";
    if (d.mesh >= m.meshes.size() || d.primitive >= m.meshes[d.mesh].primitives.size())
        return make_error(what + ": the primitive is missing");
    tinygltf::Primitive& p = m.meshes[d.mesh].primitives[d.primitive];
    const tinygltf::BufferView& bv = m.bufferViews[d.view];
    if (bv.buffer < 0 || static_cast<size_t>(bv.buffer) >= m.buffers.size())
        return make_error(what + ": buffer view " + str(d.view) + " names a missing buffer");
    const auto& data = m.buffers[static_cast<size_t>(bv.buffer)].data;
    if (bv.byteOffset > data.size() || bv.byteLength > data.size() - bv.byteOffset)
        return make_error(what + ": buffer view " + str(d.view) + " runs past the end of its buffer");
    draco::DecoderBuffer in;
    in.Init(reinterpret_cast<const char*>(data.data() + bv.byteOffset), bv.byteLength);
    draco::Decoder decoder;
    auto decoded = decoder.DecodeMeshFromBuffer(&in);
    if (!decoded.ok())
        return make_error(what + ": the Draco stream does not decode (" +
                          decoded.status().error_msg_string() + ")");
    const std::unique_ptr<draco::Mesh> mesh = std::move(decoded).value();
    for (const auto& [name, id] : d.attributes) {
        const auto it = p.attributes.find(name);
        if (it == p.attributes.end()) continue;  // an attribute only the stream has: nothing reads it
        if (it->second < 0 || static_cast<size_t>(it->second) >= m.accessors.size())
            return make_error(what + ": " + name + " accessor " + str(static_cast<size_t>(it->second)) +
                              " is out of range");
        const tinygltf::Accessor& acc = m.accessors[static_cast<size_t>(it->second)];
        const draco::PointAttribute* att = mesh->GetAttributeByUniqueId(static_cast<std::uint32_t>(id));
        if (!att)
            return make_error(what + ": " + name + " names Draco attribute " + str(static_cast<size_t>(id)) +
                              ", which the stream lacks");
        if (acc.count != mesh->num_points())
            return make_error(what + ": " + name + " accessor count " + str(acc.count) +
                              " is not the stream's " + str(mesh->num_points()) + " points");
        const size_t comps = static_cast<size_t>(component_count(acc.type));
        std::vector<unsigned char> bytes;
        bool ok = false;
        switch (acc.componentType) {
            case TINYGLTF_COMPONENT_TYPE_FLOAT:
                ok = convert_attribute<float>(*mesh, *att, comps, bytes);
                break;
            case TINYGLTF_COMPONENT_TYPE_BYTE:
                ok = convert_attribute<std::int8_t>(*mesh, *att, comps, bytes);
                break;
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
                ok = convert_attribute<std::uint8_t>(*mesh, *att, comps, bytes);
                break;
            case TINYGLTF_COMPONENT_TYPE_SHORT:
                ok = convert_attribute<std::int16_t>(*mesh, *att, comps, bytes);
                break;
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
                ok = convert_attribute<std::uint16_t>(*mesh, *att, comps, bytes);
                break;
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
                ok = convert_attribute<std::uint32_t>(*mesh, *att, comps, bytes);
                break;
            default:
                break;
        }
        if (!ok || comps == 0)
            return make_error(what + ": " + name + " does not convert to its accessor's " + str(comps) +
                              " components of type " + str(static_cast<size_t>(acc.componentType)));
        attach(m, it->second, std::move(bytes));
    }
    if (d.indices >= 0) {
        if (static_cast<size_t>(d.indices) >= m.accessors.size())
            return make_error(what + ": indices accessor " + str(static_cast<size_t>(d.indices)) +
                              " is out of range");
        const tinygltf::Accessor& acc = m.accessors[static_cast<size_t>(d.indices)];
        const size_t n = mesh->num_faces() * 3;
        if (acc.count != n)
            return make_error(what + ": indices accessor count " + str(acc.count) + " is not the stream's " +
                              str(n) + " (" + str(mesh->num_faces()) + " triangles)");
        std::vector<std::uint32_t> idx(n);
        for (draco::FaceIndex f(0); f < mesh->num_faces(); ++f)
            for (int c = 0; c < 3; ++c)
                idx[f.value() * 3 + static_cast<size_t>(c)] = mesh->face(f)[c].value();
        std::vector<unsigned char> bytes(n * 4);
        std::memcpy(bytes.data(), idx.data(), bytes.size());
        attach(m, d.indices, std::move(bytes));
        m.accessors[static_cast<size_t>(d.indices)].componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
        p.indices = d.indices;
    }
    return ok_status();
}

}  // namespace

Status decode_draco(tinygltf::Model& m, const std::vector<DracoPrimitive>& primitives) {
    for (const DracoPrimitive& d : primitives)
        if (auto st = decode_one(m, d); !st) return st;
    return ok_status();
}

#else

// Without the decoder a file that requires the extension was refused by name; one that only uses
// it carries plain data beside the stream, read as it is (the hidden indices are restored).
Status decode_draco(tinygltf::Model& m, const std::vector<DracoPrimitive>& primitives) {
    for (const DracoPrimitive& d : primitives)
        if (d.indices >= 0 && d.mesh < m.meshes.size() && d.primitive < m.meshes[d.mesh].primitives.size())
            m.meshes[d.mesh].primitives[d.primitive].indices = d.indices;
    return ok_status();
}

#endif

}  // namespace sv::anim::gltf

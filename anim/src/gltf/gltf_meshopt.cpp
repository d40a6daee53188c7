#include "gltf_meshopt.h"

#include <algorithm>
#include <tuple>

#include "gltf_names.h"

#ifdef SKINVIEW_HAVE_MESHOPT
#include <meshoptimizer.h>
#endif

namespace sv::anim::gltf {

namespace {

using nlohmann::json;
const char* const kExt = "EXT_meshopt_compression";

const json* extension_of(const json& e) { return gltf::extension_of(e, kExt); }

Expected<size_t> unsigned_field(const json& o, const char* key, const std::string& what, bool required,
                                size_t fallback = 0) {
    const auto f = o.find(key);
    if (f == o.end()) {
        if (required) return make_error(what + ": '" + key + "' is missing (required)");
        return fallback;
    }
    if (!f->is_number_unsigned()) return make_error(what + ": '" + key + "' is not a non-negative integer");
    return f->get<size_t>();
}

// glTF's EXT_meshopt_compression: which strides each mode and filter allows.
Status check_layout(const MeshoptView& v, const std::string& what) {
    if (v.mode == "ATTRIBUTES") {
        if (v.stride == 0 || v.stride % 4 != 0 || v.stride > 256)
            return make_error(what + ": ATTRIBUTES byteStride " + str(v.stride) +
                              " is not a multiple of 4 in 4..256");
    } else if (v.mode == "TRIANGLES" || v.mode == "INDICES") {
        if (v.stride != 2 && v.stride != 4)
            return make_error(what + ": " + v.mode + " byteStride " + str(v.stride) + " is not 2 or 4");
        if (v.mode == "TRIANGLES" && v.count % 3 != 0)
            return make_error(what + ": TRIANGLES count " + str(v.count) +
                              " is not a whole number of triangles");
        if (v.filter != "NONE") return make_error(what + ": filter " + v.filter + " is only for ATTRIBUTES");
    } else {
        return make_error(what + ": mode '" + v.mode + "' is not ATTRIBUTES, TRIANGLES or INDICES");
    }
    if (v.filter == "OCTAHEDRAL" && v.stride != 4 && v.stride != 8)
        return make_error(what + ": OCTAHEDRAL filter needs byteStride 4 or 8, not " + str(v.stride));
    if (v.filter == "QUATERNION" && v.stride != 8)
        return make_error(what + ": QUATERNION filter needs byteStride 8, not " + str(v.stride));
    if (v.filter != "NONE" && v.filter != "OCTAHEDRAL" && v.filter != "QUATERNION" &&
        v.filter != "EXPONENTIAL")
        return make_error(what + ": filter '" + v.filter +
                          "' is not NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL");
    return ok_status();
}

}  // namespace

Status describe_meshopt(json& doc, std::vector<MeshoptView>& views, std::vector<FallbackBuffer>& fallbacks,
                        bool& edited) {
    const auto buffers = doc.find("buffers");
    const size_t nbuffers = count_of(doc, "buffers");
    size_t total = 0;
    for (size_t b = 0; b < nbuffers; ++b) {
        json& buf = (*buffers)[b];
        const json* x = extension_of(buf);
        if (!x || !x->is_object() || !x->value("fallback", false) || buf.contains("uri")) continue;
        const std::string what = "buffer " + str(b) + " (" + kExt + " fallback)";
        auto length = unsigned_field(buf, "byteLength", what, true);
        if (!length) return length.error();
        // The limit holds for all fallback buffers together: many at the limit each would add up.
        if (*length > kMaxFallbackBytes - total)
            return make_error(what + ": byteLength " + str(*length) + " is past the limit of " +
                              str(kMaxFallbackBytes) + " bytes for decoded data" +
                              (total ? " (with the fallback buffers before it)" : ""));
        total += *length;
        fallbacks.push_back({b, *length});
        buf["uri"] = "data:application/octet-stream;base64,AA==";
        buf["byteLength"] = size_t{1};
        edited = true;
    }
    const auto list = doc.find("bufferViews");
    if (list == doc.end() || !list->is_array()) return ok_status();
    for (size_t i = 0; i < list->size(); ++i) {
        const json* x = extension_of((*list)[i]);
        if (!x) continue;
        const std::string what = "buffer view " + str(i) + " (" + kExt + ")";
        if (!x->is_object()) return make_error(what + ": is not a JSON object");
        MeshoptView v;
        v.view = i;
        for (auto [field, dst, required] : {std::tuple{"buffer", &v.buffer, true},
                                            {"byteOffset", &v.offset, false},
                                            {"byteLength", &v.length, true},
                                            {"byteStride", &v.stride, true},
                                            {"count", &v.count, true}}) {
            auto f = unsigned_field(*x, field, what, required);
            if (!f) return f.error();
            *dst = *f;
        }
        if (v.buffer >= nbuffers)
            return make_error(what + ": buffer " + str(v.buffer) + " is out of range (" + str(nbuffers) +
                              " buffers)");
        const auto mode = x->find("mode");
        if (mode == x->end() || !mode->is_string())
            return make_error(what + ": 'mode' is missing (required)");
        v.mode = mode->get<std::string>();
        const auto filter = x->find("filter");
        v.filter = filter != x->end() && filter->is_string() ? filter->get<std::string>() : "NONE";
        if (auto st = check_layout(v, what); !st) return st;
        views.push_back(v);
    }
    return ok_status();
}

#ifdef SKINVIEW_HAVE_MESHOPT

bool meshopt_available() { return true; }

Status decode_meshopt(tinygltf::Model& m, const std::vector<MeshoptView>& views,
                      const std::vector<FallbackBuffer>& fallbacks) {
    for (const FallbackBuffer& f : fallbacks) m.buffers[f.buffer].data.assign(f.byte_length, 0);
    for (const MeshoptView& v : views) {
        const std::string what = "buffer view " + str(v.view) + " (" + kExt + ")";
        const auto& src = m.buffers[v.buffer].data;
        if (v.offset > src.size() || v.length > src.size() - v.offset)
            return make_error(what + ": the compressed stream (offset " + str(v.offset) + ", length " +
                              str(v.length) + ") runs past the end of buffer " + str(v.buffer) + " (" +
                              str(src.size()) + " bytes)");
        const tinygltf::BufferView& bv = m.bufferViews[v.view];
        if (bv.buffer < 0 || static_cast<size_t>(bv.buffer) >= m.buffers.size())
            return make_error(what + ": its buffer " + str(static_cast<size_t>(bv.buffer)) +
                              " is out of range");
        auto& dst = m.buffers[static_cast<size_t>(bv.buffer)].data;
        // The decoded elements fill the view exactly (the extension's byteLength = count * byteStride).
        if (v.count > bv.byteLength / v.stride || v.count * v.stride != bv.byteLength)
            return make_error(what + ": count " + str(v.count) + " x byteStride " + str(v.stride) +
                              " is not the view's byteLength " + str(bv.byteLength));
        if (bv.byteOffset > dst.size() || bv.byteLength > dst.size() - bv.byteOffset)
            return make_error(what + ": the decoded view (offset " + str(bv.byteOffset) + ", length " +
                              str(bv.byteLength) + ") runs past the end of buffer " +
                              str(static_cast<size_t>(bv.buffer)) + " (" + str(dst.size()) + " bytes)");
        // Decoded into a scratch copy first: src and dst may be the same buffer.
        std::vector<unsigned char> out(bv.byteLength);
        const unsigned char* in = src.data() + v.offset;
        int rc = 0;
        if (v.mode == "ATTRIBUTES")
            rc = meshopt_decodeVertexBuffer(out.data(), v.count, v.stride, in, v.length);
        else if (v.mode == "TRIANGLES")
            rc = meshopt_decodeIndexBuffer(out.data(), v.count, v.stride, in, v.length);
        else
            rc = meshopt_decodeIndexSequence(out.data(), v.count, v.stride, in, v.length);
        if (rc != 0)
            return make_error(what + ": the " + v.mode + " stream does not decode (meshoptimizer error " +
                              std::to_string(rc) + ")");
        if (v.filter == "OCTAHEDRAL")
            meshopt_decodeFilterOct(out.data(), v.count, v.stride);
        else if (v.filter == "QUATERNION")
            meshopt_decodeFilterQuat(out.data(), v.count, v.stride);
        else if (v.filter == "EXPONENTIAL")
            meshopt_decodeFilterExp(out.data(), v.count, v.stride);
        std::copy(out.begin(), out.end(), dst.begin() + static_cast<long>(bv.byteOffset));
    }
    return ok_status();
}

#else

bool meshopt_available() { return false; }

// Without the decoder the extension is only ever optional here (a file that requires it was
// refused by name): each view's own buffer then holds real fallback data, which is read as it is.
Status decode_meshopt(tinygltf::Model&, const std::vector<MeshoptView>&, const std::vector<FallbackBuffer>&) {
    return ok_status();
}

#endif

}  // namespace sv::anim::gltf

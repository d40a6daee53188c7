// 3.6 Accessors, read literally. Nothing here is from anim/.
#include "gltf_spec_accessor.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace sv::test::spec {

namespace {

namespace tg = tinygltf;

std::string str(size_t v) { return std::to_string(v); }
std::string str(int v) { return std::to_string(v); }

int components_of(int type) {
    switch (type) {
        case TINYGLTF_TYPE_SCALAR:
            return 1;
        case TINYGLTF_TYPE_VEC2:
            return 2;
        case TINYGLTF_TYPE_VEC3:
            return 3;
        case TINYGLTF_TYPE_VEC4:
            return 4;
        case TINYGLTF_TYPE_MAT4:
            return 16;
        default:
            return 0;  // MAT2/MAT3 of small types carry column padding; no vertex data needs them
    }
}

int size_of(int component_type) {
    switch (component_type) {
        case TINYGLTF_COMPONENT_TYPE_BYTE:
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
            return 1;
        case TINYGLTF_COMPONENT_TYPE_SHORT:
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
            return 2;
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
        case TINYGLTF_COMPONENT_TYPE_FLOAT:
            return 4;
        default:
            return 0;
    }
}

// 3.11 "Animation samplers" / KHR_mesh_quantization: the decoding formulas for normalized integers
// (signed ones clamp at -1 so both -128 and -127 mean -1); plain integers keep their value.
double decode(const unsigned char* p, int component_type, bool normalized) {
    switch (component_type) {
        case TINYGLTF_COMPONENT_TYPE_BYTE: {
            int8_t c;
            std::memcpy(&c, p, 1);
            return normalized ? std::max(c / 127.0, -1.0) : c;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
            return normalized ? p[0] / 255.0 : p[0];
        case TINYGLTF_COMPONENT_TYPE_SHORT: {
            int16_t c;
            std::memcpy(&c, p, 2);
            return normalized ? std::max(c / 32767.0, -1.0) : c;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
            uint16_t c;
            std::memcpy(&c, p, 2);
            return normalized ? c / 65535.0 : c;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
            uint32_t c;
            std::memcpy(&c, p, 4);
            return c;
        }
        default: {
            float c;
            std::memcpy(&c, p, 4);
            return c;
        }
    }
}

// The bytes [offset, offset + stride * (count - 1) + element) of a buffer view, bounds-checked.
std::string view_bytes(const tg::Model& m, int view, size_t offset, size_t stride, size_t count,
                       size_t element, const std::string& what, const unsigned char** out) {
    if (view < 0 || view >= static_cast<int>(m.bufferViews.size()))
        return what + ": no bufferView " + str(view);
    const tg::BufferView& bv = m.bufferViews[static_cast<size_t>(view)];
    if (bv.extensions.count("EXT_meshopt_compression") || bv.extensions.count("KHR_meshopt_compression"))
        return what + ": bufferView " + str(view) +
               " is meshopt-compressed, which this evaluator does not decode";
    if (bv.buffer < 0 || bv.buffer >= static_cast<int>(m.buffers.size()))
        return what + ": no buffer " + str(bv.buffer);
    const auto& data = m.buffers[static_cast<size_t>(bv.buffer)].data;
    const size_t need = count == 0 ? 0 : offset + stride * (count - 1) + element;
    if (need > bv.byteLength || bv.byteOffset + bv.byteLength > data.size())
        return what + ": reads past bufferView " + str(view) + " (" + str(need) + " of " +
               str(bv.byteLength) + " bytes)";
    *out = data.data() + bv.byteOffset + offset;
    return "";
}

}  // namespace

std::string read_accessor(const tg::Model& m, int index, Data* d) {
    const std::string what = "accessor " + str(index);
    if (index < 0 || index >= static_cast<int>(m.accessors.size())) return what + ": no such accessor";
    const tg::Accessor& a = m.accessors[static_cast<size_t>(index)];
    d->count = a.count;
    d->width = components_of(a.type);
    const size_t csize = static_cast<size_t>(size_of(a.componentType));
    if (d->width == 0 || csize == 0)
        return what + ": type " + str(a.type) + " / componentType " + str(a.componentType) +
               " is not evaluated";
    const size_t w = static_cast<size_t>(d->width);
    const size_t element = csize * w;
    d->v.assign(a.count * w, 0.0);
    if (a.bufferView >= 0) {
        if (a.bufferView >= static_cast<int>(m.bufferViews.size()))
            return what + ": no bufferView " + str(a.bufferView);
        const size_t stride = m.bufferViews[static_cast<size_t>(a.bufferView)].byteStride;
        const size_t step = stride ? stride : element;
        const unsigned char* p = nullptr;
        auto e = view_bytes(m, a.bufferView, a.byteOffset, step, a.count, element, what, &p);
        if (!e.empty()) return e;
        for (size_t i = 0; i < a.count; ++i)
            for (size_t c = 0; c < w; ++c)
                d->v[i * w + c] = decode(p + i * step + c * csize, a.componentType, a.normalized);
    }
    if (a.sparse.isSparse) {
        const size_t n = static_cast<size_t>(std::max(a.sparse.count, 0));
        const int itype = a.sparse.indices.componentType;
        const size_t isize = static_cast<size_t>(size_of(itype));
        if (isize == 0 || itype == TINYGLTF_COMPONENT_TYPE_BYTE || itype == TINYGLTF_COMPONENT_TYPE_SHORT ||
            itype == TINYGLTF_COMPONENT_TYPE_FLOAT)
            return what + ": sparse indices componentType " + str(itype) + " is not an unsigned integer";
        const unsigned char* ip = nullptr;
        const unsigned char* vp = nullptr;
        auto e = view_bytes(m, a.sparse.indices.bufferView, static_cast<size_t>(a.sparse.indices.byteOffset),
                            isize, n, isize, what + " sparse indices", &ip);
        if (e.empty())
            e = view_bytes(m, a.sparse.values.bufferView, static_cast<size_t>(a.sparse.values.byteOffset),
                           element, n, element, what + " sparse values", &vp);
        if (!e.empty()) return e;
        for (size_t s = 0; s < n; ++s) {
            const double target = decode(ip + s * isize, itype, false);
            if (target >= static_cast<double>(a.count))
                return what + ": sparse index " + str(s) + " is " + std::to_string(target) + ", past count " +
                       str(a.count);
            const size_t i = static_cast<size_t>(target);
            for (size_t c = 0; c < w; ++c)
                d->v[i * w + c] = decode(vp + s * element + c * csize, a.componentType, a.normalized);
        }
    }
    return "";
}

}  // namespace sv::test::spec

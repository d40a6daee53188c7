#include "gltf_accessor.h"

#include <algorithm>
#include <cstring>

#include "anim/gltf/gltf_import.h"
#include "gltf_names.h"

namespace sv::anim::gltf {

namespace {

double read_component(const std::uint8_t* p, int ctype, bool normalized) {
    switch (ctype) {
        case TINYGLTF_COMPONENT_TYPE_FLOAT: {
            float f;
            std::memcpy(&f, p, 4);
            return f;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
            return normalized ? p[0] / 255.0 : p[0];
        case TINYGLTF_COMPONENT_TYPE_BYTE: {
            const auto v = static_cast<std::int8_t>(p[0]);
            return normalized ? std::max(v / 127.0, -1.0) : v;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
            std::uint16_t v;
            std::memcpy(&v, p, 2);
            return normalized ? v / 65535.0 : v;
        }
        case TINYGLTF_COMPONENT_TYPE_SHORT: {
            std::int16_t v;
            std::memcpy(&v, p, 2);
            return normalized ? std::max(v / 32767.0, -1.0) : v;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
            std::uint32_t v;
            std::memcpy(&v, p, 4);
            return v;
        }
        default:
            return 0.0;
    }
}

// The bytes [offset, offset + need) of buffer view `bv_index`, checked against the view and the
// view against its buffer; `name` is the accessor (or its sparse part) for the message.
Expected<const std::uint8_t*> view_bytes(const tinygltf::Model& m, int bv_index, size_t offset, size_t need,
                                         const std::string& name) {
    if (bv_index < 0 || static_cast<size_t>(bv_index) >= m.bufferViews.size())
        return make_error(name + ": buffer view " + str(bv_index) + " is out of range (" +
                          str(m.bufferViews.size()) + " buffer views)");
    const tinygltf::BufferView& bv = m.bufferViews[static_cast<size_t>(bv_index)];
    const std::string bvname = "buffer view " + str(bv_index);
    if (bv.buffer < 0 || static_cast<size_t>(bv.buffer) >= m.buffers.size())
        return make_error(name + ": " + bvname + " names buffer " + str(bv.buffer) + ", which is missing (" +
                          str(m.buffers.size()) + " buffers)");
    const auto& data = m.buffers[static_cast<size_t>(bv.buffer)].data;
    if (bv.byteOffset > data.size() || bv.byteLength > data.size() - bv.byteOffset)
        return make_error(name + ": " + bvname + " (offset " + str(bv.byteOffset) + ", length " +
                          str(bv.byteLength) + ") runs past the end of buffer " + str(bv.buffer) + " (" +
                          str(data.size()) + " bytes): the buffer is short");
    if (offset > bv.byteLength || need > bv.byteLength - offset)
        return make_error(name + ": " + str(need) + " bytes at offset " + str(offset) +
                          " run past the end of " + bvname + " (" + str(bv.byteLength) +
                          " bytes): accessor out of bounds");
    return data.data() + bv.byteOffset + offset;
}

// glTF 2.0 3.6.2.3: a sparse accessor is its base (a buffer view, or zeros) with `count` elements
// substituted at strictly increasing indices. Decoded into doubles once, after every index is
// checked, so no read depends on an unchecked index.
Status decode_sparse(const tinygltf::Model& m, const tinygltf::Accessor& a, const std::string& name,
                     View& v) {
    const auto& s = a.sparse;
    const std::string sname = name + ": sparse";
    if (s.count < 1 || static_cast<size_t>(s.count) > a.count)
        return make_error(sname + " count " + str(s.count) + " is not in 1.." + str(a.count) +
                          " (the accessor's count)");
    const size_t n = static_cast<size_t>(s.count);
    const int itype = s.indices.componentType;
    if (itype != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE && itype != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT &&
        itype != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT)
        return make_error(sname + " indices: component type " + str(itype) +
                          " is not an unsigned integer type");
    if (s.indices.byteOffset < 0 || s.values.byteOffset < 0)
        return make_error(sname + ": a negative byteOffset");
    const size_t isize = static_cast<size_t>(component_size(itype));
    auto ib = view_bytes(m, s.indices.bufferView, static_cast<size_t>(s.indices.byteOffset), n * isize,
                         sname + " indices");
    if (!ib) return ib.error();
    const size_t elem = static_cast<size_t>(component_size(v.ctype)) * static_cast<size_t>(v.comps);
    auto vb = view_bytes(m, s.values.bufferView, static_cast<size_t>(s.values.byteOffset), n * elem,
                         sname + " values");
    if (!vb) return vb.error();

    auto dense = std::make_shared<std::vector<double>>(v.count * static_cast<size_t>(v.comps), 0.0);
    if (v.base)
        for (size_t i = 0; i < v.count; ++i)
            for (int c = 0; c < v.comps; ++c)
                (*dense)[i * static_cast<size_t>(v.comps) + static_cast<size_t>(c)] = v.get(i, c);
    size_t previous = 0;
    for (size_t k = 0; k < n; ++k) {
        const auto index = static_cast<size_t>(read_component(*ib + k * isize, itype, false));
        if (index >= v.count)
            return make_error(sname + " index " + str(k) + " is " + str(index) + ", past the accessor's " +
                              str(v.count) + " elements");
        if (k > 0 && index <= previous)
            return make_error(sname + " index " + str(k) + " is " + str(index) + ", not above the previous " +
                              str(previous) + " (glTF: strictly increasing)");
        previous = index;
        for (int c = 0; c < v.comps; ++c)
            (*dense)[index * static_cast<size_t>(v.comps) + static_cast<size_t>(c)] = read_component(
                *vb + k * elem + static_cast<size_t>(c * component_size(v.ctype)), v.ctype, v.normalized);
    }
    v.dense = std::move(dense);
    v.base = nullptr;
    v.stride = 0;
    return ok_status();
}

bool contains(std::initializer_list<int> list, int x) {
    return std::find(list.begin(), list.end(), x) != list.end();
}

}  // namespace

int component_size(int type) {
    switch (type) {
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

int component_count(int type) {
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
            return 0;
    }
}

double View::get(size_t i, int c) const {
    // `comps` may have been widened by the caller (morph weights read as keys x targets), so the
    // dense index is taken with the current comps, which is how the elements are laid out.
    if (dense) return (*dense)[i * static_cast<size_t>(comps) + static_cast<size_t>(c)];
    if (!base) return 0.0;
    return read_component(base + i * stride + static_cast<size_t>(c * component_size(ctype)), ctype,
                          normalized);
}

std::string accessor_name(const tinygltf::Model& m, int i) {
    std::string s = "accessor " + str(i);
    if (i >= 0 && static_cast<size_t>(i) < m.accessors.size() &&
        !m.accessors[static_cast<size_t>(i)].name.empty())
        s += " ('" + m.accessors[static_cast<size_t>(i)].name + "')";
    return s;
}

Expected<View> read_accessor(const tinygltf::Model& m, int index, const std::string& what, int comps,
                             const TypeRule& rule, bool quantization) {
    if (index < 0 || static_cast<size_t>(index) >= m.accessors.size())
        return make_error(what + ": accessor index " + str(index) + " is out of range (" +
                          str(m.accessors.size()) + " accessors)");
    const tinygltf::Accessor& a = m.accessors[static_cast<size_t>(index)];
    const std::string name = what + ": " + accessor_name(m, index);
    if (component_count(a.type) != comps)
        return make_error(name + ": has " + str(component_count(a.type)) +
                          " components a element, expected " + str(comps));
    if (!contains(rule.core, a.componentType)) {
        if (!contains(rule.quantized, a.componentType))
            return make_error(name + ": component type " + str(a.componentType) + " is not allowed here");
        if (!quantization)
            return make_error(
                name + ": component type " + str(a.componentType) +
                " needs KHR_mesh_quantization, which the file does not declare in extensionsUsed");
    }
    if (rule.normalized_ints && a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT && !a.normalized)
        return make_error(name + ": integer component type " + str(a.componentType) +
                          " must be normalized here");
    View v;
    v.count = a.count;
    v.comps = comps;
    v.ctype = a.componentType;
    v.normalized = a.normalized;
    const size_t elem = static_cast<size_t>(component_size(a.componentType)) * static_cast<size_t>(comps);
    if (a.bufferView < 0) {  // all zeros, or zeros under a sparse substitution
        if (a.count > kMaxZeroAccessorCount)
            return make_error(name + ": count " + str(a.count) +
                              " with no buffer view (all zeros) is past the limit of " +
                              str(kMaxZeroAccessorCount));
    } else {
        if (static_cast<size_t>(a.bufferView) >= m.bufferViews.size())
            return make_error(name + ": buffer view " + str(a.bufferView) + " is out of range (" +
                              str(m.bufferViews.size()) + " buffer views)");
        const tinygltf::BufferView& bv = m.bufferViews[static_cast<size_t>(a.bufferView)];
        const std::string bvname = "buffer view " + str(a.bufferView);
        auto whole = view_bytes(m, a.bufferView, 0, bv.byteLength, name);
        if (!whole) return whole.error();
        v.stride = bv.byteStride ? bv.byteStride : elem;
        if (v.stride < elem)
            return make_error(name + ": " + bvname + " stride " + str(v.stride) +
                              " is smaller than an element (" + str(elem) + " bytes)");
        if (a.count > 0) {
            // Overflow-safe form of offset + stride*(count-1) + elem <= byteLength.
            const size_t avail = bv.byteLength;
            const bool fits = a.byteOffset <= avail && elem <= avail - a.byteOffset &&
                              (a.count - 1) <= (avail - a.byteOffset - elem) / v.stride;
            if (!fits)
                return make_error(name + ": count " + str(a.count) + " at offset " + str(a.byteOffset) +
                                  " stride " + str(v.stride) + " runs past the end of " + bvname + " (" +
                                  str(avail) + " bytes): accessor out of bounds");
        }
        v.base = *whole + a.byteOffset;
    }
    if (a.sparse.isSparse)
        if (auto st = decode_sparse(m, a, name, v); !st) return st.error();
    return v;
}

}  // namespace sv::anim::gltf

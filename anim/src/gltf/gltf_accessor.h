// Accessor decoding for the importer (private to anim/src): one checked view of an accessor's
// elements, whether they live in a buffer view, are all zeros (no buffer view), are sparse over
// either, or are quantized integers (KHR_mesh_quantization, normalized or plain).
#pragma once

#include <tiny_gltf.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::anim::gltf {

int component_size(int type);
int component_count(int type);

// A checked view of one accessor's elements: every byte it will read lies inside its buffer. A
// sparse accessor is decoded once into `dense` (doubles, element-major), because its substituted
// elements lie elsewhere; everything else is read in place.
struct View {
    const std::uint8_t* base = nullptr;  // null and no dense: no buffer view, all zeros (glTF 3.6.2.3)
    std::shared_ptr<const std::vector<double>> dense;
    size_t stride = 0;
    size_t count = 0;
    int comps = 0;
    int ctype = 0;
    bool normalized = false;

    double get(size_t i, int c) const;
};

// Which component types an accessor may have, for the message and the check: `core` is what glTF
// 2.0 allows there, `quantized` what KHR_mesh_quantization adds (allowed only when the file
// declares the extension), and `normalized_ints` says an integer type must be normalized there.
struct TypeRule {
    std::initializer_list<int> core;
    std::initializer_list<int> quantized = {};
    bool normalized_ints = false;
};

// `what` says who refers to the accessor, for the message; `comps` is the required component
// count; `quantization` whether the file declares KHR_mesh_quantization.
Expected<View> read_accessor(const tinygltf::Model& m, int index, const std::string& what, int comps,
                             const TypeRule& rule, bool quantization);

std::string accessor_name(const tinygltf::Model& m, int index);

}  // namespace sv::anim::gltf

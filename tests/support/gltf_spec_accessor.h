// Accessor decoding for the glTF specification evaluator (gltf_spec_evaluator.h): 3.6 Accessors and
// KHR_mesh_quantization, read literally, in double precision. Nothing here is from anim/.
#pragma once

#include <string>
#include <vector>

namespace tinygltf {
class Model;
}

namespace sv::test::spec {

// A decoded accessor: count elements of `width` doubles each, row after row.
struct Data {
    size_t count = 0;
    int width = 0;
    std::vector<double> v;
    const double* at(size_t i) const { return v.data() + i * static_cast<size_t>(width); }
};

// Accessor `index` decoded (strided elements, zeros without a bufferView, sparse substitution,
// normalized integers by the specification's formulas). Returns "" or a message naming the accessor.
std::string read_accessor(const tinygltf::Model& m, int index, Data* d);

}  // namespace sv::test::spec

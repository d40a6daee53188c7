// Every normalized integer component type (BYTE, UNSIGNED_BYTE, SHORT, UNSIGNED_SHORT) decoded at its
// extremes and around zero, by the importer (anim's gltf reader, through an animation's outputs: the
// place glTF 2.0 allows all four without KHR_mesh_quantization) and by the specification evaluator's
// own accessor reader, each held to the specification's formulas (3.11, "Animations"):
//   BYTE    max(c / 127, -1)      UNSIGNED_BYTE  c / 255
//   SHORT   max(c / 32767, -1)    UNSIGNED_SHORT c / 65535
// so -128 and -127 both mean -1, 127 means exactly 1 (not 127 / 128), and 255 exactly 1 (not 255/256).
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "anim/gltf/gltf_import.h"
#include "gltf_spec_accessor.h"
#include "inline_gltf.h"

namespace sv::test {
namespace {

struct TypeCase {
    int component_type;
    const char* name;
    std::vector<int> raw;  // 12 values: the extremes, their neighbours, zero and its neighbours
    double (*formula)(int);
};

const std::vector<TypeCase>& cases() {
    static const std::vector<TypeCase> c = {
        {5120,
         "BYTE",
         {-128, -127, -126, -64, -1, 0, 1, 2, 64, 100, 126, 127},
         [](int v) { return std::max(v / 127.0, -1.0); }},
        {5121,
         "UNSIGNED_BYTE",
         {0, 1, 2, 64, 127, 128, 129, 200, 253, 254, 255, 255},
         [](int v) { return v / 255.0; }},
        {5122,
         "SHORT",
         {-32768, -32767, -32766, -16384, -1, 0, 1, 2, 16384, 30000, 32766, 32767},
         [](int v) { return std::max(v / 32767.0, -1.0); }},
        {5123,
         "UNSIGNED_SHORT",
         {0, 1, 2, 256, 32767, 32768, 32769, 40000, 65533, 65534, 65535, 65535},
         [](int v) { return v / 65535.0; }},
    };
    return c;
}

size_t put(Bytes& b, const TypeCase& c) {
    switch (c.component_type) {
        case 5120: {
            std::vector<int8_t> v(c.raw.begin(), c.raw.end());
            return b.i8({v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]});
        }
        case 5121: {
            std::vector<uint8_t> v(c.raw.begin(), c.raw.end());
            return b.u8({v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]});
        }
        case 5122: {
            std::vector<int16_t> v(c.raw.begin(), c.raw.end());
            return b.i16({v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]});
        }
        default: {
            std::vector<uint16_t> v(c.raw.begin(), c.raw.end());
            return b.u16({v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]});
        }
    }
}

// One triangle node with one morph target; per type, two animations: its rotation from 3 VEC4 keys
// and its morph weight from 12 SCALAR keys, both STEP, both on the 12 values of that type.
std::string file_json(Bytes& b, std::map<std::string, size_t>& n) {
    n["pos"] = b.f32({0, 0, 0, 1, 0, 0, 0, 1, 0});
    n["target"] = b.f32({0, 0, 1, 0, 0, 1, 0, 0, 1});
    n["t12"] = b.f32({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    n["t3"] = b.f32({0, 1, 2});
    std::string views = R"({"buffer": 0, "byteOffset": $pos, "byteLength": 36},
                           {"buffer": 0, "byteOffset": $target, "byteLength": 36},
                           {"buffer": 0, "byteOffset": $t12, "byteLength": 48},
                           {"buffer": 0, "byteOffset": $t3, "byteLength": 12})";
    std::string accessors = R"({"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                                "min": [0, 0, 0], "max": [1, 1, 0]},
                               {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3",
                                "min": [0, 0, 1], "max": [0, 0, 1]},
                               {"bufferView": 2, "componentType": 5126, "count": 12, "type": "SCALAR",
                                "min": [0], "max": [11]},
                               {"bufferView": 3, "componentType": 5126, "count": 3, "type": "SCALAR",
                                "min": [0], "max": [2]})";
    std::string animations;
    for (size_t k = 0; k < cases().size(); ++k) {
        const TypeCase& c = cases()[k];
        const std::string key = "v" + std::to_string(k);
        n[key] = put(b, c);
        const size_t bytes = (c.component_type <= 5121 ? 1 : 2) * 12;
        const std::string view = std::to_string(4 + k), ct = std::to_string(c.component_type);
        views +=
            R"(, {"buffer": 0, "byteOffset": $)" + key + R"(, "byteLength": )" + std::to_string(bytes) + "}";
        // Accessor 4 + 2k: 3 VEC4 (rotation keys); 5 + 2k: 12 SCALAR (weights), both over view 4 + k.
        accessors += R"(, {"bufferView": )" + view + R"(, "componentType": )" + ct +
                     R"(, "normalized": true, "count": 3, "type": "VEC4"})";
        accessors += R"(, {"bufferView": )" + view + R"(, "componentType": )" + ct +
                     R"(, "normalized": true, "count": 12, "type": "SCALAR"})";
        const std::string rot = std::to_string(4 + 2 * k), w = std::to_string(5 + 2 * k);
        animations +=
            std::string(k ? ", " : "") + R"({"name": "rotation )" + c.name +
            R"(", "samplers": [{"input": 3, "output": )" + rot +
            R"(, "interpolation": "STEP"}], "channels": [{"sampler": 0, "target": {"node": 0, "path": "rotation"}}]},
                         {"name": "weights )" +
            c.name + R"(", "samplers": [{"input": 2, "output": )" + w +
            R"(, "interpolation": "STEP"}], "channels": [{"sampler": 0, "target": {"node": 0, "path": "weights"}}]})";
    }
    return R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER], "bufferViews": [)" + views +
           R"(], "accessors": [)" + accessors +
           R"(], "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "targets": [{"POSITION": 1}]}],
                             "weights": [0]}],
              "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0, "animations": [)" +
           animations + "]}";
}

// The JSON with "$BUFFER" and the offsets substituted, as load_inline does, for the importer.
std::string resolved(std::string json, const Bytes& b, const std::map<std::string, size_t>& numbers) {
    auto replace_all = [&json](const std::string& from, const std::string& to) {
        for (size_t at = json.find(from); at != std::string::npos; at = json.find(from, at + to.size()))
            json.replace(at, from.size(), to);
    };
    replace_all("$BUFFER", "{\"uri\": \"data:application/octet-stream;base64," + base64(b.data()) +
                               "\", \"byteLength\": " + std::to_string(b.data().size()) + "}");
    std::vector<std::pair<std::string, size_t>> sorted(numbers.begin(), numbers.end());
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& x, const auto& y) { return x.first.size() > y.first.size(); });
    for (const auto& [name, value] : sorted) replace_all("$" + name, std::to_string(value));
    return json;
}

// Half a float ulp at 1 is 6e-8: the importer decodes in double and stores a float, so anything over
// that is a wrong formula (127/128 is 8e-3 off at the top, 1/128 vs 1/127 is 6e-5 at c = 1).
constexpr double kFloatStorage = 6e-8;

TEST(NormalizedAccessors, TheImporterDecodesEveryTypeAtItsExtremesByTheSpecificationsFormula) {
    Bytes b;
    std::map<std::string, size_t> n;
    const std::string json = resolved(file_json(b, n), b, n);
    auto asset = anim::load_gltf_from_memory(std::vector<std::uint8_t>(json.begin(), json.end()), "", false);
    ASSERT_TRUE(asset) << asset.error().message;
    ASSERT_EQ(asset->clips.size(), 2 * cases().size());
    for (size_t k = 0; k < cases().size(); ++k) {
        const TypeCase& c = cases()[k];
        for (size_t which = 0; which < 2; ++which) {
            const anim::Clip& clip = asset->clips[2 * k + which];
            ASSERT_EQ(clip.channels.size(), 1u) << clip.name;
            const std::vector<float>& got = clip.channels[0].values;
            ASSERT_EQ(got.size(), c.raw.size()) << clip.name;
            std::vector<double> want;
            for (int raw : c.raw) want.push_back(c.formula(raw));
            // Rotation keys are stored at unit length (gltf_animation_import.cpp): the decoded key,
            // normalised. A wrong decode still shows, as a wrong direction.
            if (which == 0)
                for (size_t k = 0; k < want.size(); k += 4) {
                    const double len = std::sqrt(want[k] * want[k] + want[k + 1] * want[k + 1] +
                                                 want[k + 2] * want[k + 2] + want[k + 3] * want[k + 3]);
                    for (size_t i = k; i < k + 4; ++i) want[i] /= len;
                }
            for (size_t i = 0; i < c.raw.size(); ++i)
                EXPECT_NEAR(got[i], want[i], kFloatStorage) << clip.name << ": " << c.name << " " << c.raw[i];
        }
    }
}

TEST(NormalizedAccessors, TheSpecificationEvaluatorDecodesEveryTypeAtItsExtremesByTheFormula) {
    Bytes b;
    std::map<std::string, size_t> n;
    const std::string json = file_json(b, n);
    tinygltf::Model m;
    ASSERT_EQ(load_inline(json, b, n, &m), "");
    for (size_t k = 0; k < cases().size(); ++k) {
        const TypeCase& c = cases()[k];
        spec::Data d;
        ASSERT_EQ(spec::read_accessor(m, static_cast<int>(5 + 2 * k), &d), "") << c.name;
        ASSERT_EQ(d.v.size(), c.raw.size()) << c.name;
        for (size_t i = 0; i < c.raw.size(); ++i)
            EXPECT_EQ(d.v[i], c.formula(c.raw[i])) << c.name << " " << c.raw[i];
    }
}

// The formulas' fixed points, written out, so a formula table edited by mistake fails too.
TEST(NormalizedAccessors, TheFormulasMeetTheSpecificationsFixedPoints) {
    EXPECT_EQ(cases()[0].formula(-128), -1.0);
    EXPECT_EQ(cases()[0].formula(-127), -1.0);
    EXPECT_EQ(cases()[0].formula(127), 1.0);
    EXPECT_EQ(cases()[1].formula(255), 1.0);
    EXPECT_EQ(cases()[2].formula(-32768), -1.0);
    EXPECT_EQ(cases()[2].formula(32767), 1.0);
    EXPECT_EQ(cases()[3].formula(65535), 1.0);
    for (const TypeCase& c : cases()) EXPECT_EQ(c.formula(0), 0.0) << c.name;
}

}  // namespace
}  // namespace sv::test

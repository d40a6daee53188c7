// The specification evaluator on small files written here, each answer derived by hand in the
// comment beside it (never from anim/). Dyadic inputs keep the hand answers exact in float storage.
#include <gtest/gtest.h>

#include "gltf_spec_evaluator.h"
#include "inline_gltf.h"

namespace sv::test {
namespace {

using spec::evaluate;
using spec::Evaluation;

constexpr double kExact = 1e-12;  // double arithmetic on dyadic inputs: only rounding in the last bits

const char* kPoint = R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 0}]}])";

void expect_at(const Evaluation& e, size_t object, size_t vertex, glm::dvec3 want, double tol = kExact) {
    ASSERT_TRUE(e.ok()) << e.error;
    ASSERT_LT(object, e.primitives.size());
    ASSERT_LT(vertex, e.primitives[object].positions.size());
    const glm::dvec3 got = e.primitives[object].positions[vertex];
    EXPECT_NEAR(got.x, want.x, tol) << "object " << object << " vertex " << vertex;
    EXPECT_NEAR(got.y, want.y, tol) << "object " << object << " vertex " << vertex;
    EXPECT_NEAR(got.z, want.z, tol) << "object " << object << " vertex " << vertex;
}

// One point at (1,0,0) translated by a cubic spline: keys t=0 (v0=0, out-tangent b0=1) and t=2
// (in-tangent a1=2, v1=4), on x. Hermite with td=2: p(u) = h00 v0 + td h10 b0 + h01 v1 + td h11 a1.
// u=0.25: h00=0.84375 h10=0.140625 h01=0.15625 h11=-0.046875 -> 0.28125+0.625-0.1875 = 0.71875.
// u=0.5: h10=0.125 h01=0.5 h11=-0.125 -> 0.25+2-0.5 = 1.75. (Without td: 0.671875 and 1.875.)
TEST(SpecEvaluator, CubicSplineFollowsTheHermiteFormWithTangentsScaledByTheKeyInterval) {
    Bytes b;
    const size_t pos = b.f32({1, 0, 0});
    const size_t t = b.f32({0, 2});
    const size_t out = b.f32({0, 0, 0, 0, 0, 0, 1, 0, 0, /* key 1 */ 2, 0, 0, 4, 0, 0, 0, 0, 0});
    tinygltf::Model m;
    ASSERT_EQ(load_inline(std::string(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "bufferViews": [{"buffer": 0, "byteOffset": $pos, "byteLength": 12},
                        {"buffer": 0, "byteOffset": $t, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $out, "byteLength": 72}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"},
                      {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR"},
                      {"bufferView": 2, "componentType": 5126, "count": 6, "type": "VEC3"}],
        "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}],
        "animations": [{"samplers": [{"input": 1, "output": 2, "interpolation": "CUBICSPLINE"}],
                        "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}],)") +
                              kPoint + "}",
                          b, {{"pos", pos}, {"t", t}, {"out", out}}, &m),
              "");
    EXPECT_DOUBLE_EQ(spec::clip_duration(m, 0), 2.0);
    expect_at(evaluate(m, 0, 0.5), 0, 0, {1.71875, 0, 0});
    expect_at(evaluate(m, 0, 1.0), 0, 0, {2.75, 0, 0});
    expect_at(evaluate(m, 0, 0.0), 0, 0, {1, 0, 0});
    expect_at(evaluate(m, 0, 2.0), 0, 0, {5, 0, 0});   // the last key's value, not its tangent
    expect_at(evaluate(m, 0, 9.0), 0, 0, {5, 0, 0});   // clamped, no wrap
    expect_at(evaluate(m, -1, 0.5), 0, 0, {1, 0, 0});  // bind: the file's TRS
}

// Keys t = 0, 1, 2 at x = 0, 10, 20. STEP holds each key until the next; LINEAR interpolates.
TEST(SpecEvaluator, StepHoldsAKeyUntilTheNextAndLinearInterpolates) {
    Bytes b;
    const size_t pos = b.f32({0, 0, 0});
    const size_t t = b.f32({0, 1, 2});
    const size_t out = b.f32({0, 0, 0, 10, 0, 0, 20, 0, 0});
    tinygltf::Model m;
    ASSERT_EQ(load_inline(std::string(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "bufferViews": [{"buffer": 0, "byteOffset": $pos, "byteLength": 12},
                        {"buffer": 0, "byteOffset": $t, "byteLength": 12},
                        {"buffer": 0, "byteOffset": $out, "byteLength": 36}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"},
                      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "SCALAR"},
                      {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC3"}],
        "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}],
        "animations": [
          {"samplers": [{"input": 1, "output": 2, "interpolation": "STEP"}],
           "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]},
          {"samplers": [{"input": 1, "output": 2}],
           "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}],)") +
                              kPoint + "}",
                          b, {{"pos", pos}, {"t", t}, {"out", out}}, &m),
              "");
    expect_at(evaluate(m, 0, 0.999), 0, 0, {0, 0, 0});
    expect_at(evaluate(m, 0, 1.0), 0, 0, {10, 0, 0});
    expect_at(evaluate(m, 0, 1.5), 0, 0, {10, 0, 0});
    expect_at(evaluate(m, 0, 2.0), 0, 0, {20, 0, 0});
    expect_at(evaluate(m, 0, -1.0), 0, 0, {0, 0, 0});
    expect_at(evaluate(m, 1, 1.5), 0, 0, {15, 0, 0});  // the second clip, LINEAR by default
    expect_at(evaluate(m, 1, 0.25), 0, 0, {2.5, 0, 0});
    EXPECT_FALSE(evaluate(m, 2, 0.0).ok());
}

// Each channel clamps to its own keys: translation keys at t=1,2 (x 10 -> 20), scale keys at t=0,4
// (1 -> 5), on the point (1,0,0), so x = scale + translation. t=0.5: translation held at its first key
// (10, not extrapolated to 5), scale 1.5 -> 11.5. t=3: translation held at 20, scale 4 -> 24.
TEST(SpecEvaluator, EachChannelIsClampedToItsOwnKeyRange) {
    Bytes b;
    const size_t pos = b.f32({1, 0, 0});
    const size_t t1 = b.f32({1, 2});
    const size_t tr = b.f32({10, 0, 0, 20, 0, 0});
    const size_t t2 = b.f32({0, 4});
    const size_t sc = b.f32({1, 1, 1, 5, 5, 5});
    tinygltf::Model m;
    ASSERT_EQ(load_inline(std::string(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "bufferViews": [{"buffer": 0, "byteOffset": $pos, "byteLength": 12},
                        {"buffer": 0, "byteOffset": $t1, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $tr, "byteLength": 24},
                        {"buffer": 0, "byteOffset": $t2, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $sc, "byteLength": 24}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"},
                      {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR"},
                      {"bufferView": 2, "componentType": 5126, "count": 2, "type": "VEC3"},
                      {"bufferView": 3, "componentType": 5126, "count": 2, "type": "SCALAR"},
                      {"bufferView": 4, "componentType": 5126, "count": 2, "type": "VEC3"}],
        "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}],
        "animations": [{"samplers": [{"input": 1, "output": 2}, {"input": 3, "output": 4}],
                        "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}},
                                     {"sampler": 1, "target": {"node": 0, "path": "scale"}}]}],)") +
                              kPoint + "}",
                          b, {{"pos", pos}, {"t1", t1}, {"tr", tr}, {"t2", t2}, {"sc", sc}}, &m),
              "");
    EXPECT_DOUBLE_EQ(spec::clip_duration(m, 0), 4.0);
    expect_at(evaluate(m, 0, 0.5), 0, 0, {11.5, 0, 0});
    expect_at(evaluate(m, 0, 3.0), 0, 0, {24, 0, 0});
}

// Base (0,0,0) (1,0,0) (0,1,0) (1,1,0); sparse indices 1 and 3 take (5,5,5) and (7,7,7). A second
// accessor has no bufferView (zeros) and one sparse value (7,7,7) at index 2 (uint8 indices). A
// third reads every other VEC3 of a buffer view with byteStride 24.
TEST(SpecEvaluator, SparseAccessorsSubstituteOverTheBaseOrOverZerosAndStridesAreHonoured) {
    Bytes b;
    const size_t base = b.f32({0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0});
    const size_t idx16 = b.u16({1, 3});
    const size_t idx8 = b.u8({2});
    const size_t vals = b.f32({5, 5, 5, 7, 7, 7});
    const size_t inter = b.f32({1, 2, 3, 99, 99, 99, 4, 5, 6, 99, 99, 99});
    tinygltf::Model m;
    ASSERT_EQ(
        load_inline(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "bufferViews": [{"buffer": 0, "byteOffset": $base, "byteLength": 48},
                        {"buffer": 0, "byteOffset": $idx16, "byteLength": 4},
                        {"buffer": 0, "byteOffset": $idx8, "byteLength": 1},
                        {"buffer": 0, "byteOffset": $vals, "byteLength": 24},
                        {"buffer": 0, "byteOffset": $inter, "byteLength": 48, "byteStride": 24}],
        "accessors": [
          {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3",
           "sparse": {"count": 2, "indices": {"bufferView": 1, "componentType": 5123}, "values": {"bufferView": 3}}},
          {"componentType": 5126, "count": 3, "type": "VEC3",
           "sparse": {"count": 1, "indices": {"bufferView": 2, "componentType": 5121},
                      "values": {"bufferView": 3, "byteOffset": 12}}},
          {"bufferView": 4, "componentType": 5126, "count": 2, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 0},
                                   {"attributes": {"POSITION": 1}, "mode": 0},
                                   {"attributes": {"POSITION": 2}, "mode": 0}]}],
        "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]})",
                    b, {{"base", base}, {"idx16", idx16}, {"idx8", idx8}, {"vals", vals}, {"inter", inter}},
                    &m),
        "");
    const Evaluation e = evaluate(m, -1, 0);
    ASSERT_TRUE(e.ok()) << e.error;
    ASSERT_EQ(e.primitives.size(), 3u);
    expect_at(e, 0, 0, {0, 0, 0});
    expect_at(e, 0, 1, {5, 5, 5});
    expect_at(e, 0, 2, {0, 1, 0});
    expect_at(e, 0, 3, {7, 7, 7});
    expect_at(e, 1, 0, {0, 0, 0});
    expect_at(e, 1, 1, {0, 0, 0});
    expect_at(e, 1, 2, {7, 7, 7});
    expect_at(e, 2, 0, {1, 2, 3});
    expect_at(e, 2, 1, {4, 5, 6});
}

// KHR_mesh_quantization decoding: int16 normalized c/32767 clamped at -1 (so -32768 and -32767
// both give -1), int8 c/127 likewise, uint8 c/255, uint16 c/65535, and a plain int16 keeps its value.
// Attributes of 6 or 3 bytes are padded to a 4-byte stride as the specification requires.
TEST(SpecEvaluator, QuantizedPositionsDecodeByTheSpecificationsFormulas) {
    Bytes b;
    const size_t s16 = b.i16({32767, -32768, 16384, 0, -32767, 1, 2, 0});
    const size_t s8 = b.i8({127, -128, -127, 0, 64, 0, 0, 0});
    const size_t u8 = b.u8({255, 0, 51, 0});
    const size_t u16 = b.u16({65535, 0, 13107, 0});
    const size_t raw16 = b.i16({1000, -2, 3, 0});
    tinygltf::Model m;
    ASSERT_EQ(load_inline(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "extensionsUsed": ["KHR_mesh_quantization"], "extensionsRequired": ["KHR_mesh_quantization"],
        "bufferViews": [{"buffer": 0, "byteOffset": $s16, "byteLength": 16, "byteStride": 8},
                        {"buffer": 0, "byteOffset": $s8, "byteLength": 8, "byteStride": 4},
                        {"buffer": 0, "byteOffset": $u8, "byteLength": 4, "byteStride": 4},
                        {"buffer": 0, "byteOffset": $u16, "byteLength": 8, "byteStride": 8},
                        {"buffer": 0, "byteOffset": $raw16, "byteLength": 8, "byteStride": 8}],
        "accessors": [{"bufferView": 0, "componentType": 5122, "normalized": true, "count": 2, "type": "VEC3"},
                      {"bufferView": 1, "componentType": 5120, "normalized": true, "count": 2, "type": "VEC3"},
                      {"bufferView": 2, "componentType": 5121, "normalized": true, "count": 1, "type": "VEC3"},
                      {"bufferView": 3, "componentType": 5123, "normalized": true, "count": 1, "type": "VEC3"},
                      {"bufferView": 4, "componentType": 5122, "count": 1, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 0},
                                   {"attributes": {"POSITION": 1}, "mode": 0},
                                   {"attributes": {"POSITION": 2}, "mode": 0},
                                   {"attributes": {"POSITION": 3}, "mode": 0},
                                   {"attributes": {"POSITION": 4}, "mode": 0}]}],
        "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]})",
                          b, {{"s16", s16}, {"s8", s8}, {"u8", u8}, {"u16", u16}, {"raw16", raw16}}, &m),
              "");
    const Evaluation e = evaluate(m, -1, 0);
    expect_at(e, 0, 0, {1, -1, 16384.0 / 32767.0});
    expect_at(e, 0, 1, {-1, 1 / 32767.0, 2 / 32767.0});
    expect_at(e, 1, 0, {1, -1, -1});
    expect_at(e, 1, 1, {64 / 127.0, 0, 0});
    expect_at(e, 2, 0, {1, 0, 0.2});
    expect_at(e, 3, 0, {1, 0, 0.2});
    expect_at(e, 4, 0, {1000, -2, 3});
}

}  // namespace
}  // namespace sv::test

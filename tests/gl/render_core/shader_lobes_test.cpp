// The material lobes as the shaders compute them, held to their formulas written out here in
// double at hundreds of angles and roughnesses each: the chunks themselves (brdf.glsl,
// iridescence.glsl, punctual_lights.glsl, transmission.glsl) are compiled into a probe vertex
// shader whose results come back by transform feedback, so a change of one character in a chunk
// (an exponent, a constant, an operator) moves these values, where the unit tests of render/brdf.h
// would not see it. The formulas: KHR_materials_sheen's Charlie distribution and visibility and its
// albedo scaling, KHR_materials_clearcoat's fresnel_coat, KHR_lights_punctual's range window and
// cone, the thin-film Fresnel as the Khronos Sample Renderer 1.1.0's evalIridescence writes it, and
// KHR_materials_volume's Beer-Lambert attenuation and the renderer's roughness through an ior.
// Each with a negative control: the same values against a neighbouring formula are far off.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <glm/gtc/type_ptr.hpp>
#include <memory>
#include <vector>

#include "lobe_formulas.h"
#include "render/context.h"
#include "render/gl.h"
#include "render/gl_name.h"
#include "render/render_target.h"
#include "render/shader_program.h"

namespace sv::render {
namespace lobes {

using namespace sv::test::lobe;

constexpr const char* kProbe = R"(layout(location = 0) in vec4 a_p;
layout(location = 1) in vec4 a_q;
uniform int u_probe;
out vec4 o_value;
vec3 probe_dir(float c, float phi) {
    float s = sqrt(max(1.0 - c * c, 0.0));
    return vec3(s * cos(phi), s * sin(phi), c);
}
void main() {
    vec4 r = vec4(0.0);
    vec3 l;
    if (u_probe == 0) {
        r.x = distribution_charlie(a_p.x, a_p.y);
    } else if (u_probe == 1) {
        r.x = sheen_evaluate(vec3(0.0, 0.0, 1.0), probe_dir(a_p.x, 0.0), probe_dir(a_p.y, a_p.z), a_p.w);
    } else if (u_probe == 2) {
        r.xyz = apply_clearcoat(a_q.xyz, a_p.x, a_p.y, vec3(a_p.z));
    } else if (u_probe == 3) {
        r.xyz = apply_sheen(a_q.xyz, vec3(a_p.x, a_p.y, a_p.z), a_p.w, vec3(0.25));
        r.w = sheen_light_scaling(vec3(a_p.x, a_p.y, a_p.z), a_p.w, a_q.w);
    } else if (u_probe == 4) {
        r.x = punctual_light(0, a_p.xyz, l);
        r.yzw = l;
    } else if (u_probe == 5) {
        r.xyz = iridescence_fresnel(1.0, a_p.x, a_p.y, a_p.z, vec3(a_p.w));
    } else if (u_probe == 6) {
        r.x = transmission_roughness(a_p.x, a_p.y);
        r.yzw = volume_attenuation(a_q.xyz, a_p.z);
    }
    o_value = r;
    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}
)";

// One probe point: a_p and a_q (a_q unused by some probes).
struct In {
    glm::vec4 p{0.0f}, q{0.0f};
};

// Runs probe `which` over the inputs and returns one vec4 each.
struct Probe {
    ShaderProgram program;
    RenderTarget target;  // a draw needs a complete framebuffer, and a surfaceless context has none

    std::vector<glm::vec4> run(int which, const std::vector<In>& in) {
        glUseProgram(program.id());
        glUniform1i(program.uniform("u_probe"), which);
        target.bind();
        GLuint vao = 0, vbo = 0, tfb = 0;
        glGenVertexArrays(1, &vao);
        glGenBuffers(1, &vbo);
        glGenBuffers(1, &tfb);
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(in.size() * sizeof(In)), in.data(),
                     GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(In), nullptr);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(In),
                              reinterpret_cast<void*>(sizeof(glm::vec4)));
        const GLsizeiptr bytes = static_cast<GLsizeiptr>(in.size() * sizeof(glm::vec4));
        glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, tfb);
        glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, bytes, nullptr, GL_STREAM_READ);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, tfb);
        glEnable(GL_RASTERIZER_DISCARD);
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(in.size()));
        glEndTransformFeedback();
        glDisable(GL_RASTERIZER_DISCARD);
        std::vector<glm::vec4> out(in.size());
        if (const void* mapped = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bytes, GL_MAP_READ_BIT)) {
            std::memcpy(out.data(), mapped, static_cast<size_t>(bytes));
            glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
        } else {
            ADD_FAILURE() << "could not map the feedback buffer";
        }
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
        glBindVertexArray(0);
        glDeleteBuffers(1, &tfb);
        glDeleteBuffers(1, &vbo);
        glDeleteVertexArrays(1, &vao);
        EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
        return out;
    }
};

class ShaderLobes : public ::testing::Test {
protected:
    void SetUp() override {
        auto ctx = create_headless_context(Api::GL);
        ASSERT_TRUE(ctx.ok()) << ctx.error().message;
        ctx_ = std::move(*ctx);
        ProgramDesc desc;
        desc.name = "lobe probe";
        desc.vertex_chunks = {"brdf.glsl", "iridescence.glsl", "punctual_lights.glsl", "transmission.glsl",
                              "probe.glsl"};
        desc.fragment_chunks = {"probe_fs.glsl"};
        desc.defines = {"MATERIAL_IRIDESCENCE"};
        desc.inline_chunks["probe.glsl"] = kProbe;
        desc.inline_chunks["probe_fs.glsl"] =
            "out vec4 frag_color;\nvoid main() { frag_color = vec4(0.0); }\n";
        desc.feedback_varyings = {"o_value"};
        auto p = ShaderProgram::build(Api::GL, desc);
        ASSERT_TRUE(p.ok()) << p.error().message;
        probe_.program = std::move(*p);
        ASSERT_TRUE(probe_.target.resize(1, 1).ok());
    }
    std::unique_ptr<Context> ctx_;
    Probe probe_;
};

// |got - want| within a relative 2e-4 (float against double) or 1e-6 near zero; counts the misses.
struct Misses {
    int count = 0, of = 0;
    double worst = 0.0;
    void check(double got, double want) {
        ++of;
        const double d = std::abs(got - want), tol = std::max(2e-4 * std::abs(want), 1e-6);
        worst = std::max(worst, d / std::max(std::abs(want), 1e-6));
        count += d > tol ? 1 : 0;
    }
};

TEST_F(ShaderLobes, SheenCharlieDistributionAndVisibility) {
    std::vector<In> d_in, f_in;
    for (int i = 0; i <= 40; ++i)
        for (float r : {0.05f, 0.1f, 0.25f, 0.4f, 0.6f, 0.8f, 1.0f})
            d_in.push_back({glm::vec4(i / 40.0f, r, 0, 0), glm::vec4(0.0f)});
    for (float nv : {0.05f, 0.2f, 0.45f, 0.55f, 0.8f, 1.0f})
        for (float nl : {0.05f, 0.3f, 0.49f, 0.51f, 0.7f, 0.95f})
            for (float phi : {0.0f, 1.0f, 2.5f})
                for (float r : {0.1f, 0.3f, 0.6f, 1.0f})
                    f_in.push_back({glm::vec4(nv, nl, phi, r), glm::vec4(0.0f)});
    const auto d_out = probe_.run(0, d_in), f_out = probe_.run(1, f_in);
    Misses d, f, control;
    for (size_t i = 0; i < d_in.size(); ++i) {
        d.check(d_out[i].x, charlie_d(d_in[i].p.x, d_in[i].p.y));
        // Control: the Charlie lobe with alpha = roughness (the renderer's LUT's reading) is another lobe.
        control.check(d_out[i].x, charlie_d(d_in[i].p.x, std::sqrt(double(d_in[i].p.y))));
    }
    Misses v_control;
    for (size_t i = 0; i < f_in.size(); ++i) {
        const glm::vec4 p = f_in[i].p;
        // The normal is +Z, so N.H is the half vector's z.
        const glm::dvec3 v = dir(p.x, 0.0), l = dir(p.y, p.z);
        const double nh = glm::normalize(l + v).z;
        f.check(f_out[i].x, charlie_d(nh, p.w) * charlie_v(p.y, p.x, p.w));
        // Control: Ashikhmin's visibility 1 / (4 (N.L + N.V - N.L N.V)), the other the extension names.
        v_control.check(f_out[i].x, charlie_d(nh, p.w) / (4.0 * (p.y + p.x - p.y * p.x)));
    }
    EXPECT_EQ(d.count, 0) << d.of << " values, worst relative " << d.worst;
    EXPECT_EQ(f.count, 0) << f.of << " values, worst relative " << f.worst;
    EXPECT_GT(control.count, d.of / 2);
    EXPECT_GT(v_control.count, f.of / 2);
}

TEST_F(ShaderLobes, SheenAlbedoScalingAndClearcoatLayering) {
    std::vector<In> s_in, c_in;
    for (float e : {0.0f, 0.1f, 0.4f, 0.9f})
        for (glm::vec3 c : {glm::vec3(1.0f), glm::vec3(0.8f, 0.2f, 0.1f), glm::vec3(0.05f, 0.3f, 0.6f)})
            for (float e_l : {0.05f, 0.3f, 0.8f})
                s_in.push_back({glm::vec4(c, e), glm::vec4(0.7f, 0.5f, 0.2f, e_l)});
    for (float coat : {0.0f, 0.3f, 1.0f})
        for (int i = 1; i <= 20; ++i)
            for (float light : {0.0f, 0.5f, 3.0f})
                c_in.push_back({glm::vec4(coat, i / 20.0f, light, 0), glm::vec4(0.6f, 0.3f, 0.1f, 0)});
    const auto s_out = probe_.run(3, s_in), c_out = probe_.run(2, c_in);
    Misses s, s_control, c, c_control;
    for (size_t i = 0; i < s_in.size(); ++i) {
        const glm::dvec3 col(s_in[i].p), base(s_in[i].q);
        const double e = s_in[i].p.w, scale = 1.0 - std::max({col.x, col.y, col.z}) * e;
        for (int k = 0; k < 3; ++k) s.check(s_out[i][k], base[k] * scale + 0.25);
        // A light's scaling: min(1 - max(c) E(N.V), 1 - max(c) E(N.L)).
        const double m = std::max({col.x, col.y, col.z}), e_l = s_in[i].q.w;
        s.check(s_out[i].w, std::min(1.0 - m * e, 1.0 - m * e_l));
        s_control.check(s_out[i].w, 1.0 - m * e);
    }
    for (size_t i = 0; i < c_in.size(); ++i) {
        const double coat = c_in[i].p.x, nv = c_in[i].p.y, light = c_in[i].p.z;
        // fresnel_coat: mix(base, layer, clearcoat (0.04 + 0.96 (1 - N.V)^5)).
        const double w = clearcoat_weight(coat, nv);
        for (int k = 0; k < 3; ++k) {
            const double base = c_in[i].q[k];
            c.check(c_out[i][k], base * (1.0 - w) + w * light);
            // Control: the layer added with the clearcoat factor alone (the form before this change).
            c_control.check(c_out[i][k], base * (1.0 - w) + coat * light);
        }
    }
    EXPECT_EQ(s.count, 0) << "worst relative " << s.worst;
    EXPECT_GT(s_control.count, s_control.of / 4) << "E(N.L) makes no difference";
    EXPECT_EQ(c.count, 0) << "worst relative " << c.worst;
    EXPECT_GT(c_control.count, c.of / 3);
}

TEST_F(ShaderLobes, PunctualWindowAndConeAtManyDistancesAndAngles) {
    const ShaderProgram& p = probe_.program;
    glUseProgram(p.id());
    const float range = 4.0f, inner = 0.3f, outer = 0.7f;
    const double scale = 1.0 / std::max(0.001, std::cos(double(inner)) - std::cos(double(outer)));
    const double offset = -std::cos(double(outer)) * scale;
    glUniform1i(p.uniform("u_punctual_count"), 1);
    glUniform3f(p.uniform("u_punctual_position[0]"), 0.0f, 0.0f, 0.0f);
    glUniform3f(p.uniform("u_punctual_to_light[0]"), 0.0f, 1.0f, 0.0f);  // shines down -Y
    glUniform1f(p.uniform("u_punctual_range[0]"), range);
    glUniform2f(p.uniform("u_punctual_cone[0]"), float(scale), float(offset));
    std::vector<In> in;
    for (int i = 1; i <= 60; ++i)
        for (int a = 0; a <= 12; ++a) {
            const double d = i * 0.075, angle = a * 0.07;  // 0.075 .. 4.5 m, 0 .. 0.84 rad off the axis
            in.push_back({glm::vec4(float(d * std::sin(angle)), float(-d * std::cos(angle)), 0.0f, 0.0f),
                          glm::vec4(0.0f)});
        }
    for (int type : {1, 2}) {
        glUseProgram(p.id());
        glUniform1i(p.uniform("u_punctual_type[0]"), type);
        const auto out = probe_.run(4, in);
        Misses m, no_window, linear_cone;
        for (size_t i = 0; i < in.size(); ++i) {
            const glm::dvec3 x(in[i].p);
            const double d = glm::length(x), cd = -x.y / d;
            const double want = range_window(d, range);
            double cone = 1.0, lin = 1.0;
            if (type == 2) {
                cone = spot_cone(cd, inner, outer);
                lin = std::sqrt(cone);
            }
            m.check(out[i].x, want * cone);
            no_window.check(out[i].x, cone / (d * d));
            linear_cone.check(out[i].x, want * lin);
            // The direction towards the light, unit length.
            for (int k = 0; k < 3; ++k) m.check(out[i][k + 1], -x[k] / d);
        }
        EXPECT_EQ(m.count, 0) << "type " << type << ": worst relative " << m.worst;
        EXPECT_GT(no_window.count, int(in.size()) / 4) << "type " << type;
        if (type == 2) {
            EXPECT_GT(linear_cone.count, int(in.size()) / 8);
        }
    }
}

TEST_F(ShaderLobes, IridescenceIsTheKhronosRenderersThinFilm) {
    std::vector<In> in;
    for (float film_ior : {1.3f, 1.8f})
        for (int i = 1; i <= 10; ++i)
            for (float thickness : {0.0f, 0.02f, 100.0f, 250.0f, 400.0f, 700.0f, 1200.0f})
                for (float f0 : {0.04f, 0.5f, 0.95f})
                    in.push_back({glm::vec4(film_ior, i / 10.0f, thickness, f0), glm::vec4(0.0f)});
    const auto out = probe_.run(5, in);
    Misses m, control;
    for (size_t i = 0; i < in.size(); ++i) {
        const glm::vec4 p = in[i].p;
        const glm::dvec3 want = khronos_iridescence(1.0, p.x, p.y, p.z, glm::dvec3(p.w));
        // Control: the same film 10% thicker.
        const glm::dvec3 thicker = khronos_iridescence(1.0, p.x, p.y, p.z * 1.1, glm::dvec3(p.w));
        // The film's sum of Gaussians loses float digits to cancellation; 1e-3 absolute is far below a
        // 8-bit step and far above float's error here.
        for (int k = 0; k < 3; ++k) {
            ++m.of;
            ++control.of;
            m.worst = std::max(m.worst, std::abs(out[i][k] - want[k]));
            m.count += std::abs(out[i][k] - want[k]) > 1e-3 ? 1 : 0;
            control.count += std::abs(out[i][k] - thicker[k]) > 1e-3 ? 1 : 0;
        }
    }
    EXPECT_EQ(m.count, 0) << m.of << " values, worst absolute " << m.worst;
    EXPECT_GT(control.count, control.of / 4);
}

TEST_F(ShaderLobes, VolumeAttenuationAndRoughnessThroughAnIor) {
    const ShaderProgram& p = probe_.program;
    glUseProgram(p.id());
    const glm::vec3 color(0.9f, 0.5f, 0.2f);
    const float distance = 0.7f;
    glUniform4f(p.uniform("u_attenuation"), color.r, color.g, color.b, distance);
    std::vector<In> in;
    for (float r : {0.0f, 0.2f, 0.5f, 1.0f})
        for (float ior : {1.0f, 1.2f, 1.33f, 1.5f, 2.0f})
            for (float travelled : {0.0f, 0.1f, 0.7f, 2.5f})
                in.push_back({glm::vec4(r, ior, travelled, 0), glm::vec4(2.0f, 1.0f, 0.5f, 0)});
    const auto out = probe_.run(6, in);
    Misses m, control;
    for (size_t i = 0; i < in.size(); ++i) {
        const glm::vec4 q = in[i].p;
        // applyIorToRoughness: roughness x clamp(2 ior - 2, 0, 1).
        m.check(out[i].x, q.x * std::clamp(2.0 * q.y - 2.0, 0.0, 1.0));
        for (int k = 0; k < 3; ++k) {
            // Beer-Lambert: radiance x colour^(travelled / attenuation distance).
            m.check(out[i][k + 1], in[i].q[k] * std::pow(double(color[k]), q.z / distance));
            control.check(out[i][k + 1], in[i].q[k] * std::exp(-q.z / distance * (1.0 - color[k])));
        }
    }
    EXPECT_EQ(m.count, 0) << "worst relative " << m.worst;
    EXPECT_GT(control.count, control.of / 3);
}

}  // namespace lobes
}  // namespace sv::render

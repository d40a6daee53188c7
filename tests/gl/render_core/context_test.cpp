#include "render/context.h"

#include <gtest/gtest.h>

#include "api_print.h"
#include "render/gl.h"
#include "render/shader_program.h"

namespace sv::render {
namespace {

TEST(HeadlessContext, DesktopGlIsAtLeast33Core) {
    auto ctx = create_headless_context(Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    const auto& info = (*ctx)->info();
    EXPECT_EQ(info.api, Api::GL);
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    EXPECT_GE(major * 10 + minor, 33) << info.version;
    EXPECT_EQ(info.version.rfind("OpenGL ES", 0), std::string::npos) << info.version;
    std::cout << "GL: " << info.renderer << " | " << info.version << " via " << info.platform << "\n";
}

TEST(HeadlessContext, GlesIsAtLeast30) {
    auto ctx = create_headless_context(Api::GLES);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    const auto& info = (*ctx)->info();
    EXPECT_EQ(info.version.rfind("OpenGL ES 3", 0), 0u) << info.version;
    std::cout << "GLES: " << info.renderer << " | " << info.version << " via " << info.platform << "\n";
}

TEST(HeadlessContext, ParseApi) {
    EXPECT_EQ(*parse_api("gl"), Api::GL);
    EXPECT_EQ(*parse_api("gles"), Api::GLES);
    auto bad = parse_api("vulkan");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message, "unknown API 'vulkan': expected 'gl' or 'gles'");
}

class ShaderErrors : public ::testing::TestWithParam<Api> {};

// A compile error names the chunk and the line within it, not a line of the concatenation.
TEST_P(ShaderErrors, CompileErrorNamesChunkAndLine) {
    auto ctx = create_headless_context(GetParam());
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    ProgramDesc desc{"broken", {"good_vs.glsl", "broken_vs.glsl"}, {"lines_fs.glsl"}, {}, {}};
    desc.inline_chunks["good_vs.glsl"] = "uniform float u_a;\nfloat twice(float x) { return 2.0 * x; }\n";
    desc.inline_chunks["broken_vs.glsl"] =
        "void main() {\n  gl_Position = vec4(twice(u_a));\n  this is not glsl;\n}\n";
    auto p = ShaderProgram::build(GetParam(), desc);
    ASSERT_FALSE(p.ok());
    EXPECT_NE(p.error().message.find("broken_vs.glsl:3"), std::string::npos) << p.error().message;
    EXPECT_NE(p.error().message.find("program 'broken': vertex stage"), std::string::npos)
        << p.error().message;
}

TEST_P(ShaderErrors, MissingChunkIsNamed) {
    auto ctx = create_headless_context(GetParam());
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    auto p = ShaderProgram::build(GetParam(), {"x", {"no_such_chunk.glsl"}, {"lines_fs.glsl"}, {}, {}});
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().message, "program 'x': shader chunk 'no_such_chunk.glsl' is not in shaders/");
}

INSTANTIATE_TEST_SUITE_P(Apis, ShaderErrors, ::testing::Values(Api::GL, Api::GLES),
                         [](const auto& info) { return std::string(api_name(info.param)); });

}  // namespace
}  // namespace sv::render

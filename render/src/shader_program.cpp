#include "render/shader_program.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <regex>

#include "render/phase_timings.h"

namespace sv::render {

namespace {
std::atomic<long> g_driver_lookups{0};
std::atomic<long> g_builds{0};

// Every active uniform's name and location, sorted by name. An array is listed by the driver as
// "u_x[0]"; it is entered under "u_x" too, which glGetUniformLocation also accepts.
void read_uniform_table(GLuint program, std::vector<std::pair<std::string, GLint>>& table) {
    GLint count = 0, longest = 0;
    glGetProgramiv(program, GL_ACTIVE_UNIFORMS, &count);
    glGetProgramiv(program, GL_ACTIVE_UNIFORM_MAX_LENGTH, &longest);
    std::vector<char> name(static_cast<size_t>(std::max(longest, 1)));
    for (GLint i = 0; i < count; ++i) {
        GLsizei len = 0;
        GLint size = 0;
        GLenum type = 0;
        glGetActiveUniform(program, static_cast<GLuint>(i), static_cast<GLsizei>(name.size()), &len, &size,
                           &type, name.data());
        std::string n(name.data(), static_cast<size_t>(len));
        const GLint location = glGetUniformLocation(program, n.c_str());
        if (location < 0) continue;  // a uniform block member: no location
        if (n.size() > 3 && n.compare(n.size() - 3, 3, "[0]") == 0)
            table.emplace_back(n.substr(0, n.size() - 3), location);
        table.emplace_back(std::move(n), location);
    }
    std::sort(table.begin(), table.end());
}
}  // namespace

std::string shader_prelude(Api api) {
    if (api == Api::GL) return "#version 330 core\n";
    // highp everywhere: joint matrices and dual quaternions lose millimetres in mediump.
    return "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n";
}

Expected<std::string> shader_chunk(const std::string& name) {
    const auto& chunks = embedded_shader_chunks();
    auto it = chunks.find(name);
    if (it == chunks.end()) return make_error("shader chunk '" + name + "' is not in shaders/");
    return it->second;
}

namespace {

// Rewrites "k:line(col)" (Mesa) and "k(line)" (NVIDIA) into "chunk.glsl:line".
std::string explain_log(const std::string& log, const std::vector<std::string>& names) {
    static const std::regex loc(R"((?:ERROR: |WARNING: )?(\d+)[:(](\d+)\)?)");
    std::string out;
    std::smatch m;
    std::string rest = log;
    while (std::regex_search(rest, m, loc)) {
        out += m.prefix();
        const size_t k = static_cast<size_t>(std::stoul(m[1]));
        out += (k < names.size() ? names[k] : "source " + m[1].str()) + ":" + m[2].str();
        rest = m.suffix();
    }
    return out + rest;
}

Expected<GlShader> compile(Api api, GLenum stage, const ProgramDesc& desc,
                           const std::vector<std::string>& chunk_names) {
    std::vector<std::string> sources;
    std::vector<std::string> names;
    std::string head = shader_prelude(api);
    for (const auto& d : desc.defines) head += "#define " + d + "\n";
    sources.push_back(head);
    names.push_back("<prelude>");
    for (const auto& name : chunk_names) {
        auto inline_it = desc.inline_chunks.find(name);
        auto src = inline_it != desc.inline_chunks.end() ? Expected<std::string>(inline_it->second)
                                                         : shader_chunk(name);
        if (!src) return make_error("program '" + desc.name + "': " + src.error().message);
        sources.push_back("#line 1 " + std::to_string(sources.size()) + "\n" + *src + "\n");
        names.push_back(name);
    }
    std::vector<const char*> ptrs;
    for (const auto& s : sources) ptrs.push_back(s.c_str());
    GlShader shader(glCreateShader(stage));
    glShaderSource(shader.get(), static_cast<GLsizei>(ptrs.size()), ptrs.data(), nullptr);
    glCompileShader(shader.get());
    GLint ok = 0;
    glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint len = 0;
        glGetShaderiv(shader.get(), GL_INFO_LOG_LENGTH, &len);
        std::string log(static_cast<size_t>(len > 1 ? len : 1), '\0');
        glGetShaderInfoLog(shader.get(), len, nullptr, log.data());
        return make_error("program '" + desc.name +
                          "': " + (stage == GL_VERTEX_SHADER ? "vertex" : "fragment") + " stage (" +
                          api_name(api) + ") failed to compile:\n" + explain_log(log, names));
    }
    return shader;
}

}  // namespace

Expected<ShaderProgram> ShaderProgram::build(Api api, const ProgramDesc& desc) {
    PhaseTimer timer("programs (compile, link)");
    ++g_builds;
    auto vs = compile(api, GL_VERTEX_SHADER, desc, desc.vertex_chunks);
    if (!vs) return vs.error();
    auto fs = compile(api, GL_FRAGMENT_SHADER, desc, desc.fragment_chunks);
    if (!fs) return fs.error();
    ShaderProgram p;
    p.id_ = GlProgram(glCreateProgram());
    const GLuint id = p.id_.get();
    glAttachShader(id, vs->get());
    glAttachShader(id, fs->get());
    if (!desc.feedback_varyings.empty()) {
        std::vector<const char*> names;
        for (const auto& v : desc.feedback_varyings) names.push_back(v.c_str());
        glTransformFeedbackVaryings(id, static_cast<GLsizei>(names.size()), names.data(),
                                    GL_INTERLEAVED_ATTRIBS);
    }
    glLinkProgram(id);
    // Attached shaders are only flagged for deletion and go with the program; freed now, as before.
    vs->reset();
    fs->reset();
    GLint ok = 0;
    glGetProgramiv(id, GL_LINK_STATUS, &ok);
    if (!ok) {
        GLint len = 0;
        glGetProgramiv(id, GL_INFO_LOG_LENGTH, &len);
        std::string log(static_cast<size_t>(len > 1 ? len : 1), '\0');
        glGetProgramInfoLog(id, len, nullptr, log.data());
        return make_error("program '" + desc.name + "' (" + api_name(api) + ") failed to link:\n" + log);
    }
    read_uniform_table(id, p.uniforms_);
    return p;
}

GLint ShaderProgram::uniform(const char* name) const {
    const auto it = std::lower_bound(uniforms_.begin(), uniforms_.end(), name,
                                     [](const std::pair<std::string, GLint>& e, const char* n) {
                                         return std::strcmp(e.first.c_str(), n) < 0;
                                     });
    if (it != uniforms_.end() && it->first == name) return it->second;
    if (!std::strchr(name, '[')) return -1;
    ++g_driver_lookups;
    return glGetUniformLocation(id_.get(), name);
}

long ShaderProgram::driver_lookups() { return g_driver_lookups; }

long ShaderProgram::builds() { return g_builds; }

}  // namespace sv::render

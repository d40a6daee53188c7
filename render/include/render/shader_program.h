// Shader programs composed from the chunks in shaders/, for either API from one set of sources.
//
// Each chunk is handed to the compiler as its own source string, preceded by `#line 1 <k>`, so a
// driver's error "k:line(col)" names the chunk and the line within it, which the error message
// here spells out. The loader supplies the version and precision lines: GLSL 330 core for desktop
// GL, GLSL ES 300 with highp defaults for GLES. Chunks therefore never carry a #version line, and
// must stay within the common subset (texelFetch, in/out, no implicit int-to-float conversions).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "render/context.h"
#include "render/gl.h"
#include "render/gl_name.h"

namespace sv::render {

struct ProgramDesc {
    std::string name;                        // for messages
    std::vector<std::string> vertex_chunks;  // file names in shaders/, in order
    std::vector<std::string> fragment_chunks;
    std::vector<std::string> defines;  // "NAME" or "NAME VALUE", emitted as #define lines
    // Chunks given in code rather than read from shaders/ (tests, generated code); looked up
    // before the embedded ones.
    std::map<std::string, std::string> inline_chunks;
    // Vertex outputs captured by transform feedback (interleaved), for read-back programs.
    std::vector<std::string> feedback_varyings;
};

class ShaderProgram {
public:
    static Expected<ShaderProgram> build(Api api, const ProgramDesc& desc);

    GLuint id() const { return id_.get(); }
    // The location of an active uniform, from a table read once at link time: a draw sets a dozen
    // uniforms, and asking the driver for each by name every draw (a string hash in Mesa) was
    // per-frame work for an answer that never changes. No allocation. A name the table lacks is
    // not an active uniform, so -1, as glGetUniformLocation answers; an array element other than
    // [0] ("u_x[3]") is asked of the driver.
    GLint uniform(const char* name) const;
    // How many times uniform() went to the driver (tests: the table answers the draw path).
    static long driver_lookups();
    // How many programs build() has compiled and linked in this process (tests: a pass builds the
    // programs a draw needs, not every one it might).
    static long builds();

private:
    GlProgram id_;
    std::vector<std::pair<std::string, GLint>> uniforms_;  // sorted by name
};

// The version/precision prelude the loader prepends for an API.
std::string shader_prelude(Api api);
// The embedded chunk source by file name, or an error naming the missing chunk.
Expected<std::string> shader_chunk(const std::string& name);
// Every embedded chunk, file name to source (generated from shaders/*.glsl at build time).
const std::map<std::string, std::string>& embedded_shader_chunks();

}  // namespace sv::render

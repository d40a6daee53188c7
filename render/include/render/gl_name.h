// One owner for every GL object name the renderer makes: GlName<Kind> holds a name, deletes it when
// it dies, moves (the source left holding 0) and never copies. Classes that hold GL objects hold
// these, so their moves and destructors are the defaulted ones and cannot forget a member.
//
// Deletion assumes the context that made the name is current when the owner dies, as every
// hand-written destructor here did before: names are per context (or share group), so deleting
// with another context current would free that context's object of the same number. The renderer
// keeps one context per thread and destroys its objects before the context (declare the context
// first; it dies last).
//
// A name of 0 is no object: an empty owner deletes nothing, which is also what makes a moved-from
// owner safe to destroy. Kind supplies `static void destroy(GLuint)` and, for kinds made by
// glGen*, `static GLuint make()`; tests instantiate GlName with a kind of their own that counts
// the calls.
#pragma once

#include <utility>

#include "render/gl.h"

namespace sv::render {

template <class Kind>
class GlName {
public:
    GlName() = default;
    explicit GlName(GLuint name) noexcept : name_(name) {}
    GlName(const GlName&) = delete;
    GlName& operator=(const GlName&) = delete;
    GlName(GlName&& o) noexcept : name_(o.release()) {}
    GlName& operator=(GlName&& o) noexcept {
        // reset(o.release()) alone would be right for self-assignment too (release empties this
        // first), but the test says what the line means.
        if (this != &o) reset(o.release());
        return *this;
    }
    ~GlName() { reset(); }

    // A fresh name from glGen* (kinds that have one).
    static GlName make() { return GlName(Kind::make()); }

    GLuint get() const { return name_; }
    explicit operator bool() const { return name_ != 0; }
    // Deletes the held object, if any, and holds `name` instead.
    void reset(GLuint name = 0) noexcept {
        if (name_) Kind::destroy(name_);
        name_ = name;
    }
    // Gives up the name without deleting it.
    GLuint release() noexcept { return std::exchange(name_, 0); }

private:
    GLuint name_ = 0;
};

namespace gl_kind {
struct Texture {
    static GLuint make() {
        GLuint n = 0;
        glGenTextures(1, &n);
        return n;
    }
    static void destroy(GLuint n) { glDeleteTextures(1, &n); }
};
struct Buffer {
    static GLuint make() {
        GLuint n = 0;
        glGenBuffers(1, &n);
        return n;
    }
    static void destroy(GLuint n) { glDeleteBuffers(1, &n); }
};
struct VertexArray {
    static GLuint make() {
        GLuint n = 0;
        glGenVertexArrays(1, &n);
        return n;
    }
    static void destroy(GLuint n) { glDeleteVertexArrays(1, &n); }
};
struct Framebuffer {
    static GLuint make() {
        GLuint n = 0;
        glGenFramebuffers(1, &n);
        return n;
    }
    static void destroy(GLuint n) { glDeleteFramebuffers(1, &n); }
};
struct Renderbuffer {
    static GLuint make() {
        GLuint n = 0;
        glGenRenderbuffers(1, &n);
        return n;
    }
    static void destroy(GLuint n) { glDeleteRenderbuffers(1, &n); }
};
struct Sampler {
    static GLuint make() {
        GLuint n = 0;
        glGenSamplers(1, &n);
        return n;
    }
    static void destroy(GLuint n) { glDeleteSamplers(1, &n); }
};
// Programs and shaders come from glCreateProgram / glCreateShader(stage): construct from the name.
struct Program {
    static void destroy(GLuint n) { glDeleteProgram(n); }
};
struct Shader {
    static void destroy(GLuint n) { glDeleteShader(n); }
};
}  // namespace gl_kind

using GlTexture = GlName<gl_kind::Texture>;
using GlBuffer = GlName<gl_kind::Buffer>;
using GlVertexArray = GlName<gl_kind::VertexArray>;
using GlFramebuffer = GlName<gl_kind::Framebuffer>;
using GlRenderbuffer = GlName<gl_kind::Renderbuffer>;
using GlSampler = GlName<gl_kind::Sampler>;
using GlProgram = GlName<gl_kind::Program>;
using GlShader = GlName<gl_kind::Shader>;
// Transform feedback objects are not used: the read-back binds its buffer to the default one.

}  // namespace sv::render

#include "render/context.h"

#include <glad/egl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "render/gl.h"
#include "render/phase_timings.h"

namespace sv::render {

bool display_available() {
    const char* x = std::getenv("DISPLAY");
    const char* w = std::getenv("WAYLAND_DISPLAY");
    return (x && *x) || (w && *w);
}

namespace {

std::string hex(unsigned value) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%04x", value);
    return buf;
}

std::string gl_string(GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? reinterpret_cast<const char*>(s) : std::string();
}

void fill_info(ContextInfo& info) {
    info.vendor = gl_string(GL_VENDOR);
    info.renderer = gl_string(GL_RENDERER);
    info.version = gl_string(GL_VERSION);
    const std::string r = info.renderer;
    info.software = r.find("llvmpipe") != std::string::npos || r.find("softpipe") != std::string::npos ||
                    r.find("swrast") != std::string::npos;
}

// Loads GL entry points for the current context. Both loaders read GL_VERSION and load what that
// version has; the merged loader shares one set of pointers, so whichever API is current is the
// one every call reaches.
//
// glTexStorage2D is core in GLES 3.0 (loaded with it) and in GL 4.2, or GL_ARB_texture_storage,
// neither of which the GL 3.3 loader covers: it is loaded here by name where the context has it,
// and left null where it has not (the texture upload then falls back to glTexImage2D a level at a
// time, material_textures.cpp). Why the upload wants it: on Mesa a texture given level 0 and then
// each level by glTexImage2D ends up held about twice (2.3x its texel bytes on llvmpipe, against
// 1.33x for immutable storage), measured with 8 textures of 2048x2048.
Status load_gl(Api api, GLADloadfunc loader) {
    const int version = api == Api::GL ? gladLoadGL(loader) : gladLoadGLES2(loader);
    if (version == 0) return make_error(std::string("could not load ") + api_name(api) + " entry points");
    if (api == Api::GL) {
        bool storage = GLAD_VERSION_MAJOR(version) > 4 ||
                       (GLAD_VERSION_MAJOR(version) == 4 && GLAD_VERSION_MINOR(version) >= 2);
        GLint count = 0;
        glGetIntegerv(GL_NUM_EXTENSIONS, &count);
        for (GLint i = 0; i < count && !storage; ++i) {
            const GLubyte* e = glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i));
            storage = e && std::strcmp(reinterpret_cast<const char*>(e), "GL_ARB_texture_storage") == 0;
        }
        glad_glTexStorage2D =
            storage ? reinterpret_cast<PFNGLTEXSTORAGE2DPROC>(loader("glTexStorage2D")) : nullptr;
    }
    return ok_status();
}

class EglContext final : public Context {
public:
    EglContext(EGLDisplay display, EGLContext context) : display_(display), context_(context) {}
    ~EglContext() override {
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(display_, context_);
        eglTerminate(display_);
    }
    void make_current() override { eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_); }
    ContextInfo& mutable_info() { return info_; }

private:
    EGLDisplay display_;
    EGLContext context_;
};

bool has_extension(const char* list, const char* name) {
    if (!list) return false;
    const size_t n = std::strlen(name);
    for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
    return false;
}

// A hardware EGL device when there is one: Mesa lists its software rasteriser as a device too,
// marked EGL_MESA_device_software, and that one is better reached through the surfaceless
// platform, which is what Mesa documents for it.
EGLDisplay hardware_device_display() {
    if (!GLAD_EGL_EXT_device_enumeration || !GLAD_EGL_EXT_platform_device || !eglQueryDevicesEXT)
        return EGL_NO_DISPLAY;
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (!eglQueryDevicesEXT(16, devices, &count)) return EGL_NO_DISPLAY;
    for (EGLint i = 0; i < count; ++i) {
        const char* ext =
            eglQueryDeviceStringEXT ? eglQueryDeviceStringEXT(devices[i], EGL_EXTENSIONS) : nullptr;
        if (has_extension(ext, "EGL_MESA_device_software")) continue;
        EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (d != EGL_NO_DISPLAY) return d;
    }
    return EGL_NO_DISPLAY;
}

}  // namespace

Expected<std::unique_ptr<Context>> create_headless_context(Api api) {
    PhaseTimer timer("context (EGL, driver)");
    // First pass without a display: only client extensions (the platforms) are known yet.
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
        return make_error("headless: could not load libEGL (install libegl1 and a driver: libegl-mesa0)");

    std::string platform = "egl-device";
    const char* forced = std::getenv("SKINVIEW_EGL_PLATFORM");
    EGLDisplay display = EGL_NO_DISPLAY;
    if (!forced || std::string(forced) != "surfaceless") display = hardware_device_display();
    if (display == EGL_NO_DISPLAY) {
        platform = "egl-surfaceless";
        if (!GLAD_EGL_MESA_platform_surfaceless)
            return make_error("headless: EGL has neither a GPU device nor EGL_MESA_platform_surfaceless");
        display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    }
    if (display == EGL_NO_DISPLAY) return make_error("headless: no EGL display on " + platform);
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor))
        return make_error("headless: eglInitialize failed on " + platform + " (EGL error " +
                          hex(eglGetError()) + ")");
    if (!gladLoaderLoadEGL(display))
        return make_error("headless: could not load EGL " + platform + " entry points");

    if (!eglBindAPI(api == Api::GL ? EGL_OPENGL_API : EGL_OPENGL_ES_API))
        return make_error(std::string("headless: this EGL cannot bind the ") + api_name(api) + " API");
    const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                     api == Api::GL ? EGL_OPENGL_BIT : EGL_OPENGL_ES3_BIT, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint configs = 0;
    // Surfaceless contexts need no config, but some drivers still want one that matches the API.
    if (!eglChooseConfig(display, config_attribs, &config, 1, &configs) || configs == 0) config = nullptr;

    std::vector<EGLint> attribs;
    if (api == Api::GL) {
        attribs = {EGL_CONTEXT_MAJOR_VERSION,
                   3,
                   EGL_CONTEXT_MINOR_VERSION,
                   3,
                   EGL_CONTEXT_OPENGL_PROFILE_MASK,
                   EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                   EGL_NONE};
    } else {
        attribs = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
    }
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attribs.data());
    if (context == EGL_NO_CONTEXT) {
        eglTerminate(display);
        return make_error(std::string("headless: could not create a ") +
                          (api == Api::GL ? "GL 3.3 core" : "GLES 3.0") + " context on " + platform);
    }
    auto ctx = std::make_unique<EglContext>(display, context);
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
        return make_error("headless: eglMakeCurrent without a surface failed on " + platform);
    if (auto s = load_gl(api, reinterpret_cast<GLADloadfunc>(eglGetProcAddress)); !s) return s.error();
    ContextInfo& info = ctx->mutable_info();
    info.api = api;
    info.platform = platform;
    fill_info(info);
    return std::unique_ptr<Context>(std::move(ctx));
}

namespace {

class GlfwContext final : public Context {
public:
    explicit GlfwContext(GLFWwindow* w) : window_(w) {}
    ~GlfwContext() override {
        glfwDestroyWindow(window_);
        glfwTerminate();
    }
    void make_current() override { glfwMakeContextCurrent(window_); }
    GLFWwindow* window() const override { return window_; }
    ContextInfo& mutable_info() { return info_; }

private:
    GLFWwindow* window_;
};

std::string glfw_error_text() {
    const char* description = nullptr;
    const int code = glfwGetError(&description);
    if (code == GLFW_NO_ERROR) return "no reason given";
    return description ? std::string(description) : "error " + std::to_string(code);
}

}  // namespace

Expected<std::unique_ptr<Context>> create_window_context(Api api, int width, int height,
                                                         const std::string& title) {
    if (!display_available()) return make_error("no display: neither DISPLAY nor WAYLAND_DISPLAY is set");
    // GLFW's own description (for X11 e.g. "Failed to open display :99") is what tells a
    // transient server reset from a missing server, so it goes into the message.
    if (!glfwInit()) return make_error("GLFW could not initialise the display: " + glfw_error_text());
    glfwDefaultWindowHints();
    if (api == Api::GL) {
        glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    } else {
        glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    }
    GLFWwindow* w = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (!w) {
        const std::string why = glfw_error_text();
        glfwTerminate();
        return make_error(std::string("GLFW could not open a ") + api_name(api) + " window: " + why);
    }
    glfwMakeContextCurrent(w);
    glfwSwapInterval(1);
    auto ctx = std::make_unique<GlfwContext>(w);
    if (auto s = load_gl(api, reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)); !s) return s.error();
    ContextInfo& info = ctx->mutable_info();
    info.api = api;
    info.platform = "glfw";
    fill_info(info);
    return std::unique_ptr<Context>(std::move(ctx));
}

}  // namespace sv::render

// The browser's context (the web build, docs/web.md): GLES 3.0 is WebGL 2 on the page's canvas,
// through emscripten's GLFW, and its entry points are emscripten's own, so there is nothing to
// load. There is no headless context: the page is the window, and the verbs that render headless
// are the native executable's.
#include <emscripten/html5.h>

#include <string>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "render/context.h"
#include "render/gl.h"

namespace sv::render {

// The canvas is always there; whether WebGL 2 is, create_window_context answers.
bool display_available() { return true; }

namespace {

std::string gl_string(GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? reinterpret_cast<const char*>(s) : std::string();
}

class WebContext final : public Context {
public:
    explicit WebContext(GLFWwindow* w) : window_(w) {}
    ~WebContext() override {
        glfwDestroyWindow(window_);
        glfwTerminate();
    }
    void make_current() override { glfwMakeContextCurrent(window_); }
    GLFWwindow* window() const override { return window_; }
    ContextInfo& mutable_info() { return info_; }

private:
    GLFWwindow* window_;
};

}  // namespace

Expected<std::unique_ptr<Context>> create_headless_context(Api) {
    return make_error("headless rendering is not part of the web build: run the native skinview for it");
}

Expected<std::unique_ptr<Context>> create_window_context(Api api, int width, int height,
                                                         const std::string& title) {
    if (api != Api::GLES)
        return make_error("the browser draws through WebGL 2, which is GLES 3.0: use --api gles");
    if (!glfwInit()) return make_error("GLFW could not initialise the canvas");
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    GLFWwindow* w = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (!w) {
        glfwTerminate();
        return make_error("this browser gives the canvas no WebGL 2 context");
    }
    glfwMakeContextCurrent(w);
    auto ctx = std::make_unique<WebContext>(w);
    ContextInfo& info = ctx->mutable_info();
    info.api = api;
    info.platform = "webgl2";
    info.vendor = gl_string(GL_VENDOR);
    info.renderer = gl_string(GL_RENDERER);
    info.version = gl_string(GL_VERSION);
    // SwiftShader is the browser's software rasteriser (headless Chromium without a GPU).
    info.software = info.renderer.find("SwiftShader") != std::string::npos;
    return std::unique_ptr<Context>(std::move(ctx));
}

}  // namespace sv::render

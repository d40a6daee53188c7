// A GL context: headless (EGL, rendering into a framebuffer object) or windowed (GLFW).
//
// Headless is the path tests, CI and the command line take. On a machine with a GPU, EGL's device
// platform gives that GPU's driver; on a machine without one, Mesa's surfaceless platform gives
// llvmpipe. Both are asked for in that order, so the same binary is right on either.
#pragma once

#include <memory>
#include <string>

#include "anim/core/expected.h"

struct GLFWwindow;

namespace sv::render {

enum class Api { GL, GLES };

const char* api_name(Api api);  // "gl" or "gles"
Expected<Api> parse_api(const std::string& text);

struct ContextInfo {
    Api api = Api::GL;
    std::string vendor;
    std::string renderer;
    std::string version;
    std::string platform;   // "egl-device", "egl-surfaceless", "glfw"
    bool software = false;  // llvmpipe / softpipe / swrast
};

class Context {
public:
    virtual ~Context() = default;
    virtual void make_current() = 0;
    const ContextInfo& info() const { return info_; }
    // The window, or nullptr when headless.
    virtual GLFWwindow* window() const { return nullptr; }

protected:
    ContextInfo info_;
};

// Creates a headless context of the given API. Desktop GL asks for 3.3 core; GLES for 3.0.
Expected<std::unique_ptr<Context>> create_headless_context(Api api);

// Opens a window with a context of the given API. Fails (with the reason) when there is no display.
Expected<std::unique_ptr<Context>> create_window_context(Api api, int width, int height,
                                                         const std::string& title);

// True when a windowing display looks reachable ($DISPLAY or $WAYLAND_DISPLAY is set).
bool display_available();

}  // namespace sv::render

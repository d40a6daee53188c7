// The API's names, shared by the native contexts (context.cpp: EGL and GLFW) and the browser's
// (web/context_web.cpp), so `--api` and the settings key spell them alike on both.
#include "render/context.h"

namespace sv::render {

const char* api_name(Api api) { return api == Api::GL ? "gl" : "gles"; }

Expected<Api> parse_api(const std::string& text) {
    if (text == "gl") return Api::GL;
    if (text == "gles") return Api::GLES;
    return make_error("unknown API '" + text + "': expected 'gl' or 'gles'");
}

}  // namespace sv::render

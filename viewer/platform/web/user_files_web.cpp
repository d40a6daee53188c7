#include <emscripten/emscripten.h>

#include <utility>

#include "user_files.h"

namespace sv::viewer {

namespace {
std::vector<std::string> given;  // the page's thread is the viewer's: no lock
}  // namespace

Status hand_to_user(const std::string& path) {
    // A link to the file's bytes, clicked: the browser's download, which saves it or asks where
    // (the name is the file's; the browser tells the type from it). The object URL is revoked a
    // minute later, not at once: the download reads it after click() returns. What would make it
    // wrong: browsers hold back a page's further downloads that no user input preceded (Chromium
    // asks first); S and Save run in the frame right after their key or click.
    const int handed = EM_ASM_INT(
        {
            try {
                const path = UTF8ToString($0);
                const url = URL.createObjectURL(new Blob([FS.readFile(path)]));
                const link = document.createElement('a');
                link.href = url;
                link.download = path.split('/').pop();
                document.body.appendChild(link);
                link.click();
                link.remove();
                setTimeout(URL.revokeObjectURL.bind(URL, url), 60000);
                return 1;
            } catch (e) {
                return 0;
            }
        },
        path.c_str());
    if (handed) return ok_status();
    return make_error("the browser could not be handed " + path + " as a download");
}

std::vector<std::string> take_settings_given() { return std::exchange(given, {}); }

}  // namespace sv::viewer

// Called by the page (index.html, ccall) with the path its "Load settings" picker wrote the file to.
extern "C" EMSCRIPTEN_KEEPALIVE void skinview_settings_given(const char* path) {
    sv::viewer::given.emplace_back(path);
}

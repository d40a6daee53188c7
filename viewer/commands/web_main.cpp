// The page's main() (the web build, docs/web.md): the viewer on the canvas, on the file the page
// hands over (`?file=URL`, fetched into the browser's memory file system by index.html) or on the
// built-in character. The page's only other argument is `--ui-log` (`?ui-log`): the panels' ui log
// on stderr, which the browser test reads. The verbs, their options and the headless renderer are
// the native executable's (skinview_main.cpp).
#include <cstdio>
#include <string>

#include "data_dir.h"
#include "interactive_viewer.h"
#include "render/precompute_cache.h"

int main(int argc, char** argv) {
    sv::viewer::InteractiveOptions view;
    view.scene.api = "gles";  // WebGL 2
    int files = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--ui-log") {
            view.ui_log = true;
        } else if (arg.rfind("--", 0) == 0) {
            std::fprintf(stderr, "skinview: the page takes --ui-log and one file; '%s' is neither\n",
                         arg.c_str());
            return 2;
        } else if (++files == 1) {
            view.scene.file = arg;
        }
    }
    if (files > 1) {
        std::fprintf(stderr, "skinview: the page opens one file; %d were given\n", files);
        return 2;
    }
    // The tables the build wrote and preloaded (web.cmake), as the native main points at share/.
    sv::render::set_installed_tables_dir(sv::viewer::data_dir() + "/tables");
    return sv::viewer::run_interactive(view);
}

// The page's main() (the web build, docs/web.md): the viewer on the canvas, on the file the page
// hands over as the one argument (`?file=URL`, fetched into the browser's memory file system by
// index.html) or on the built-in character. The page has no command line beyond that: the verbs,
// their options and the headless renderer are the native executable's (skinview_main.cpp).
#include <cstdio>
#include <string>

#include "interactive_viewer.h"

int main(int argc, char** argv) {
    sv::viewer::InteractiveOptions view;
    view.scene.api = "gles";  // WebGL 2
    if (argc > 1) view.scene.file = argv[1];
    if (argc > 2) {
        std::fprintf(stderr, "skinview: the page opens one file; %d were given\n", argc - 1);
        return 2;
    }
    return sv::viewer::run_interactive(view);
}

// The page's sky and sheen tables (render/precompute_cache.h, "The installed tables"), written at
// build time by the web build's own arithmetic: these sources compiled to wasm and run under node
// (viewer/platform/web/web.cmake), as the native build's tables are written by the native
// executable just linked. The page preloads them, so its first picture reads the sky rather than
// computing it (0.31 to 0.37 s on the page in headless Chromium on the two-core machine,
// docs/benchmarks.md). Run under node rather than the browser, the wasm's arithmetic is the same:
// wasm floats are IEEE-754 with no fused or extended steps, and libm is the wasm's own (musl), not
// the host's. What would make it wrong: a build flag that differs between this tool and the page
// (both link the one skinview_render target of the same build).
#include <cstdio>

#include "render/environment.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: web_tables FOLDER\n");
        return 2;
    }
    if (auto s = sv::render::write_precomputed_tables(argv[1]); !s) {
        std::fprintf(stderr, "web_tables: %s\n", s.error().message.c_str());
        return 1;
    }
    return 0;
}

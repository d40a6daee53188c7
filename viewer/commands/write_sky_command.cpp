#include <cstdio>
#include <filesystem>

#include "commands.h"
#include "render/environment.h"

namespace sv::viewer {

int run_write_sky(const WriteSkyArgs& args) {
    int w = 0, h = 0;
    // Twice as wide as high: the equirectangular mapping's texels are square at the equator.
    if (std::sscanf(args.size.c_str(), "%dx%d", &w, &h) != 2 || w < 8 || h < 4 || w > 16384 || h > 8192 ||
        w != 2 * h) {
        std::fprintf(
            stderr,
            "skinview write-sky: --size '%s': expected WIDTHxHEIGHT with WIDTH = 2 HEIGHT, 8..16384\n",
            args.size.c_str());
        return 2;  // a bad value (CONTRIBUTING)
    }
    if (auto s = render::write_hdr(args.output, render::sky_image(w, h)); !s) {
        // The writer's message names its own function; the user named the file.
        std::error_code ec;
        std::fprintf(
            stderr, "skinview write-sky: %s: %s\n", args.output.c_str(),
            std::filesystem::is_directory(args.output, ec) ? "a folder, not a file" : "cannot be written");
        return 1;
    }
    std::printf("wrote %s (%dx%d, the procedural sky)\n", args.output.c_str(), w, h);
    return 0;
}

}  // namespace sv::viewer

#include <cstdio>
#include <filesystem>

#include "commands.h"
#include "render/environment.h"

namespace sv::viewer {

int run_write_tables(const WriteTablesArgs& args) {
    std::error_code ec;
    if (std::filesystem::exists(args.dir, ec) && !std::filesystem::is_directory(args.dir, ec)) {
        std::fprintf(stderr, "skinview write-tables: %s: a file, not a folder\n", args.dir.c_str());
        return 1;  // an output that cannot be written, as a file that cannot be read
    }
    if (auto s = render::write_precomputed_tables(args.dir); !s) {
        std::fprintf(stderr, "skinview write-tables: %s\n", s.error().message.c_str());
        return 1;
    }
    std::printf("wrote the sky and sheen tables to %s\n", args.dir.c_str());
    return 0;
}

}  // namespace sv::viewer

#include <cstdio>

#include "commands.h"
#include "render/environment.h"

namespace sv::viewer {

int run_write_tables(const WriteTablesArgs& args) {
    if (auto s = render::write_precomputed_tables(args.dir); !s) {
        std::fprintf(stderr, "skinview write-tables: %s\n", s.error().message.c_str());
        return 1;
    }
    std::printf("wrote the sky and sheen tables to %s\n", args.dir.c_str());
    return 0;
}

}  // namespace sv::viewer

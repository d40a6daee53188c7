#include <cstdio>

#include "anim/gltf/fix_gltf.h"
#include "commands.h"

namespace sv::viewer {

int run_fix(const FixArgs& args) {
    if (!args.check && args.output.empty()) {
        std::fprintf(stderr, "skinview fix: -o OUT is required (or --check to write nothing)\n");
        return 2;  // a missing option is bad input (CONTRIBUTING)
    }
    auto r = anim::fix_gltf(args.input, args.check ? std::string() : args.output);
    if (!r) {
        std::fprintf(stderr, "skinview fix: %s\n", r.error().message.c_str());
        return args.check ? 2 : 1;
    }
    for (const std::string& line : r->changes) std::printf("%s: %s\n", args.input.c_str(), line.c_str());
    if (args.check) {
        std::printf("%s: %s\n", args.input.c_str(),
                    r->changed ? "fix would change this file" : "nothing to fix");
        return r->changed ? 1 : 0;
    }
    std::printf("%s: %s %s\n", args.input.c_str(),
                r->changed ? "fixed copy written to" : "nothing to fix; byte copy written to",
                args.output.c_str());
    return 0;
}

}  // namespace sv::viewer

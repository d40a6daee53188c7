#include <cctype>
#include <cstdio>
#include <filesystem>

#include "anim/gltf/fix_gltf.h"
#include "commands.h"

namespace sv::viewer {

int run_fix(const FixArgs& args) {
    if (!args.check && args.output.empty()) {
        std::fprintf(stderr, "skinview fix: --output: required (or --check to write nothing)\n");
        return 2;  // a missing option is bad input (CONTRIBUTING)
    }
    if (!args.check) {
        // fix writes what it read: a .gltf as .gltf (and its .bin), a binary file (.glb, .vrm) as
        // .glb (anim/gltf/fix_gltf.h). Known from the names before anything loads; an input of
        // another name is left to the writer, which refuses by the file's own form.
        std::string in = std::filesystem::path(args.input).extension().string();
        for (char& ch : in) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (in == ".gltf" || in == ".glb" || in == ".vrm") {
            const std::string want = in == ".gltf" ? ".gltf" : ".glb";
            const std::string why =
                extension_mismatch(args.output, want, "a " + in + " input is written as " + want);
            if (!why.empty()) {
                std::fprintf(stderr, "skinview fix: --output %s\n", why.c_str());
                return 2;
            }
        }
    }
    auto r = anim::fix_gltf(args.input, args.check ? std::string() : args.output);
    if (!r) {
        // A file that fails to load, or one fix refuses: 1 with or without --check, by the one rule
        // (docs/command-line.md "Exit status").
        std::fprintf(stderr, "skinview fix: %s\n", r.error().message.c_str());
        return 1;
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

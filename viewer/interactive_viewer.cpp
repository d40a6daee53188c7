#include "interactive_viewer.h"

#include <cstdio>

namespace sv::viewer {

// Placeholder until the ImGui viewer lands (issue 6): says so rather than pretending.
int run_interactive(const InteractiveOptions&) {
    std::fprintf(stderr, "skinview: the interactive viewer is not built yet; use 'skinview render'\n");
    return 2;
}

}  // namespace sv::viewer

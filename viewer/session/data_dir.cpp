#include "data_dir.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace sv::viewer {

std::string data_dir() {
    if (const char* env = std::getenv("SKINVIEW_DATA_DIR"); env && *env) return env;
    // /proc/self/exe is the executable itself, through any symlink it was started by (as
    // /usr/bin/skinview from a package, or a link on the PATH); argv[0] would be the link.
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return "share/skinview";
    return (exe.parent_path().parent_path() / "share" / "skinview").lexically_normal().string();
}

}  // namespace sv::viewer

namespace sv::viewer {

std::string default_asset_path() { return (std::filesystem::path(data_dir()) / "humanoid.glb").string(); }

}  // namespace sv::viewer

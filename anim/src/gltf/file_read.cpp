#include "anim/gltf/file_read.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>

namespace sv::anim {

std::string why_unreadable(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) return "no file named (the path is empty)";
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (st.type() == fs::file_type::not_found) return "no such file";
    if (ec) return ec.message();
    if (st.type() == fs::file_type::directory)
        return "it is a folder, not a file (open a .glb, .gltf or .vrm inside it)";
    // A FIFO would block the reader until someone writes to it, a device could never end.
    if (st.type() != fs::file_type::regular)
        return "it is not a regular file (a FIFO, socket or device), which could block or never end";
    return std::string();
}

Expected<std::vector<std::uint8_t>> read_file_bytes(const std::string& path, const std::string& prefix) {
    const auto refuse = [&](const std::string& why) {
        return make_error(path + ": " + prefix + "cannot open the file: " + why);
    };
    if (std::string why = why_unreadable(path); !why.empty()) return refuse(why);
    // stdio rather than a stream: its failures are return values and errno, never exceptions. A
    // path replaced by a folder between the check and the open fails the read (EISDIR), a value.
    errno = 0;
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) return refuse(std::strerror(errno));
    std::vector<std::uint8_t> bytes;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec) bytes.reserve(static_cast<size_t>(size));
    unsigned char buf[1 << 16];
    for (;;) {
        const size_t n = std::fread(buf, 1, sizeof buf, f.get());
        bytes.insert(bytes.end(), buf, buf + n);
        if (n < sizeof buf) break;
    }
    if (std::ferror(f.get()))
        return make_error(path + ": " + prefix + "read failed: " + std::strerror(errno));
    return bytes;
}

}  // namespace sv::anim

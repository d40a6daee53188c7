// Reading a file the user named, as a value: the one place every load of a glTF, GLB, VRM or
// container goes through before a byte is parsed. A folder, a special file (a FIFO, a socket, a
// device), a missing or unreadable path is refused with the path and the reason, never an
// exception: libstdc++'s filebuf throws from underflow when read(2) fails (a folder opens for
// reading on Linux, then reads EISDIR), and that exception ended the viewer ("Is a directory").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::anim {

// Why `path` cannot be read as a file, or "" when it names a regular file: "it is a folder, not a
// file (open a .glb, .gltf or .vrm inside it)", "no such file", "it is not a regular file (a FIFO,
// socket or device), which could block or never end", or the system's reason ("Permission
// denied"). Links are followed. It cannot promise the file is still a file a moment later;
// read_file_bytes's read fails as a value then.
std::string why_unreadable(const std::string& path);

// The whole file. Errors: "PATH: PREFIXcannot open the file: REASON" (why_unreadable's, or the
// open's or the read's system reason); `prefix` names the reader ("glTF: ").
Expected<std::vector<std::uint8_t>> read_file_bytes(const std::string& path, const std::string& prefix = "");

}  // namespace sv::anim

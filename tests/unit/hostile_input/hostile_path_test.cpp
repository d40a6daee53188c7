// Paths that are not readable files, given to the loader: a folder (a Khronos sample's own, or one
// Tab completion ends in), a FIFO, a missing file, a file without read permission. Each is refused
// as a value naming the path and the reason; before, a folder threw out of load_gltf
// ("basic_filebuf::underflow ... Is a directory") and ended the viewer.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "anim/gltf/file_read.h"
#include "anim/gltf/gltf_import.h"
#include "test_paths.h"

namespace {

namespace fs = std::filesystem;

std::string load_message(const std::string& path) {
    auto a = sv::anim::load_gltf(path);
    return a ? "(loaded)" : a.error().message;
}

fs::path scratch(const std::string& name) {
    const fs::path p = sv::test::output_dir() / "hostile_path" / name;
    fs::remove_all(p);
    fs::create_directories(p.parent_path());
    return p;
}

TEST(HostilePath, AFolderIsRefusedByNameNotThrown) {
    const fs::path dir = scratch("Sample.glb");  // a folder named like a file, as some archives unpack
    fs::create_directories(dir);
    std::string msg;
    ASSERT_NO_THROW(msg = load_message(dir.string()));
    EXPECT_EQ(msg, dir.string() +
                       ": glTF: cannot open the file: it is a folder, not a file (open a .glb, .gltf or .vrm "
                       "inside it)");
    // With the trailing slash Tab completion leaves.
    ASSERT_NO_THROW(msg = load_message(dir.string() + "/"));
    EXPECT_NE(msg.find(": glTF: cannot open the file: it is a folder"), std::string::npos) << msg;
}

TEST(HostilePath, AFifoIsRefusedWithoutBeingOpened) {
    const fs::path fifo = scratch("pipe.glb");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // Opening a FIFO for reading blocks until a writer comes: a loader that opened it would hang
    // this test (ctest's timeout) rather than fail it.
    EXPECT_EQ(load_message(fifo.string()),
              fifo.string() +
                  ": glTF: cannot open the file: it is not a regular file (a FIFO, socket or device), which "
                  "could block or never end");
    fs::remove(fifo);
}

TEST(HostilePath, AMissingOrUnreadableFileIsRefusedWithTheReason) {
    EXPECT_EQ(load_message("/no/such/file.glb"),
              "/no/such/file.glb: glTF: cannot open the file: no such file");
    const fs::path locked = scratch("locked.glb");
    std::ofstream(locked) << "glTF";
    fs::permissions(locked, fs::perms::none);
    // Root reads a file whatever its mode: then the check has nothing to show here.
    if (::access(locked.c_str(), R_OK) == 0) {
        fs::permissions(locked, fs::perms::owner_all);
        GTEST_SKIP() << "running as root: a file without read permission is still readable";
    }
    EXPECT_EQ(load_message(locked.string()),
              locked.string() + ": glTF: cannot open the file: Permission denied");
    fs::permissions(locked, fs::perms::owner_all);
}

// The control: a readable file passes the same door and reaches the parser (whose refusal of these
// four bytes is a glTF one, not the file's).
TEST(HostilePath, AReadableFileReachesTheParser) {
    const fs::path f = scratch("four_bytes.glb");
    std::ofstream(f, std::ios::binary) << "glTF";
    EXPECT_EQ(sv::anim::why_unreadable(f.string()), "");
    auto bytes = sv::anim::read_file_bytes(f.string());
    ASSERT_TRUE(bytes) << bytes.error().message;
    EXPECT_EQ(bytes->size(), 4u);
    const std::string msg = load_message(f.string());
    EXPECT_EQ(msg.find("cannot open the file"), std::string::npos) << msg;
    EXPECT_NE(msg, "(loaded)");
}

}  // namespace

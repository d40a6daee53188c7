// The import's progress counters and its cancel flag (anim/gltf/import_progress.h), which the
// viewer's background open shows and sets: every file read and image decoded counted, a cancel
// before the parse or during the decode stopping the import with the cancel error and no Asset,
// and the pool taking no image once the flag is up. What each count should be is taken from the
// file's JSON here (its external URIs, its images), not from the importer.
#include "anim/gltf/import_progress.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "anim/gltf/gltf_import.h"
#include "model_files.h"

using namespace sv::anim;
namespace fs = std::filesystem;

namespace {

fs::path lamp() { return sv::test::khronos_models() / "StainedGlassLamp" / "glTF" / "StainedGlassLamp.gltf"; }

// The document's own count of what a load must read: itself, and each buffer and image by URI
// (not a data: URI); and its images.
struct Expected {
    int files = 1, images = 0;
};
Expected counted_from_json(const fs::path& gltf) {
    std::ifstream in(gltf);
    const nlohmann::json doc = nlohmann::json::parse(in);
    Expected e;
    for (const char* key : {"buffers", "images"})
        for (const auto& item : doc.value(key, nlohmann::json::array()))
            if (item.contains("uri") && item["uri"].get<std::string>().rfind("data:", 0) != 0) ++e.files;
    e.images = static_cast<int>(doc.value("images", nlohmann::json::array()).size());
    return e;
}

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

// The negative control of the two below as well: the same file with the flag never set loads.
TEST(ImportProgress, CountsEveryFileReadAndEveryImageDecoded) {
    if (!fs::exists(lamp())) GTEST_SKIP() << "no " << lamp();
    const Expected want = counted_from_json(lamp());
    ASSERT_EQ(want.files, 21);  // the .gltf, its .bin and 19 PNGs (what the table says)
    ImportProgress progress;
    ImportOptions o;
    o.progress = &progress;
    auto a = load_gltf(lamp().string(), o);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(progress.files_read.load(), want.files);
    EXPECT_EQ(progress.images_total.load(), want.images);
    EXPECT_EQ(progress.images_decoded.load(), want.images);
    EXPECT_EQ(a->images.size(), static_cast<size_t>(want.images));
}

TEST(ImportProgress, ACancelBeforeTheParseReadsOnlyTheFileAndReturnsTheCancelError) {
    if (!fs::exists(lamp())) GTEST_SKIP() << "no " << lamp();
    ImportProgress progress;
    progress.cancel = true;
    ImportOptions o;
    o.progress = &progress;
    auto a = load_gltf(lamp().string(), o);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().message, lamp().string() + ": " + kImportCancelled);
    EXPECT_EQ(progress.files_read.load(), 1);  // the .gltf, read before the flag is looked at
    EXPECT_EQ(progress.images_total.load(), -1);
    EXPECT_EQ(progress.images_decoded.load(), 0);
}

// Cancelled while the images decode on one thread: the import stops within an image of the flag
// (each 2048x2048 PNG takes tens of milliseconds; the watcher sets the flag a few microseconds
// after the first is counted) and returns the cancel error, not an Asset with holes.
TEST(ImportProgress, ACancelDuringTheDecodeStopsBetweenImages) {
    if (!fs::exists(lamp())) GTEST_SKIP() << "no " << lamp();
    ImportProgress progress;
    ImportOptions o;
    o.progress = &progress;
    o.decode_threads = 1;
    std::atomic<bool> stop_watching{false};
    std::thread watcher([&] {
        while (!stop_watching && progress.images_decoded.load() < 1) std::this_thread::yield();
        progress.cancel = true;
    });
    auto a = load_gltf(lamp().string(), o);
    stop_watching = true;
    watcher.join();
    ASSERT_FALSE(a.ok()) << "the import finished although cancelled after its first image";
    EXPECT_TRUE(ends_with(a.error().message, kImportCancelled)) << a.error().message;
    EXPECT_EQ(progress.images_total.load(), 19);
    const int decoded = progress.images_decoded.load();
    std::printf("[ measure ] %d of 19 images decoded when the cancelled import returned\n", decoded);
    EXPECT_GE(decoded, 1);
    EXPECT_LE(decoded, 3) << "the pool went on taking images after the cancel";
}

#include "render/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <filesystem>

#include "render/phase_timings.h"

namespace sv::render {

Status write_png(const std::string& path, const RgbaImage& image) {
    PhaseTimer timer("PNG encode, write");
    if (image.width <= 0 || image.height <= 0 ||
        image.pixels.size() != static_cast<size_t>(image.width) * image.height * 4)
        return make_error("write_png '" + path + "': image is empty or its pixel count does not match " +
                          std::to_string(image.width) + "x" + std::to_string(image.height));
    const auto parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(), image.width * 4))
        return make_error("write_png '" + path + "': could not write the file");
    return ok_status();
}

Expected<RgbaImage> read_png(const std::string& path) {
    int w = 0, h = 0, n = 0;
    stbi_uc* data = stbi_load(path.c_str(), &w, &h, &n, 4);
    if (!data)
        return make_error("read_png '" + path +
                          "': " + (stbi_failure_reason() ? stbi_failure_reason() : "unreadable"));
    RgbaImage img;
    img.width = w;
    img.height = h;
    img.pixels.assign(data, data + static_cast<size_t>(w) * h * 4);
    stbi_image_free(data);
    return img;
}

}  // namespace sv::render

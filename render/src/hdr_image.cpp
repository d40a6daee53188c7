#include "render/hdr_image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace sv::render {

namespace {
constexpr float kPi = 3.14159265358979f;
}

Expected<HdrImage> read_hdr(const std::string& path) {
    if (!std::filesystem::exists(path)) return make_error("environment '" + path + "': no such file");
    if (!stbi_is_hdr(path.c_str()))
        return make_error("environment '" + path + "': not a Radiance .hdr image");
    int w = 0, h = 0, n = 0;
    float* data = stbi_loadf(path.c_str(), &w, &h, &n, 3);
    if (!data)
        return make_error("environment '" + path +
                          "': " + (stbi_failure_reason() ? stbi_failure_reason() : "unreadable"));
    HdrImage img;
    img.width = w;
    img.height = h;
    img.rgb.assign(data, data + static_cast<size_t>(w) * h * 3);
    stbi_image_free(data);
    if (w < 2 || h < 1)
        return make_error("environment '" + path + "': image is " + std::to_string(w) + "x" +
                          std::to_string(h));
    for (size_t i = 0; i < img.rgb.size(); ++i)
        if (!std::isfinite(img.rgb[i]) || img.rgb[i] < 0.0f)
            return make_error("environment '" + path + "': texel " + std::to_string(i / 3) +
                              " is not a finite non-negative radiance");
    return img;
}

Status write_hdr(const std::string& path, const HdrImage& image) {
    if (image.width <= 0 || image.height <= 0 ||
        image.rgb.size() != static_cast<size_t>(image.width) * image.height * 3)
        return make_error("write_hdr '" + path + "': image is empty or its size does not match");
    const auto parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (!stbi_write_hdr(path.c_str(), image.width, image.height, 3, image.rgb.data()))
        return make_error("write_hdr '" + path + "': could not write the file");
    return ok_status();
}

glm::vec2 equirect_uv(glm::vec3 d) {
    return {0.5f + 0.5f * std::atan2(d.z, d.x) / kPi, std::acos(std::clamp(d.y, -1.0f, 1.0f)) / kPi};
}

glm::vec3 equirect_direction(glm::vec2 uv) {
    const float phi = (uv.x - 0.5f) * 2.0f * kPi, theta = uv.y * kPi;
    return {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
}

glm::vec3 sample_equirect(const HdrImage& image, glm::vec2 uv) {
    const float x = uv.x * image.width - 0.5f,
                y = std::clamp(uv.y * image.height - 0.5f, 0.0f, float(image.height - 1));
    const int x0 = static_cast<int>(std::floor(x)), y0 = static_cast<int>(std::floor(y));
    const float fx = x - float(x0), fy = y - float(y0);
    const auto wrap = [&](int i) { return ((i % image.width) + image.width) % image.width; };
    const int y1 = std::min(y0 + 1, image.height - 1);
    const glm::vec3 a = glm::mix(image.at(wrap(x0), y0), image.at(wrap(x0 + 1), y0), fx);
    const glm::vec3 b = glm::mix(image.at(wrap(x0), y1), image.at(wrap(x0 + 1), y1), fx);
    return glm::mix(a, b, fy);
}

}  // namespace sv::render

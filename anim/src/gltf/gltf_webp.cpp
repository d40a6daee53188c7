#include "gltf_webp.h"

#include <cstring>
#include <memory>

#ifdef SKINVIEW_HAVE_WEBP
#include <webp/decode.h>
#endif

#include "anim/gltf/gltf_import.h"

namespace sv::anim::gltf {

bool is_webp(const std::uint8_t* bytes, size_t size) {
    return size >= 12 && std::memcmp(bytes, "RIFF", 4) == 0 && std::memcmp(bytes + 8, "WEBP", 4) == 0;
}

#ifdef SKINVIEW_HAVE_WEBP

Expected<Image> decode_webp(const std::string& name, const std::uint8_t* bytes, size_t size) {
    int w = 0, h = 0;
    if (!WebPGetInfo(bytes, size, &w, &h))
        return make_error(name + ": is a WebP file whose header does not read");
    if (w > kMaxImageSide || h > kMaxImageSide)
        return make_error(name + ": " + std::to_string(w) + "x" + std::to_string(h) + " is larger than the " +
                          std::to_string(kMaxImageSide) + "x" + std::to_string(kMaxImageSide) +
                          " limit; refused before decoding");
    // Owned at once: the copy below may throw (std::bad_alloc), which must not leak libwebp's buffer.
    const std::unique_ptr<std::uint8_t, void (*)(void*)> rgba(WebPDecodeRGBA(bytes, size, &w, &h), WebPFree);
    if (!rgba)
        return make_error(name + ": its " + std::to_string(w) + "x" + std::to_string(h) +
                          " WebP header is readable but the pixels are not");
    Image image;
    image.width = w;
    image.height = h;
    image.rgba.assign(rgba.get(), rgba.get() + static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
    return image;
}

#else

Expected<Image> decode_webp(const std::string& name, const std::uint8_t*, size_t) {
    return make_error(name + ": is a WebP image, which needs libwebp, which this build lacks");
}

#endif

}  // namespace sv::anim::gltf

#include "gltf_image_decode.h"

#include <stb/stb_image.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include "anim/gltf/gltf_import.h"
#include "gltf_names.h"
#include "gltf_png.h"
#include "gltf_texel_buffer.h"
#include "gltf_webp.h"

namespace sv::anim::gltf {

bool is_ktx2(const unsigned char* bytes, size_t size) {
    static const unsigned char id[12] = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
    return size >= sizeof id && std::memcmp(bytes, id, sizeof id) == 0;
}

namespace {

struct StbFree {
    void operator()(void* p) const { stbi_image_free(p); }
};

std::string too_large(const std::string& name, int w, int h) {
    return name + ": " + str(w) + "x" + str(h) + " is larger than the " + str(kMaxImageSide) + "x" +
           str(kMaxImageSide) + " limit; refused before decoding";
}

}  // namespace

DecodedImage decode_rgba8(const EncodedImage& in) {
    DecodedImage d;
    const std::string& name = in.name;
    const unsigned char* bytes = in.bytes;
    const size_t size = in.size;
    if (size > static_cast<size_t>(std::numeric_limits<int>::max())) {
        d.failure = name + ": " + str(size) + " bytes is too large to decode";
        return d;
    }
    if (is_webp(bytes, size)) {
        auto webp = decode_webp(name, bytes, size);
        if (!webp)
            d.failure = webp.error().message;
        else
            d.image = std::move(*webp);
        return d;
    }
    if (is_ktx2(bytes, size)) {
        d.ktx2 = true;
        d.failure = name + ": is KTX2 (KHR_texture_basisu), which skinview does not decode";
        return d;
    }
    const int n = static_cast<int>(size);
    int w = 0, h = 0, comp = 0;
    if (!stbi_info_from_memory(bytes, n, &w, &h, &comp)) {
        d.failure = name + ": is not an image (no PNG, JPEG, BMP, GIF, TGA, PSD, HDR or PNM header)";
        return d;
    }
    if (w > kMaxImageSide || h > kMaxImageSide) {
        d.failure = too_large(name, w, h);
        return d;
    }
    // PNGs by libpng where it reads them (gltf_png.h: the same texels as stb below, about 2.4x
    // faster); anything it refuses, and every other format, by stb as before.
    if (is_png(bytes, size) && decode_png_rgba8(bytes, size, d.image)) return d;
    // What tinygltf's LoadImageData did with its default options (preserve_channels off): four
    // channels asked of stb, 16 bits where stb reads the file so, and the importer then kept each
    // 16-bit value's high byte. stb's own 16-to-8 conversion is also `>> 8`, but the high byte is
    // taken here from the 16-bit decode so the texels cannot depend on that.
    const size_t want = static_cast<size_t>(4);
    int dw = 0, dh = 0, dc = 0;
    if (stbi_is_16_bit_from_memory(bytes, n)) {
        std::unique_ptr<stbi_us, StbFree> px(stbi_load_16_from_memory(bytes, n, &dw, &dh, &dc, 4));
        if (px && dw > 0 && dh > 0) {
            const size_t count = static_cast<size_t>(dw) * static_cast<size_t>(dh) * want;
            size_texel_buffer(d.image.rgba, count);
            for (size_t i = 0; i < count; ++i) d.image.rgba[i] = static_cast<std::uint8_t>(px.get()[i] >> 8);
            d.image.width = dw;
            d.image.height = dh;
            return d;
        }
    }
    std::unique_ptr<stbi_uc, StbFree> px(stbi_load_from_memory(bytes, n, &dw, &dh, &dc, 4));
    if (!px || dw < 1 || dh < 1) {
        d.failure = name + ": its " + str(w) + "x" + str(h) + " header is readable but the pixels are not";
        return d;
    }
    d.image.width = dw;
    d.image.height = dh;
    const size_t count = static_cast<size_t>(dw) * static_cast<size_t>(dh) * want;
    size_texel_buffer(d.image.rgba, count);
    std::memcpy(d.image.rgba.data(), px.get(), count);
    return d;
}

std::vector<size_t> decode_order(const std::vector<EncodedImage>& images) {
    std::vector<size_t> work;
    for (size_t i = 0; i < images.size(); ++i)
        if (images[i].bytes) work.push_back(i);
    std::stable_sort(work.begin(), work.end(),
                     [&](size_t a, size_t b) { return images[a].size > images[b].size; });
    return work;
}

std::vector<DecodedImage> decode_all_rgba8(const std::vector<EncodedImage>& images, unsigned threads,
                                           ImportProgress* progress) {
    std::vector<DecodedImage> out(images.size());
    const std::vector<size_t> work = decode_order(images);
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    threads = static_cast<unsigned>(std::min<size_t>(threads, std::max<size_t>(work.size(), 1)));
    if (progress) progress->images_total = static_cast<int>(work.size());
    std::atomic<size_t> next{0};
    std::exception_ptr thrown;
    std::mutex thrown_mutex;
    // Images handed out one at a time, so a thread that drew a small one takes the next: no fixed
    // split to fall out of balance.
    const auto run = [&] {
        for (size_t k = next++; k < work.size(); k = next++) {
            // Between images, not inside one: stb and libwebp have no way to stop mid-image.
            if (progress && progress->cancel) break;
            try {
                out[work[k]] = decode_rgba8(images[work[k]]);
                if (progress) ++progress->images_decoded;
            } catch (...) {
                const std::lock_guard<std::mutex> lock(thrown_mutex);
                if (!thrown) thrown = std::current_exception();
                next = work.size();  // the load fails: the others stop at their next image
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) {
        try {
            pool.emplace_back(run);
        } catch (const std::system_error&) {
            break;
        }
    }
    run();
    for (std::thread& t : pool) t.join();
    if (thrown) std::rethrow_exception(thrown);
    return out;
}

}  // namespace sv::anim::gltf

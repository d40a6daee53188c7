// Images of an imported glTF: each image's size read from its header and refused when huge before
// a pixel is decoded, buffer-view images bound-checked and decoded here (tinygltf does not check
// their views), and every image widened to RGBA8. Apart from the materials, which only index
// images, and from the meshes, because a decoder bug or a size limit is a question about pixels.
#include <stb/stb_image.h>

#include <cstdint>
#include <limits>

#include "anim/gltf/gltf_import.h"
#include "gltf_importer.h"
#include "gltf_read_guard.h"
#include "gltf_webp.h"

namespace sv::anim::gltf {

// Reads the size from the image's header and refuses a huge one before a pixel is decoded (a
// few header bytes can otherwise ask for gigabytes), then decodes with tinygltf's stb loader.
Status decode_image(tg::Image& image, int idx, const unsigned char* bytes, size_t size) {
    const std::string name = named("image", idx, image.name);
    if (size > static_cast<size_t>(std::numeric_limits<int>::max()))
        return make_error(name + ": " + str(size) + " bytes is too large to decode");
    if (gltf::is_webp(bytes, size)) return gltf::decode_webp(image, name, bytes, size);
    int w = 0, h = 0, comp = 0;
    if (!stbi_info_from_memory(bytes, static_cast<int>(size), &w, &h, &comp))
        return make_error(name + ": is not an image (no PNG, JPEG, BMP, GIF, TGA, PSD, HDR or PNM header)");
    if (w > kMaxImageSide || h > kMaxImageSide)
        return make_error(name + ": " + str(w) + "x" + str(h) + " is larger than the " + str(kMaxImageSide) +
                          "x" + str(kMaxImageSide) + " limit; refused before decoding");
    std::string err, warn;
    image.width = image.height = 0;
    if (!tg::LoadImageData(&image, idx, &err, &warn, 0, 0, bytes, static_cast<int>(size), nullptr))
        return make_error(name + ": its " + str(w) + "x" + str(h) +
                          " header is readable but the pixels are not");
    return ok_status();
}

Status Importer::images() {
    for (size_t i = 0; i < m.images.size(); ++i) {
        const tg::Image* srcp = &m.images[i];
        tg::Image decoded;
        if (srcp->bufferView >= 0 && srcp->image.empty()) {
            decoded = *srcp;
            if (auto st = decode_buffer_view_image(static_cast<int>(i), decoded); !st) return st.error();
            srcp = &decoded;
        }
        const tg::Image& src = *srcp;
        Image d;
        d.name = src.name;
        const std::string name = named("image", i, src.name);
        if (src.width <= 0 || src.height <= 0 || src.component < 1 || src.component > 4 ||
            (src.bits != 8 && src.bits != 16))
            return make_error(name + ": was not decoded (" + str(src.width) + "x" + str(src.height) + ", " +
                              str(src.component) + " channels, " + str(src.bits) + " bits)");
        const size_t px = static_cast<size_t>(src.width) * static_cast<size_t>(src.height);
        const size_t bpc = static_cast<size_t>(src.bits / 8);
        if (src.image.size() < px * static_cast<size_t>(src.component) * bpc)
            return make_error(name + ": decoded data is short");
        d.width = src.width;
        d.height = src.height;
        d.rgba.resize(px * 4);
        for (size_t p = 0; p < px; ++p)
            for (int c = 0; c < 4; ++c) {
                std::uint8_t v = 255;
                const int sc = src.component;
                const int from = sc >= 3 ? c : (c < 3 ? 0 : 1);  // grey(+alpha) fans out
                if (c < 3 || sc == 4 || sc == 2) {
                    if (from < sc) {
                        const size_t at = (p * static_cast<size_t>(sc) + static_cast<size_t>(from)) * bpc;
                        v = bpc == 1 ? src.image[at] : src.image[at + 1];  // 16-bit little-endian: high byte
                    }
                }
                d.rgba[p * 4 + static_cast<size_t>(c)] = v;
            }
        out.images.push_back(std::move(d));
    }
    return ok_status();
}

// tinygltf hands a buffer-view image's bytes to the decoder without checking the view against
// its buffer, so those are deferred (see load_image) and decoded here after the checks.
Status Importer::decode_buffer_view_image(int i, tg::Image& img) const {
    const std::string name = named("image", i, img.name);
    if (static_cast<size_t>(img.bufferView) >= m.bufferViews.size())
        return make_error(name + ": buffer view " + str(img.bufferView) + " is out of range (" +
                          str(m.bufferViews.size()) + " buffer views)");
    const tg::BufferView& bv = m.bufferViews[static_cast<size_t>(img.bufferView)];
    if (bv.buffer < 0 || static_cast<size_t>(bv.buffer) >= m.buffers.size())
        return make_error(name + ": buffer view " + str(img.bufferView) + " names buffer " + str(bv.buffer) +
                          ", which is missing");
    const auto& data = m.buffers[static_cast<size_t>(bv.buffer)].data;
    if (bv.byteOffset > data.size() || bv.byteLength > data.size() - bv.byteOffset)
        return make_error(name + ": buffer view " + str(img.bufferView) + " (offset " + str(bv.byteOffset) +
                          ", length " + str(bv.byteLength) + ") runs past the end of buffer " +
                          str(bv.buffer) + " (" + str(data.size()) + " bytes)");
    return decode_image(img, i, data.data() + bv.byteOffset, bv.byteLength);
}

// tinygltf's image callback. A buffer-view image is left for the importer (its bytes come from a
// view tinygltf did not bound-check); a data-URI or file image is decoded here, size first.
bool load_image(tg::Image* image, const int idx, std::string* err, std::string*, int, int,
                const unsigned char* bytes, int size, void* user) {
    if (image->bufferView >= 0) return true;
    Status st = size < 0 ? Status(make_error("negative size"))
                         : decode_image(*image, idx, bytes, static_cast<size_t>(size));
    if (st) return true;
    static_cast<ReadGuard*>(user)->refusal = st.error().message;
    if (err) *err += st.error().message;
    return false;
}

}  // namespace sv::anim::gltf

// Images of an imported glTF: each image's size read from its header and refused when huge before
// a pixel is decoded, buffer-view images bound-checked and decoded here (tinygltf does not check
// their views), and every image widened to RGBA8. Apart from the materials, which only index
// images, and from the meshes, because a decoder bug or a size limit is a question about pixels.
#include <stb/stb_image.h>

#include <cstdint>
#include <cstring>
#include <limits>

#include "anim/gltf/gltf_import.h"
#include "gltf_importer.h"
#include "gltf_read_guard.h"
#include "gltf_webp.h"

namespace sv::anim::gltf {

bool is_ktx2(const unsigned char* bytes, size_t size) {
    static const unsigned char id[12] = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
    return size >= sizeof id && std::memcmp(bytes, id, sizeof id) == 0;
}

// Reads the size from the image's header and refuses a huge one before a pixel is decoded (a
// few header bytes can otherwise ask for gigabytes), then decodes with tinygltf's stb loader.
Status decode_image(tg::Image& image, int idx, const unsigned char* bytes, size_t size) {
    const std::string name = named("image", idx, image.name);
    if (size > static_cast<size_t>(std::numeric_limits<int>::max()))
        return make_error(name + ": " + str(size) + " bytes is too large to decode");
    if (gltf::is_webp(bytes, size)) return gltf::decode_webp(image, name, bytes, size);
    if (is_ktx2(bytes, size))
        return make_error(name + ": is KTX2 (KHR_texture_basisu), which skinview does not decode");
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

// An image that cannot be drawn degrades, never refuses: the geometry does not depend on it, and
// refusing would cost the user the whole character for one texture. What it costs: a file whose
// every texture is broken loads and draws flat, so the failure must be loud (a report line and an
// audit failure, Asset::image_failures); KTX2 is only a note, since a file may carry it beside a
// fallback the importer uses (gltf_material_import.cpp).
Status Importer::images() {
    for (size_t i = 0; i < m.images.size(); ++i) {
        const int idx = static_cast<int>(i);
        const tg::Image* srcp = &m.images[i];
        tg::Image decoded;
        std::string failure;
        bool ktx2 = facts && facts->ktx2_images.count(idx) > 0;
        if (facts) {
            const auto f = facts->image_failures.find(idx);
            if (f != facts->image_failures.end()) failure = f->second;
        }
        if (failure.empty() && srcp->bufferView >= 0 && srcp->image.empty()) {
            decoded = *srcp;
            if (auto st = decode_buffer_view_image(idx, decoded, failure, ktx2); !st) return st.error();
            srcp = &decoded;
        }
        const tg::Image& src = *srcp;
        Image d;
        d.name = src.name;
        const std::string name = named("image", i, src.name);
        if (failure.empty() && (src.width <= 0 || src.height <= 0 || src.component < 1 || src.component > 4 ||
                                (src.bits != 8 && src.bits != 16)))
            failure = name + ": was not decoded (" + str(src.width) + "x" + str(src.height) + ", " +
                      str(src.component) + " channels, " + str(src.bits) + " bits)";
        const size_t px =
            failure.empty() ? static_cast<size_t>(src.width) * static_cast<size_t>(src.height) : 0;
        const size_t bpc = static_cast<size_t>(src.bits / 8);
        if (failure.empty() && src.image.size() < px * static_cast<size_t>(src.component) * bpc)
            failure = name + ": decoded data is short";
        if (!failure.empty()) {
            // Kept as a 0x0 image so that every index into Asset::images still means the file's image.
            if (!ktx2) out.image_failures.push_back(failure);
            out.report.push_back(failure + "; the file draws without it");
            out.picture_notes.push_back(out.report.back());
            out.images.push_back(std::move(d));
            continue;
        }
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

void Importer::drop_undecoded_textures() {
    const auto drop = [this](TextureRef& t) {
        if (t.image >= 0 && static_cast<size_t>(t.image) < out.images.size() &&
            out.images[static_cast<size_t>(t.image)].rgba.empty())
            t.image = -1;
    };
    for (Material& mat : out.materials) {
        mat.for_each_texture(drop);
        mat.base_color_image = mat.base_color_texture.image;
    }
}

// tinygltf hands a buffer-view image's bytes to the decoder without checking the view against
// its buffer, so those are deferred (see load_image) and decoded here after the checks.
Status Importer::decode_buffer_view_image(int i, tg::Image& img, std::string& failure, bool& ktx2) const {
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
    const unsigned char* bytes = data.data() + bv.byteOffset;
    if (auto st = decode_image(img, i, bytes, bv.byteLength); !st) {
        failure = st.error().message;
        ktx2 = is_ktx2(bytes, bv.byteLength);
    }
    return ok_status();
}

// tinygltf's image callback. A buffer-view image is left for the importer (its bytes come from a
// view tinygltf did not bound-check); a data-URI or file image is decoded here, size first, and
// one that does not decode is kept in the guard for the importer (the load goes on).
bool load_image(tg::Image* image, const int idx, std::string*, std::string*, int, int,
                const unsigned char* bytes, int size, void* user) {
    if (image->bufferView >= 0) return true;
    auto* guard = static_cast<ReadGuard*>(user);
    Status st = size < 0 ? Status(make_error("image " + str(idx) + ": negative size"))
                         : decode_image(*image, idx, bytes, static_cast<size_t>(size));
    if (st) return true;
    guard->image_failures[idx] = st.error().message;
    if (size >= 0 && is_ktx2(bytes, static_cast<size_t>(size))) guard->ktx2_images.insert(idx);
    image->width = image->height = 0;
    return true;
}

}  // namespace sv::anim::gltf

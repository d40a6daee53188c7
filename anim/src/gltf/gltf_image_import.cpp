// Images of an imported glTF: each image's size read from its header and refused when huge before
// a pixel is decoded, buffer-view images bound-checked and decoded here (tinygltf does not check
// their views), and every image widened to RGBA8. Apart from the materials, which only index
// images, and from the meshes, because a decoder bug or a size limit is a question about pixels.
#include <cstdint>
#include <utility>

#include "anim/gltf/gltf_import.h"
#include "gltf_image_decode.h"
#include "gltf_importer.h"
#include "gltf_read_guard.h"

namespace sv::anim::gltf {

// An image that cannot be drawn degrades, never refuses: the geometry does not depend on it, and
// refusing would cost the user the whole character for one texture. What it costs: a file whose
// every texture is broken loads and draws flat, so the failure must be loud (a report line and an
// audit failure, Asset::image_failures); KTX2 is only a note, since a file may carry it beside a
// fallback the importer uses (gltf_material_import.cpp).
//
// In three passes: every check that refuses the file, in the file's order (the first refusal is
// the one a one-at-a-time import gave); then every image decoded at once on the pool
// (gltf_image_decode.h); then the results in the file's order, so the report lines and
// Asset::images read as they did.
Status Importer::images() {
    const size_t n = m.images.size();
    std::vector<EncodedImage> encoded(n);
    std::vector<std::string> failure(n);
    for (size_t i = 0; i < n; ++i) {
        const int idx = static_cast<int>(i);
        const tg::Image& src = m.images[i];
        encoded[i].name = named("image", i, src.name);
        if (facts) {
            const auto f = facts->image_failures.find(idx);
            if (f != facts->image_failures.end()) failure[i] = f->second;
        }
        if (!failure[i].empty()) continue;
        const auto read = encoded_images.find(idx);
        if (read != encoded_images.end()) {
            encoded[i].bytes = read->second.data();
            encoded[i].size = read->second.size();
        } else if (src.bufferView >= 0) {
            auto view = buffer_view_image(idx);
            if (!view) return view.error();
            encoded[i].bytes = view->first;
            encoded[i].size = view->second;
        } else {
            failure[i] = encoded[i].name + ": was not decoded (" + str(src.width) + "x" + str(src.height) +
                         ", " + str(src.component) + " channels, " + str(src.bits) + " bits)";
        }
    }
    std::vector<DecodedImage> decoded = decode_all_rgba8(encoded, decode_threads, progress);
    encoded_images.clear();  // the encoded bytes are not needed past the decode
    // A decode stopped part way leaves images empty that are not failures: nothing of it is kept.
    if (progress && progress->cancel) return make_error(kImportCancelled);
    for (size_t i = 0; i < n; ++i) {
        Image d;
        d.name = m.images[i].name;
        bool ktx2 = false;
        if (failure[i].empty() && !decoded[i].failure.empty()) {
            failure[i] = std::move(decoded[i].failure);
            ktx2 = decoded[i].ktx2;
        }
        if (!failure[i].empty()) {
            // Kept as a 0x0 image so that every index into Asset::images still means the file's image.
            if (!ktx2) out.image_failures.push_back(failure[i]);
            out.report.push_back(failure[i] + "; the file draws without it");
            out.picture_notes.push_back(out.report.back());
            out.images.push_back(std::move(d));
            continue;
        }
        d.width = decoded[i].image.width;
        d.height = decoded[i].image.height;
        d.rgba = std::move(decoded[i].image.rgba);
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
// its buffer, so those are deferred (see load_image) and found here after the checks.
Expected<std::pair<const unsigned char*, size_t>> Importer::buffer_view_image(int i) const {
    const tg::Image& img = m.images[static_cast<size_t>(i)];
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
    return std::make_pair(data.data() + bv.byteOffset, static_cast<size_t>(bv.byteLength));
}

// tinygltf's image callback. A buffer-view image is left for the importer (its bytes come from a
// view tinygltf did not bound-check); a data-URI or file image's bytes are kept in the guard for
// the importer to decode with the others on the pool (the load goes on either way).
bool load_image(tg::Image* image, const int idx, std::string*, std::string*, int, int,
                const unsigned char* bytes, int size, void* user) {
    if (image->bufferView >= 0) return true;
    auto* guard = static_cast<ReadGuard*>(user);
    if (size < 0) {
        guard->image_failures[idx] = "image " + str(idx) + ": negative size";
        return true;
    }
    guard->encoded_images[idx].assign(bytes, bytes + size);
    return true;
}

}  // namespace sv::anim::gltf

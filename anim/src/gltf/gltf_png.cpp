#include "gltf_png.h"

#include <cstring>
#include <utility>
#include <vector>

#ifdef SKINVIEW_HAVE_LIBPNG
#include <png.h>

#include <csetjmp>
#endif

#include "anim/gltf/gltf_import.h"
#include "gltf_texel_buffer.h"

namespace sv::anim::gltf {

bool is_png(const std::uint8_t* bytes, size_t size) {
    static const std::uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    return size >= sizeof sig && std::memcmp(bytes, sig, sizeof sig) == 0;
}

#ifndef SKINVIEW_HAVE_LIBPNG

bool decode_png_rgba8(const std::uint8_t*, size_t, Image&) { return false; }

#else

namespace {

// What libpng's callbacks reach: the encoded bytes and how far they are read.
struct Source {
    const std::uint8_t* bytes;
    size_t size;
    size_t at;
};

void read_from(png_structp p, png_bytep out, png_size_t n) {
    auto* s = static_cast<Source*>(png_get_io_ptr(p));
    if (n > s->size - s->at) png_error(p, "truncated");
    std::memcpy(out, s->bytes + s->at, n);
    s->at += n;
}

// libpng prints errors and warnings on stderr unless told otherwise; a refusal here is not the
// import's message (stb decides that), and a warning (an sRGB profile libpng knows to be wrong,
// an ancillary chunk's CRC) changes no texel.
[[noreturn]] void quiet_error(png_structp p, png_const_charp) { png_longjmp(p, 1); }
void quiet_warning(png_structp, png_const_charp) {}

// The read itself, between setjmp and libpng's longjmp. It creates nothing with a destructor
// after setjmp (a longjmp past one is undefined behaviour): the texels and row pointers live in
// the caller's frame, reached through pointers, and the png structs are freed on both paths.
bool read_png(png_structp p, png_infop info, Source* src, Image* out, std::vector<png_bytep>* rows) {
    if (setjmp(png_jmpbuf(p))) return false;
    png_set_read_fn(p, src, read_from);
    png_set_user_limits(p, static_cast<png_uint_32>(kMaxImageSide), static_cast<png_uint_32>(kMaxImageSide));
    png_read_info(p, info);
    // stb's rule (gltf_png.h): palette, grey below 8 bits and tRNS expanded (tRNS to alpha, compared
    // at the file's own depth, before the 16-bit samples lose their low byte, as stb compares
    // them), the high byte kept, grey to RGB, and alpha 255 added where there is none.
    png_set_expand(p);
    png_set_strip_16(p);
    png_set_gray_to_rgb(p);
    png_set_add_alpha(p, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(p);
    png_read_update_info(p, info);
    const png_uint_32 w = png_get_image_width(p, info), h = png_get_image_height(p, info);
    if (png_get_rowbytes(p, info) != static_cast<size_t>(w) * 4) return false;
    size_texel_buffer(out->rgba, static_cast<size_t>(w) * h * 4);
    rows->resize(h);
    for (png_uint_32 y = 0; y < h; ++y) (*rows)[y] = out->rgba.data() + static_cast<size_t>(y) * w * 4;
    png_read_image(p, rows->data());
    png_read_end(p, nullptr);
    out->width = static_cast<int>(w);
    out->height = static_cast<int>(h);
    return true;
}

}  // namespace

bool decode_png_rgba8(const std::uint8_t* bytes, size_t size, Image& out) {
    png_structp p = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, quiet_error, quiet_warning);
    if (!p) return false;
    png_infop info = png_create_info_struct(p);
    if (!info) {
        png_destroy_read_struct(&p, nullptr, nullptr);
        return false;
    }
    Source src{bytes, size, 0};
    std::vector<png_bytep> rows;
    Image img;
    bool ok = false;
    try {
        ok = read_png(p, info, &src, &img, &rows);
    } catch (...) {  // std::bad_alloc from the texels' vector, never from inside libpng
        png_destroy_read_struct(&p, &info, nullptr);
        throw;
    }
    png_destroy_read_struct(&p, &info, nullptr);
    if (!ok) return false;
    out.width = img.width;
    out.height = img.height;
    out.rgba = std::move(img.rgba);
    return true;
}

#endif

}  // namespace sv::anim::gltf

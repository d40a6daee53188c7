#include "render/float_texture.h"

namespace sv::render {

GlTexture make_float_texture(FloatChannels channels, int width, int height, const float* texels) {
    // Errors left by earlier calls are not this texture's: drained, so the check below sees only
    // the allocation's. (The joint dual quaternions are created at the first dual-quaternion draw,
    // after other passes have run: a stale GL_INVALID_ENUM from one of them once made it refuse,
    // and that draw read zeros.)
    while (glGetError() != GL_NO_ERROR) {
    }
    GlTexture texture = GlTexture::make();
    glBindTexture(GL_TEXTURE_2D, texture.get());
    // Float textures are not filterable on GLES 3.0; texelFetch ignores filtering, but an
    // incomplete texture (a filter it cannot do) samples as black, so NEAREST is required.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    // Rows of 4-byte floats are always 4-byte aligned, so the default unpack alignment (4) holds.
    const bool rgba = channels == FloatChannels::RGBA;
    glTexImage2D(GL_TEXTURE_2D, 0, rgba ? GL_RGBA32F : GL_R32F, width, height, 0, rgba ? GL_RGBA : GL_RED, GL_FLOAT,
                 texels);
    if (glGetError() != GL_NO_ERROR) return {};
    return texture;
}

}  // namespace sv::render

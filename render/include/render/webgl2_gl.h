// The page's GL (the web build: render/gl.h's <glad/gl.h> forwards here, render/CMakeLists.txt): WebGL 2,
// whose entry points emscripten's GLES 3 headers declare and its library binds, so the page has no
// loader at all. This header answers the few loader names the renderer asks at run time with what
// WebGL 2 gives: no desktop GL 3.2 (point sizes are always the program's), and glTexStorage2D, which
// GLES 3.0 always has. A new use of a GLAD_ flag or a glad_ pointer in render/ fails the web build
// until it is answered here.
#pragma once

#include <GLES3/gl3.h>

#define GLAD_GL_VERSION_3_2 0
#define glad_glTexStorage2D glTexStorage2D
// Desktop-only enums named in code the flags above keep from running (GL 3.2's point size).
#define GL_PROGRAM_POINT_SIZE 0x8642

// WebGL 2 maps no buffer: glMapBufferRange and glUnmapBuffer (the GPU read-back of the skinned
// vertices, skinned_pass.cpp) are answered by a copy through getBufferSubData, which is what
// reading a mapped range means there. Reads only: a write or an invalidating map returns NULL,
// as a failed map does, and the caller reports it. What it costs: one copy of the range, freed at
// the unmap. One mapping at a time per source file, as the renderer uses it.
#include <stdlib.h>
#ifdef __cplusplus
extern "C" {
#endif
void glGetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void* data);  // emscripten's WebGL 2
#ifdef __cplusplus
}
#endif
static inline void** skinview_web_mapped_range(void) {
    static void* copy = NULL;
    return &copy;
}
static inline void* skinview_web_map_buffer_range(GLenum target, GLintptr offset, GLsizeiptr length,
                                                  GLbitfield access) {
    void** copy = skinview_web_mapped_range();
    if (access != GL_MAP_READ_BIT || length <= 0 || *copy) return NULL;
    *copy = malloc((size_t)length);
    if (*copy) glGetBufferSubData(target, offset, length, *copy);
    return *copy;
}
static inline GLboolean skinview_web_unmap_buffer(GLenum target) {
    (void)target;
    void** copy = skinview_web_mapped_range();
    free(*copy);
    *copy = NULL;
    return GL_TRUE;
}
#define glMapBufferRange skinview_web_map_buffer_range
#define glUnmapBuffer skinview_web_unmap_buffer

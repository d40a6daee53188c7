// The one include for GL calls. The loader is glad 2, generated at build time for desktop GL 3.3
// core and GLES 3.0 merged into one set of function pointers, so every renderer file is written
// once against the common subset and runs on either API.
#pragma once

#include <glad/gl.h>

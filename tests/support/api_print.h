// Test names that read "gl"/"gles" rather than a byte dump in ctest's list.
#pragma once

#include <ostream>

#include "render/context.h"

namespace sv::render {
inline void PrintTo(Api api, std::ostream* os) { *os << api_name(api); }
}  // namespace sv::render

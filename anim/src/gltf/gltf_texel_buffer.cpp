#include "gltf_texel_buffer.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace sv::anim::gltf {

void size_texel_buffer(std::vector<std::uint8_t>& v, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Below 4 MiB a buffer holds at most one whole huge page: not worth the system call.
    constexpr size_t kHuge = size_t(2) << 20;
    if (v.empty() && bytes >= 2 * kHuge) {
        v.reserve(bytes);  // allocated, not yet touched
        const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
        const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
        const std::uintptr_t last = (begin + bytes) & ~(kHuge - 1);
        // Advice only: a kernel that refuses it (no transparent huge pages) backs the buffer
        // with small pages, as without the call.
        if (last > first) (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
    }
#endif
    v.resize(bytes);
}

}  // namespace sv::anim::gltf

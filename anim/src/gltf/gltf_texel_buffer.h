// The vector a decoded image's texels go into (private to anim/src/gltf): sized, and on Linux its
// memory asked of the kernel in 2 MiB pages (madvise MADV_HUGEPAGE) before it is first touched.
//
// Why: the first write to fresh memory costs a page fault a 4 KiB page, and on the project's
// machine (a virtual machine whose faults are slow) the first write of a 2048x2048 image's 16 MiB
// took 84 to 160 ms against under 1 ms for the same bytes written again, and 1.4 ms with huge
// pages advised (the last line tests/bench/decode_bench prints). In a profile of StainedGlassLamp's
// render, 4 in 10 of the PNG decode's samples were that first write (docs/benchmarks.md "Where a
// heavy file's time goes"). On a machine with cheap faults this gains little and costs nothing.
// What it costs: a huge page is only used where the kernel has one free (transparent huge pages
// in "madvise" or "always" mode; with "never" the advice is ignored), and only the whole 2 MiB
// pages inside the buffer are advised, so the resident size is the buffer's, as before.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sv::anim::gltf {

// `v` resized to `bytes` (zeroed), its whole 2 MiB pages advised huge before the zeroing touches
// them. The texels are the same either way: only how the kernel backs the memory changes.
void size_texel_buffer(std::vector<std::uint8_t>& v, size_t bytes);

}  // namespace sv::anim::gltf

// Texture memory on huge pages (issue #48; docs/benchmarks.md, "Where a heavy file's time goes").
// llvmpipe zeroes each texture's storage as it allocates it, one page fault a 4 KiB page, and that
// was most of a heavy file's upload (StainedGlassLamp: 0.94 to 0.99 s of a 2.0 to 2.3 s render).
// glibc advises transparent huge pages for its large allocations, the driver's included, under
// GLIBC_TUNABLES=glibc.malloc.hugetlb=1: the same render took 1.21 s, for 3 MiB more at the peak.
// The tunable is read only as a process starts, so the executable starts itself again, once, with
// it added.
//
// What it costs: one more exec at start (a few milliseconds), and the variable is inherited by
// whatever skinview starts. What would make it wrong: a kernel whose huge pages are "always"
// (nothing to gain) or "never" (nothing to get), where it does not restart; a tool that wraps the
// process through LD_PRELOAD (valgrind, heaptrack), which a restart could leave, so it does not
// restart under one. SKINVIEW_HUGE_PAGES=0 turns it off.
#pragma once

namespace sv::viewer {

// Called first in main(): returns when the process goes on as it is (already restarted, turned
// off, not a glibc that knows the tunable, huge pages not in madvise mode, a preloaded tool, or the
// restart failed); otherwise the process is replaced by itself with the tunable set.
void restart_with_huge_pages(char** argv);

// What the process runs with, for SKINVIEW_TIMINGS: "on (GLIBC_TUNABLES=...)" or "off (why)".
const char* huge_pages_state();

}  // namespace sv::viewer

// Heap allocations so far in this test executable (see counting_allocator.h).
#pragma once

namespace sv::test {
long allocation_count();
// Those made by the calling thread only.
long allocation_count_this_thread();
}  // namespace sv::test

// Heap allocations so far in this test executable (see counting_allocator.h).
#pragma once

namespace sv::test {
long allocation_count();
}

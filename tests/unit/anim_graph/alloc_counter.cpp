// Replaces global operator new for this test executable so the frame-path tests can count
// allocations. Only counts; the memory comes from malloc as usual.
#include <atomic>
#include <cstdlib>
#include <new>

#include "graph_test_support.h"

namespace {
std::atomic<long> g_allocations{0};
}

long sv::test::allocation_count() { return g_allocations.load(); }

void* operator new(std::size_t n) {
    ++g_allocations;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

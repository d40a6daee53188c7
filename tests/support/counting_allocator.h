// Counts heap allocations by replacing global operator new for one test executable. Include this
// header in exactly one translation unit of that executable (the replacement is a definition);
// everything else declares sv::test::allocation_count() through allocation_count.h.
//
// Only counts: the memory still comes from malloc. Used to prove the per-frame path allocates
// nothing, which a timing test could never show.
#pragma once

#include <atomic>
#include <cstdlib>
#include <new>

#include "allocation_count.h"

namespace sv::test {
namespace detail {
inline std::atomic<long> allocations{0};
// The calling thread's share: a GL driver allocates on its own threads too (llvmpipe compiles
// with LLVM, which is C++), and that is not the code under test.
inline thread_local long thread_allocations = 0;
}  // namespace detail
long allocation_count() { return detail::allocations.load(); }
long allocation_count_this_thread() { return detail::thread_allocations; }
}  // namespace sv::test

// GCC 12 warns (-Wmismatched-new-delete) that the deletes below free() what operator new returned,
// once it inlines this operator new into a caller (at -O1, or with ASan): it is this file's own
// malloc, so the pairing is right. Off for these definitions only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t n) {
    ++sv::test::detail::allocations;
    ++sv::test::detail::thread_allocations;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
// The nothrow forms too (std::stable_sort's temporary buffer uses them): left to the runtime they
// come from its allocator, which under AddressSanitizer is not malloc, and the free() below then
// releases memory it did not allocate (ASan: alloc-dealloc-mismatch).
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    ++sv::test::detail::allocations;
    ++sv::test::detail::thread_allocations;
    return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

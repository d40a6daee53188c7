// Runs a precomputation's rows on every core: the sky's prefiltered atlases (environment.cpp,
// sheen_environment.cpp) take 0.1 to 0.4 s of CPU on one core when no cache holds them.
#pragma once

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <vector>

namespace sv::render::detail {

// body(row) for every row in [0, rows), rows handed out one at a time to up to 8 threads (the
// caller's among them). Each row is computed by the same code whichever thread runs it and writes
// only its own texels, so the result is the same bits for any number of threads. A thread that
// cannot be started leaves its rows to the others.
template <class Body>
void for_each_row(int rows, const Body& body) {
    const unsigned threads = std::min(8u, std::max(1u, std::thread::hardware_concurrency()));
    std::atomic<int> next{0};
    const auto work = [&] {
        for (int r = next++; r < rows; r = next++) body(r);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads && rows > 1; ++t) {
        try {
            pool.emplace_back(work);
        } catch (const std::system_error&) {
            break;
        }
    }
    work();
    for (std::thread& t : pool) t.join();
}

}  // namespace sv::render::detail

#include "background_open.h"

#include <exception>
#include <system_error>
#include <utility>

namespace sv::viewer {

BackgroundOpen::~BackgroundOpen() {
    cancel();
    for (auto& job : cancelled_)
        if (job->thread.joinable()) job->thread.join();
}

bool BackgroundOpen::start(const std::string& path, bool vrm_facing) {
    cancel();
    auto job = std::make_unique<Job>();
    job->path = path;
    Job* j = job.get();  // the Job stays where it is until its thread is joined
    try {
        job->thread = std::thread([j, vrm_facing] {
            Expected<LoadedScene> r = make_error(j->path + ": the load ended without a result");
            try {
                r = load_scene(j->path, vrm_facing, &j->progress);
            } catch (const std::exception& e) {
                r = make_error(j->path + ": " + e.what());
            } catch (...) {
                r = make_error(j->path + ": an unknown exception");
            }
            j->result.emplace(std::move(r));
            j->done.store(true, std::memory_order_release);
        });
    } catch (const std::system_error&) {
        return false;
    }
    current_ = std::move(job);
    return true;
}

void BackgroundOpen::cancel() {
    if (!current_) return;
    current_->progress.cancel = true;
    cancelled_.push_back(std::move(current_));
    reap();
}

std::optional<Expected<LoadedScene>> BackgroundOpen::take_if_done() {
    if (!current_ || !current_->done.load(std::memory_order_acquire)) return std::nullopt;
    current_->thread.join();
    std::optional<Expected<LoadedScene>> r = std::move(current_->result);
    current_.reset();
    return r;
}

int BackgroundOpen::reap() {
    int running = 0;
    for (auto it = cancelled_.begin(); it != cancelled_.end();) {
        if ((*it)->done.load(std::memory_order_acquire)) {
            (*it)->thread.join();
            it = cancelled_.erase(it);
        } else {
            ++running;
            ++it;
        }
    }
    return running;
}

}  // namespace sv::viewer

#include "frame_loop.h"

namespace sv::viewer {

int run_frames(std::unique_ptr<FrameClient> client) {
    while (client->frame()) {
    }
    return client->finish();
}

}  // namespace sv::viewer

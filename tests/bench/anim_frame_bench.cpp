// The per-frame animation path in the shape animation runtimes are compared in: a 65-joint
// humanoid 12 joints deep; a 2 s clip, 61 keys a track, LINEAR, every joint animated in T, R and
// S; each frame advances 1/60 s and loops; per frame: sample, apply_pose (local to world), palette
// (world x inverse bind, formed inside apply_pose). The clips are packed once (pack_clip), as ozz
// builds its runtime animation once offline; BM_SampleOnlyChannels keeps the channel path's figure.
// The side-by-side comparison with ozz-animation is ../shared/bench/ozz (docs/benchmarks.md).
//
// Run: cmake --build <build> --target anim_frame_bench && <build>/tests/bench/anim_frame_bench
#include <benchmark/benchmark.h>

#include <cmath>

#include "anim/asset_tools/asset_builder.h"
#include "anim/pose/blend_poses.h"
#include "anim/pose/clip_sampling.h"
#include "anim/pose/packed_clip.h"
#include "anim/pose/skeleton.h"

using namespace sv::anim;

namespace {

struct Fixture {
    Skeleton skeleton;
    std::vector<int> joint_nodes;
    Clip a, b;
    ClipBinding bind_a, bind_b;
    PackedClip packed_a, packed_b;

    static Clip make_clip(const std::vector<int>& nodes, float phase) {
        Clip c;
        c.name = "bench";
        c.duration = 2.0f;
        const int keys = 61;
        for (size_t j = 0; j < nodes.size(); ++j)
            for (auto path : {TargetPath::Translation, TargetPath::Rotation, TargetPath::Scale}) {
                Channel ch;
                ch.node = nodes[j];
                ch.path = path;
                for (int k = 0; k < keys; ++k) {
                    const float t = 2.0f * float(k) / float(keys - 1);
                    ch.times.push_back(t);
                    const float s = std::sin(3.14159265f * t + phase + float(j));
                    if (path == TargetPath::Rotation) {
                        const float h = 0.5f * s;  // up to about 57 degrees about a tilted axis
                        const float n = 1.0f / std::sqrt(3.0f);
                        ch.values.insert(ch.values.end(),
                                         {n * std::sin(h), n * std::sin(h), n * std::sin(h), std::cos(h)});
                    } else if (path == TargetPath::Translation) {
                        ch.values.insert(ch.values.end(), {0.01f * s, 0.1f + 0.01f * s, 0.0f});
                    } else {
                        ch.values.insert(ch.values.end(), {1.0f + 0.05f * s, 1.0f, 1.0f - 0.05f * s});
                    }
                }
                c.channels.push_back(std::move(ch));
            }
        return c;
    }

    Fixture() {
        Asset asset = build_humanoid_asset(HumanoidShape::PreScale);
        asset.scene.update_matrices();
        skeleton = Skeleton::from_asset(asset, 0).value();
        joint_nodes = asset.skins[0].joints;
        a = make_clip(joint_nodes, 0.0f);
        b = make_clip(joint_nodes, 1.3f);
        bind_a = bind_clip(a, joint_nodes);
        bind_b = bind_clip(b, joint_nodes);
        packed_a = pack_clip(a, bind_a);
        packed_b = pack_clip(b, bind_b);
    }
};

Fixture& fixture() {
    static Fixture f;
    return f;
}

void set_counters(benchmark::State& state, int joints) {
    state.counters["joints"] = joints;
    // Inverted rates: seconds per frame and per joint, printed in ns by the reporter.
    state.counters["per_frame"] =
        benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["per_joint"] = benchmark::Counter(
        double(joints), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_SingleClipFrame(benchmark::State& state) {
    Fixture& f = fixture();
    Skeleton sk = f.skeleton;
    Pose pose(sk.joint_count());
    PackedCursor cursor;
    float time = 0.0f;
    for (auto _ : state) {
        sample_clip(f.packed_a, time, true, pose, cursor);
        sk.apply_pose(pose);
        benchmark::DoNotOptimize(sk.palette().data());
        time += 1.0f / 60.0f;
        if (time >= f.a.duration) time -= f.a.duration;
    }
    set_counters(state, sk.joint_count());
}
BENCHMARK(BM_SingleClipFrame);

void BM_TwoClipBlendFrame(benchmark::State& state) {
    Fixture& f = fixture();
    Skeleton sk = f.skeleton;
    Pose pa(sk.joint_count()), pb(sk.joint_count()), out(sk.joint_count());
    PackedCursor ca, cb;
    float time = 0.0f;
    for (auto _ : state) {
        sample_clip(f.packed_a, time, true, pa, ca);
        sample_clip(f.packed_b, time, true, pb, cb);
        (void)blend_poses(pa, pb, 0.3f, out);  // sizes fixed above: cannot refuse
        sk.apply_pose(out);
        benchmark::DoNotOptimize(sk.palette().data());
        time += 1.0f / 60.0f;
        if (time >= f.a.duration) time -= f.a.duration;
    }
    set_counters(state, sk.joint_count());
}
BENCHMARK(BM_TwoClipBlendFrame);

// The two halves of the single-clip frame on their own, to say where the time goes.
void BM_SampleOnly(benchmark::State& state) {
    Fixture& f = fixture();
    Pose pose(f.skeleton.joint_count());
    PackedCursor cursor;
    float time = 0.0f;
    for (auto _ : state) {
        sample_clip(f.packed_a, time, true, pose, cursor);
        benchmark::DoNotOptimize(pose.rotation.data());
        time += 1.0f / 60.0f;
        if (time >= f.a.duration) time -= f.a.duration;
    }
    set_counters(state, f.skeleton.joint_count());
}
BENCHMARK(BM_SampleOnly);

// The channel path (no packing) on the same clip: what a clip that cannot be packed costs.
void BM_SampleOnlyChannels(benchmark::State& state) {
    Fixture& f = fixture();
    Pose pose(f.skeleton.joint_count());
    SamplingCursor cursor;
    float time = 0.0f;
    for (auto _ : state) {
        sample_clip(f.a, f.bind_a, time, true, pose, cursor);
        benchmark::DoNotOptimize(pose.rotation.data());
        time += 1.0f / 60.0f;
        if (time >= f.a.duration) time -= f.a.duration;
    }
    set_counters(state, f.skeleton.joint_count());
}
BENCHMARK(BM_SampleOnlyChannels);

void BM_ApplyPoseOnly(benchmark::State& state) {
    Fixture& f = fixture();
    Skeleton sk = f.skeleton;
    Pose pose(sk.joint_count());
    sample_clip(f.a, f.bind_a, 0.7f, true, pose);
    for (auto _ : state) {
        sk.apply_pose(pose);
        benchmark::DoNotOptimize(sk.palette().data());
    }
    set_counters(state, sk.joint_count());
}
BENCHMARK(BM_ApplyPoseOnly);

}  // namespace

BENCHMARK_MAIN();

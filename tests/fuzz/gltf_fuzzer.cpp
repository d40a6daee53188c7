// libFuzzer harness: arbitrary bytes through the importer and everything a loaded character meets.
//
// Each input is tried both as a .glb and as .gltf text (the first refuses text at its magic and the
// second refuses a GLB at its first byte, so the wasted half is cheap and the corpus holds plain
// files). On a successful import it builds the Character (frame reports and corrections,
// skeletons, clip bindings, scale conflicts), samples every clip at times in and out of range and
// NaN, and skins every skinned primitive on the CPU reference at all three rungs. What fails it:
// a crash, a sanitizer report, an input slower than -timeout, an empty error message, or a NaN in
// a palette whose skin was reported fine and whose true (double) value fits in float. The last
// condition is deliberate: a clip may key finite scales whose product overflows float (two
// joints scaled 1e20); that palette is infinite honestly, and only a NaN without such an excuse is
// a bug. The rest pose is stricter: Skeleton::create refuses one that overflows, so a created
// character's rest palette must be finite outright.
//
// External files are never read: the base folder is empty, so every external URI is refused.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <glm/gtc/quaternion.hpp>
#include <limits>
#include <vector>

#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "anim/skin_frame/reference_skinner.h"

using namespace sv::anim;

namespace {

// Not assert(): it must fire whatever NDEBUG says.
#define FUZZ_CHECK(cond, what)                                             \
    do {                                                                   \
        if (!(cond)) {                                                     \
            std::fprintf(stderr, "gltf_fuzzer: check failed: %s\n", what); \
            std::abort();                                                  \
        }                                                                  \
    } while (0)

bool all_finite(const std::vector<float>& v) {
    for (float x : v)
        if (!std::isfinite(x)) return false;
    return true;
}

// The palette of skin `k` recomputed in double from the same pose: world_j = parent world x
// local_j (the parent being a joint's world or, for a root joint, its non-joint parent's global),
// palette_j = world_j x inverse_bind_j. True when every element of both fits in float with room.
bool double_palette_fits_float(const Character& c, int k) {
    const CharacterSkin& s = c.skins()[static_cast<size_t>(k)];
    const Skin& skin = c.asset().skins[static_cast<size_t>(k)];
    const auto& nodes = c.asset().scene.nodes;
    const int n = s.skeleton.joint_count();
    std::vector<glm::dmat4> world(static_cast<size_t>(n));
    for (int j = 0; j < n; ++j) {
        const float* t = &s.pose.translation[static_cast<size_t>(j) * 3];
        const float* r = &s.pose.rotation[static_cast<size_t>(j) * 4];
        const float* sc = &s.pose.scale[static_cast<size_t>(j) * 3];
        glm::dmat4 local = glm::mat4_cast(glm::dquat(r[3], r[0], r[1], r[2]));
        for (int a = 0; a < 3; ++a) local[a] *= double(sc[a]);
        local[3] = glm::dvec4(t[0], t[1], t[2], 1.0);
        const int p = s.skeleton.parents()[static_cast<size_t>(j)];
        glm::dmat4 parent(1.0);
        if (p >= 0) {
            parent = world[static_cast<size_t>(p)];
        } else {
            const int up = nodes[static_cast<size_t>(skin.joints[static_cast<size_t>(j)])].parent;
            if (up >= 0) parent = nodes[static_cast<size_t>(up)].global;
        }
        world[static_cast<size_t>(j)] = parent * local;
        const glm::dmat4 pal = world[static_cast<size_t>(j)] * skin.inverse_bind[static_cast<size_t>(j)];
        for (int col = 0; col < 4; ++col)
            for (int row = 0; row < 4; ++row)
                if (!(std::fabs(world[static_cast<size_t>(j)][col][row]) < 1e30) ||
                    !(std::fabs(pal[col][row]) < 1e30))
                    return false;
    }
    return true;
}

bool skin_reported_fine(const Character& c, int k) {
    for (const auto& m : c.skinned_meshes())
        if (m.skin == k && m.report.verdict == FrameVerdict::CannotFix) return false;
    return true;
}

void check_palettes(const Character& c) {
    for (size_t k = 0; k < c.skins().size(); ++k) {
        const auto& pal = c.skins()[k].skeleton.palette();
        if (all_finite(pal)) continue;
        if (skin_reported_fine(c, static_cast<int>(k)) && double_palette_fits_float(c, static_cast<int>(k)))
            FUZZ_CHECK(false, "NaN or infinity in a palette reported fine whose double value fits in float");
    }
}

void exercise(Asset asset) {
    auto created = Character::create(std::move(asset));
    if (!created) {
        FUZZ_CHECK(!created.error().message.empty(), "Character::create refused without a message");
        return;
    }
    Character& c = *created;
    // The rest pose, as created: Skeleton::create refuses one that overflows.
    for (const auto& s : c.skins()) FUZZ_CHECK(all_finite(s.skeleton.palette()), "non-finite rest palette");

    const float nan = std::numeric_limits<float>::quiet_NaN();
    const size_t clips = c.asset().clips.size();
    for (size_t ci = 0; ci < clips && ci < 32; ++ci) {
        const float d = c.asset().clips[ci].duration;
        for (float t : {-1.0f, 0.0f, 0.37f * d, d, 1e9f, nan})
            for (bool loop : {true, false}) {
                c.pose_at(static_cast<int>(ci), t, loop);
                check_palettes(c);
            }
    }
    c.pose_at(clips > 0 ? 0 : -1, 0.5f, true);
    for (size_t i = 0; i < c.skinned_meshes().size(); ++i) {
        const SkinnedMeshNode& s = c.skinned_meshes()[i];
        if (s.mesh < 0 || static_cast<size_t>(s.mesh) >= c.asset().meshes.size()) continue;
        const auto joints = c.joint_matrices(s.skin);
        for (const Primitive& p : c.asset().meshes[static_cast<size_t>(s.mesh)].primitives)
            for (SkinningRung rung :
                 {SkinningRung::RigidDqs, SkinningRung::DqsUniformScale, SkinningRung::LinearBlend}) {
                auto r = reference_skin_positions(p, joints, c.mesh_frame(static_cast<int>(i), true), rung);
                if (!r) FUZZ_CHECK(!r.error().message.empty(), "reference skinner refused without a message");
            }
    }
    (void)c.bind_bounds();
    for (size_t i = 0; i < c.static_meshes().size(); ++i) (void)c.static_mesh_world(static_cast<int>(i));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::uint8_t> bytes(data, data + size);
    for (bool binary : {true, false}) {
        auto a = load_gltf_from_memory(bytes, "", binary);
        if (!a) {
            FUZZ_CHECK(!a.error().message.empty(), "import refused without a message");
            continue;
        }
        exercise(std::move(*a));
    }
    return 0;
}

// The IK panel: a two-bone chain picked from the skeleton or from a detected arm or leg, a target
// and a pole hint in the character's own space (before the root-motion placement, so they walk
// with it), a weight, and the live answer (reachable, solved).
//
// The solve runs on top of whatever the animation wrote this frame: pose the clip, derive the
// world matrices, solve, derive again. The chain is validated when it is picked, so the frame path
// only solves and never formats an error.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "anim/character/character.h"
#include "anim/core/expected.h"
#include "anim/graph/two_bone_ik.h"

namespace sv::ui {

struct IkChain {
    std::string label;  // "arm: LeftArm > LeftForeArm > LeftHand"
    int root = -1, mid = -1, tip = -1;
};

// Arms and legs found by joint name (upper/fore arm and hand, thigh/shin and foot, in the naming
// schemes of Mixamo, Blender and the glTF samples). Heuristic by nature: a rig named otherwise
// is picked by hand from the skeleton.
std::vector<IkChain> detect_limbs(const anim::Skeleton& skeleton);

struct IkPanel {
    bool enabled = false;
    int skin = 0;
    IkChain chain;
    std::vector<IkChain> detected;
    glm::dvec3 target{0.0};
    glm::dvec3 pole{0.0};
    float weight = 1.0f;
    float twist_degrees = 0.0f;
    float soften = 1.0f;
    // The target or pole was moved by hand (a viewport drag, the tab's fields) since the chain
    // placed them: work no file holds, so quitting asks first (ui/quit_guard.h).
    bool moved_by_hand = false;

    // Live, from the last solve.
    bool solved = false;
    bool reachable = false;
    std::string error;  // why the chain cannot be solved; empty when it can

    // Handle drags in the viewport. A handle is grabbed on the click and moves from the next frame
    // on: the click frame's mouse delta is what brought the cursor onto the handle, and applying it
    // would jump the handle by that much.
    enum class Handle { None, Target, Pole };
    Handle grabbed = Handle::None;
    bool grab_frame = false;
    void grab(Handle h) {
        grabbed = h;
        grab_frame = h != Handle::None;
    }
    void release() { grab(Handle::None); }
    // The handle a press at `press` (window pixels) lands on: hit-tested where the button went
    // down and against where the handles were drawn on the frame the user saw (null: not drawn).
    // The target wins where both are within `radius`, as it is drawn on top. At 30 fps a quick
    // grab has the cursor 10 px on by the first frame that sees the press; testing there missed.
    static Handle handle_at(glm::vec2 press, const glm::vec2* target, const glm::vec2* pole,
                            float radius = 10.0f);
    // Where the pole handle is drawn and hit-tested, in window pixels: at its projection `pole`,
    // unless that falls within `clearance` of the target's `target` (an arm seen from the front
    // puts the pole's hint, in front of the elbow, in line with the hand; zoomed out, the forearm is
    // shorter on screen than a handle), where it is pushed out to `clearance` from the target, away
    // from it, or towards `away` (the mid joint on screen) when the two coincide. Only the handle
    // moves, never the pole itself: zooming or orbiting must not change the solve. A drag moves
    // the pole by the drag (the pushed handle slides round the target until the pole clears it).
    // The default, twice the pick radius and a margin, keeps the two handles' pick discs apart.
    static glm::vec2 pole_handle_on_screen(glm::vec2 target, glm::vec2 pole, glm::vec2 away,
                                           float clearance = 24.0f);
    // The handle this frame's mouse delta moves, or null (none grabbed, or the grab's own frame).
    glm::dvec3* handle_to_move();

    // Detects limbs on `skin` and picks the first one (placing target and pole on the current pose).
    void rebuild(const anim::Character& character, int skin);
    // Checks tip's parent is mid and mid's parent is root; on success places the target on the
    // tip and the pole in front of the mid joint, from the skeleton's current world matrices.
    Status set_chain(const anim::Skeleton& skeleton, int root, int mid, int tip);
    // The chain ending at `tip` (its parent and grandparent).
    Status set_chain_from_tip(const anim::Skeleton& skeleton, int tip);
    void place_on_pose(const anim::Skeleton& skeleton);

    // The solver's input as this panel describes it.
    anim::TwoBoneIkInput input(const anim::Skeleton& skeleton) const;
    // Solves on the skin's pose (its world matrices must be derived from it) and records the
    // answer. Does nothing when disabled or when the chain is invalid. The caller re-derives the
    // skeleton afterwards.
    void solve(anim::CharacterSkin& skin);
};

glm::dvec3 joint_world_position(const anim::Skeleton& skeleton, int joint);

}  // namespace sv::ui

// Whether a skin's joints (and, optionally, its mesh node) have ever been walked.
//
// A global that was never derived is the identity, and a skeleton of identities reads as perfectly
// rigid to every frame check: the folds come out inverse_bind_0^-1 x inverse_bind_j, which differ by
// rigid motions on any real character. So every skin-frame question refuses such a skeleton first,
// by name, rather than answer from nothing. Node::version counts walks, not staleness: a skeleton
// walked, moved and not walked again passes this check, and that half is the caller's contract.
#pragma once

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "anim/scene/scene.h"

namespace sv::anim {

// Ok when every joint of `skin` is a valid node with version > 0, and `mesh_node` too when it is
// >= 0. Otherwise an error naming the nodes (the first eight, then a count) and the reason. Also
// refuses a skin with no joints, a joint index out of range, and an inverse-bind count that does
// not match the joint count, naming each.
Status require_skin_walked(const Scene& scene, const Skin& skin, int mesh_node = -1);

}  // namespace sv::anim

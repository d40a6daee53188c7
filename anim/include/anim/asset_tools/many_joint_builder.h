// A generated skin of any joint count, for the palette's multi-row blocks (anim/pose/palette_layout.h):
// the read-back, screenshot and bake tests at 513, 1024 and 4096 joints.
//
// A "sunflower": joint 0 the root at the origin, joints 1..N-1 its children on a Vogel spiral in
// the XY plane (radius 1 m whatever N, facing +Z), each carrying a small closed four-sided petal
// that points outward. The fan is one level deep on purpose: a chain of 4096 joints would put the
// float runtime's accumulated rounding (a few 1e-7 a level) into the comparison with the double
// reference, and the test is about addressing, not depth.
//
// Every vertex reaches across the palette's rows: its own joint j (weight 0.8), j + 512 (mod N,
// another row; 0.08), N - 1 - j (the far end; 0.04), and two of the row-boundary joints 0, 511,
// 512, 1023, 1024, ..., N - 1 (0.04 each, cycling with the vertex), merged where they repeat. The
// far weights are small so the flower keeps its shape when posed; 0.04 of a joint swung by 30
// degrees at a metre is still centimetres, a thousand times the read-back's tolerance.
// Each joint has its own rotation in the one clip "sway" (0 -> its angle about its own axis at
// 1 s -> 0 at 2 s, LINEAR), so a shader that reads joint j's matrix from anywhere else (the old
// single-row addressing, joint % 512) puts vertices visibly elsewhere.
#pragma once

#include <vector>

#include "anim/scene/asset.h"

namespace sv::anim {

// `joints` >= 2 (the root and at least one petal). Deterministic: the same N writes the same bytes.
Asset build_many_joint_asset(int joints);

// The row-boundary joints a generated skin of `joints` joints influences: 0, 511, 512, 1023, ...,
// joints - 1, ascending, without repeats.
std::vector<int> many_joint_probes(int joints);

}  // namespace sv::anim

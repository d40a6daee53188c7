// skinview fix: a corrected copy of a glTF file that every renderer draws alike.
//
// What changes, and nothing else:
// - Each corrected skinned mesh node (normalize_mesh_frame's verdict "corrected") gets a local
//   that makes its global its skin's bind transform A_bind, written as translation, rotation and
//   scale (never a matrix: A_bind from float inverse binds is TRS only to ~1e-7 of its size, which
//   the validator rejects as NODE_MATRIX_NON_TRS); the rotation is the nearest one (polar
//   decomposition) and the residual dropped is reported. That is the correction
//   the viewer applies at load, made permanent. The node stays where it is in the hierarchy.
//   Placement, and why not the alternatives: a spec-following renderer ignores a skinned mesh
//   node's transform and draws sum(w x joint.global x inverseBind x v); an engine that skins in the
//   mesh node's frame draws mesh.global x sum(w x mesh.global^-1 x joint.global x inverseBind) x v,
//   the same picture for linear blending whatever mesh.global is, but its dual-quaternion (or any
//   rigid) blending needs every mesh.global^-1 x joint.global x inverseBind to be rigid, which holds
//   exactly when mesh.global is A_bind and the joints agree (the audit's "defect on the skin frame";
//   a skin whose joints disagree is refused). So with mesh.global == A_bind both kinds of renderer
//   draw the same character. Moving the node to the scene root would do the same with more
//   changed (the hierarchy, the scene's root list); rewriting the inverse binds so that A_bind
//   becomes the identity would also serve renderers that apply the node transform on top of the
//   joints (not the spec), but only by rewriting every vertex, normal, tangent and morph target.
// - The corrected node's children (not the skinned geometry) keep their world placement: their
//   locals are compensated, because spec renderers do place a skinned node's children by it.
//   (The viewer's in-memory correction lets them inherit C and says so in its report.)
// - A skin whose joints are not listed parents-first (a joint before its parent joint) gets them
//   sorted (stable by depth, as the importer does), its inverse-bind accessor reordered in place
//   and every JOINTS_n accessor of the meshes it draws remapped in place.
// Everything else (nodes, names, meshes, materials, images, animations, extensions, extras) is the
// original JSON, and untouched buffer bytes are the original bytes. A file that needs no change is
// copied byte for byte, which is what makes a second fix byte-identical to the first.
//
// Refused, with the reason and nothing written: a skin that cannot be fixed (the audit's reason), a
// node that would need a new local but is animated in translation, rotation or scale (the clip
// would overwrite it), a new local whose TRS form leaves more than kIdentityCorrectionTolerance
// (1e-6) of the correction undone (shear: glTF requires node matrices to decompose as well), a required
// extension not known to be safe to keep, and joint sorting through sparse or shared accessors.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::anim {

struct FixOutcome {
    bool changed = false;
    std::vector<std::string> changes;  // one line each, naming the element and what was done
};

// Plans the fix of `in`; when `out` is not empty, writes it (.glb in, .glb out; .gltf in, .gltf out
// with its rewritten buffers as "<out stem>.bin"). The error names the file, element and reason.
Expected<FixOutcome> fix_gltf(const std::string& in, const std::string& out);

}  // namespace sv::anim

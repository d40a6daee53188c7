// The joint-sorting half of skinview fix (anim/fix_gltf.h): puts a skin's joints parents-first in
// the file itself. Private to anim.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "gltf_container.h"

namespace sv::anim {

// For every skin whose joints list a joint before its parent joint: sorts them (stable by depth in
// joints of that skin, the importer's order), reorders its inverse-bind accessor in place and remaps
// every JOINTS_n accessor of the meshes drawn with it in place. Appends one line per skin changed.
// Refuses (naming the skin and accessor) a sparse or shared accessor, a mesh drawn by two skins
// that would need different remaps, and a joint index out of range.
Status sort_joints_parents_first(GltfContainer& c, std::vector<std::string>& changes);

}  // namespace sv::anim

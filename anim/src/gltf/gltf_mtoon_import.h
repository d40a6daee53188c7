// VRMC_materials_mtoon 1.0 (a material extension) and VRM 0.x's "VRM/MToon" materialProperties
// (the root `VRM` extension) into anim::Material::mtoon. 0.x parameters are mapped to 1.0's the
// way three-vrm's VRMMaterialsV0CompatPlugin maps them, so one shader draws both.
#pragma once

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace tinygltf {
class Model;
}

namespace sv::anim {

// After import_materials. A value that is not what the schema allows (a factor that is not a
// finite number, a colour that is not three, an unknown outline mode, a texture that cannot be
// read) is a note in `out.report` naming the material and the property, and that property keeps
// its default: MToon changes no vertex the file did not mean, so nothing here refuses the file.
void import_mtoon(const tinygltf::Model& model, Asset& out);

}  // namespace sv::anim

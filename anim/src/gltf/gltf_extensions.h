// The glTF extensions skinview knows, and what it does with each (private to anim/src). The
// support table of docs/gltf-support.md is this list in prose; a test holds the two together.
#pragma once

#include <string>
#include <vector>

namespace sv::anim::gltf {

enum class Support {
    Implemented,  // decoded or applied: a file that requires it loads
    Ignored,      // not applied, noted; a file that requires it still loads. Each one changes how a surface
                  // is shaded (materials, lights, texture transforms) or, for KHR_animation_pointer, what
                  // besides nodes moves, never how the geometry is read: refusing would cost the user the
                  // whole character for a shading difference they can see
    Unavailable,  // known and not applied where applying it decides what is drawn or where vertices go
                  // (a decoder this build lacks, KTX2, VRM's extended spring colliders): a file that
                  // requires it is refused by name, one that only uses it is noted
};

struct ExtensionInfo {
    const char* name;
    Support support;
    const char* how;  // one line for notes and the docs table: what skinview does with it, or why not
};

// Every extension the project knows; an extension not listed is unknown (refused when required,
// noted when only used).
const std::vector<ExtensionInfo>& known_extensions();
const ExtensionInfo* find_extension(const std::string& name);

}  // namespace sv::anim::gltf

#include "anim/gltf/findings.h"

#include <regex>

namespace sv::anim {

const char* to_string(Severity s) {
    switch (s) {
        case Severity::Error:
            return "error";
        case Severity::Warning:
            return "warning";
        case Severity::Info:
            return "info";
    }
    return "error";
}

namespace {

using S = Severity;

// The shapes name the fixed words of each message and leave the file's names and numbers open
// (".*"): a name may hold any character, a quote or a colon included, so a shape never tries to
// parse one. The order matters only where one message could match two shapes (IMAGE_FILE_MISSING
// before IMAGE_NOT_DECODED, the VRM expressions line that says what is not drawn before the plain one).
const std::vector<FindingKind> kCatalogue = {
    // The document's extensions (gltf_document_checks.cpp).
    {"EXTENSION_UNKNOWN", S::Warning, "loader",
     "glTF: extension '.*' is used by the file and unknown to skinview; ignored"},
    {"EXTENSION_NOT_APPLIED", S::Warning, "loader",
     "glTF: extension '.*' is used by the file and not applied: .*"},
    // Animation channels (gltf_document_checks.cpp, gltf_animation_import.cpp).
    {"ANIMATION_POINTER_SKIPPED", S::Warning, "loader",
     "animation \\d+.* channel \\d+: KHR_animation_pointer '.*': .*; skipped"},
    {"ANIMATION_CHANNEL_NO_TARGET", S::Info, "loader",
     "animation \\d+.* channel \\d+: has no target node; skipped \\(glTF: such a channel is ignored\\)"},
    {"ANIMATION_ALL_CHANNELS_SKIPPED", S::Warning, "loader",
     "animation \\d+.*: every channel was skipped; not listed as a clip"},
    // Images and textures (gltf_image_import.cpp, gltf_material_import.cpp).
    {"IMAGE_FILE_MISSING", S::Warning, "loader",
     "image \\d+.*: no file '.*' in the glTF's folder; the file draws without it"},
    {"IMAGE_NOT_DECODED", S::Warning, "loader", "image \\d+.*; the file draws without it"},
    {"TEXTURE_KTX2_NOT_DECODED", S::Warning, "loader",
     ".*: texture \\d+ has only image \\d+.*, KTX2 through KHR_texture_basisu, which skinview does not "
     "decode; "
     "drawn untextured"},
    // Cameras and lights (gltf_scene_objects_import.cpp).
    {"CAMERA_INVALID", S::Warning, "loader", "camera \\d+.*: .*; it cannot be used"},
    {"LIGHT_INVALID", S::Warning, "loader", "light \\d+.*: .*; it is not drawn"},
    {"LIGHT_MISSING", S::Warning, "loader",
     "node \\d+.*: KHR_lights_punctual light .* does not exist \\(\\d+ lights\\); ignored"},
    // Meshes and weights (gltf_mesh_import.cpp).
    {"MESH_SHARED_BY_SKINS", S::Info, "loader",
     "mesh \\d+.*: drawn with skins \\d+ and \\d+; imported once per skin, each with its own joint remap"},
    {"WEIGHTS_NOT_NORMALISED", S::Warning, "loader",
     "\\d+ vertices had weights not summing to 1 over their .* influence sets? \\(JOINTS_n/WEIGHTS_n, .*\\); "
     "renormalised"},
    {"WEIGHTS_ALL_ZERO", S::Warning, "loader",
     "\\d+ vertices had all weights zero; bound to their first joint with weight 1"},
    // Skins (gltf_skin_import.cpp): the glTF validator's skin and node warnings, and the joint order.
    {"SKIN_NO_COMMON_ROOT", S::Warning, "loader",
     "skin \\d+.*: joints are not connected: joint 0 \\(node \\d+ .*\\) and joint \\d+ \\(node \\d+ .*\\) "
     "have no "
     "common root"},
    {"SKIN_JOINTS_NOT_PARENTS_FIRST", S::Warning, "loader",
     "skin \\d+.*: joints were not listed parents-first \\(joint \\d+ \\(node \\d+ .*\\) is listed before "
     "its "
     "parent, joint \\d+ \\(node \\d+ .*\\)\\); sorted, and vertex joint indices remapped"},
    {"SKINNED_MESH_NOT_ROOT", S::Warning, "loader",
     "node \\d+.*: a skinned mesh node that is not a root; glTF ignores the transforms of its ancestors, so "
     "it "
     "draws as if at the root"},
    {"SKINNED_MESH_LOCAL_TRANSFORM", S::Warning, "loader",
     "node \\d+.*: a skinned mesh node carries a local transform, which glTF says is ignored"},
    // Material extensions (gltf_transmission_import.cpp) and MToon (gltf_mtoon_import.cpp).
    {"MATERIAL_EXTENSION_DROPPED", S::Warning, "loader",
     ".*KHR_materials_\\w+.*: .*; the extension is not drawn on this material"},
    {"MTOON_VALUE_DEFAULTED", S::Warning, "loader",
     ".*(VRMC_materials_mtoon|VRM/MToon) .*: .*; left at its default"},
    {"MTOON_PART_NOT_DRAWN", S::Warning, "loader",
     ".*(VRMC_materials_mtoon|VRM/MToon) .*: not drawn \\(skinview approximates MToon without it\\)"},
    {"MTOON_NOT_AN_OBJECT", S::Warning, "loader",
     "material \\d+.* VRMC_materials_mtoon: is not an object; drawn as its glTF material"},
    {"MTOON_NO_MATERIAL", S::Warning, "loader",
     "VRM materialProperties\\[\\d+\\]: no material \\d+ \\(the file has \\d+\\); not drawn"},
    {"MTOON_TEXTURE_NOT_DRAWN", S::Warning, "loader",
     ".*(VRMC_materials_mtoon|VRM/MToon).*; drawn without it"},
    {"MTOON_SUMMARY", S::Info, "loader",
     "MToon: \\d+ materials drawn with the MToon approximation \\(.*; no matcap, no UV animation\\)"},
    // VRM avatars (vrm_import.cpp, vrm_expressions_import.cpp; the runtime's frame_context.cpp).
    {"VRM_EXPRESSION_BINDS_NOT_DRAWN", S::Warning, "loader",
     "VRM expressions: .*; \\d+ MToon colour binds \\(shade, matcap, rim, outline\\) not drawn"},
    {"VRM_SUMMARY", S::Info, "loader",
     "VRM: VRM (1\\.0 \\(VRMC_vrm|0\\.x \\(VRM).*\\)|VRM meta: .*|VRM humanoid: \\d+ bones mapped .*|"
     "VRM spring bones: \\d+ springs, .*|VRM expressions: .*|VRMC_node_constraint: \\d+ constraints .*|"
     "VRM look-at: type .*"},
    {"VRM_BIND_NOT_APPLIED", S::Warning, "loader",
     "(VRMC_vrm expressions|VRM "
     "blendShapeMaster).*\\.(materialColorBinds|textureTransformBinds|materialValues)"
     "\\[\\d+\\]: not applied: .*"},
    {"VRM_LOOK_AT_NOT_APPLIED", S::Warning, "loader",
     "(VRMC_vrm lookAt|VRM firstPerson look-at|VRM look-at): not applied: .*"},
    {"VRM_LOOK_AT_CURVE_STRAIGHTENED", S::Warning, "loader",
     "VRM firstPerson look-at: a curve of its own on \\d+ of the 4 degree maps; .*"},
    {"VRM_SPRINGS_NOT_SIMULATED", S::Warning, "loader", "VRM spring bones: not simulated: .*"},
    {"VRM_CONSTRAINTS_NOT_APPLIED", S::Warning, "loader", "VRMC_node_constraint: not applied: .*"},
    {"VRM_HUMANOID_BONE_NOT_TRS", S::Warning, "loader",
     "VRM humanoid bone '.*' \\(node \\d+\\): (has a matrix; VRM requires TRS with positive uniform scale|"
     "scale .* is not positive and uniform \\(to 1e-6 of its size\\), as VRM requires)"},
    {"VRM0_FACING", S::Info, "viewer",
     "VRM 0\\.x: (turned 180 degrees about \\+Y to face \\+Z .*|shown as stored, facing -Z "
     "\\(--no-vrm-facing\\))"},
    // VRM Animation (vrm_animation_import.cpp).
    {"VRMA_IN_AVATAR_NOT_READ", S::Info, "loader",
     "VRMC_vrm_animation: not read; the file is a VRM avatar, whose own humanoid map retargeting reads"},
    {"VRMA_SPEC_VERSION_UNKNOWN", S::Warning, "loader",
     "VRM Animation: specVersion '.*' is not 1\\.0; read as 1\\.0"},
    {"VRMA_SUMMARY", S::Info, "loader",
     "VRM: VRM Animation 1\\.0 \\(VRMC_vrm_animation.*\\)|VRM Animation humanoid: \\d+ bones mapped; .*|"
     "VRM Animation expressions: .*|VRM Animation lookAt: node \\d+ .*|"
     "VRM Animation: a skin '.*' of \\d+ joints made over the humanoid nodes .*"},
    // The audit's own statements (viewer/commands/audit_command.cpp): its failures, then its notes.
    {"FILE_NOT_LOADED", S::Error, "audit", "does not load: .*"},
    {"TEXTURE_NOT_DRAWN", S::Error, "audit", "texture not drawn: .*"},
    {"MESH_FRAME_CANNOT_FIX", S::Error, "audit",
     "skin \\d+ \\(.*\\) mesh node \\d+ \\(.*\\) cannot be fixed: .*"},
    {"MESH_FRAME_NON_RIGID", S::Error, "audit",
     "skin \\d+ \\(.*\\) mesh node \\d+ \\(.*\\): the correction absorbs .* of non-rigidity \\(strict "
     "tolerance "
     ".*\\)"},
    {"MESH_FRAME_CORRECTED", S::Info, "audit",
     "skin \\d+ \\(.*\\) mesh node \\d+ \\(.*\\): mesh node '.*' moved onto the skin frame of '.*', "
     "absorbing .* of "
     "non-rigidity.*"},
    {"NODE_SCALE_REACHES_SKIN", S::Info, "audit",
     "node \\d+.*: scale \\(.*\\) reaches skin \\d+.*: its (joints|joints and mesh node .*|mesh node .*)"},
    {"CLIP_SCALE_CONFLICT", S::Info, "audit",
     "skin \\d+.*: clip '.*' channel \\d+ scales node \\d+ .* \\((uniform|non-uniform), range .*\\), reaches "
     "\\d+ "
     "joints.*"},
    {kUncataloguedCode, S::Warning, "any", ""},
};

// Compiled once: a regular expression a row, in the table's order (the catch-all's empty shape is
// never tried).
const std::vector<std::regex>& compiled() {
    static const std::vector<std::regex> re = [] {
        std::vector<std::regex> out;
        for (const FindingKind& k : kCatalogue) out.emplace_back(k.shape, std::regex::ECMAScript);
        return out;
    }();
    return re;
}

}  // namespace

const std::vector<FindingKind>& finding_catalogue() { return kCatalogue; }

const FindingKind* find_finding(std::string_view code) {
    for (const FindingKind& k : kCatalogue)
        if (code == k.code) return &k;
    return nullptr;
}

const FindingKind& classify_finding(const std::string& message) {
    // '.' matches no line break, and a VRM meta value (a licence text) may hold some: they are read
    // as spaces. libstdc++ matches ".*" by recursion, a frame a character, so a message of a file's
    // own text (a meta value can be any length) is matched on its first and last 2048 characters.
    // The fixed words of every shape are within those of any message the importer writes; what
    // would make it wrong is a shape whose fixed words sit more than 2048 characters from both ends.
    constexpr size_t kEnd = 2048;
    std::string text = message.size() <= 2 * kEnd
                           ? message
                           : message.substr(0, kEnd) + message.substr(message.size() - kEnd);
    for (char& ch : text)
        if (ch == '\n' || ch == '\r') ch = ' ';
    const auto& re = compiled();
    for (size_t i = 0; i + 1 < kCatalogue.size(); ++i)
        if (std::regex_match(text, re[i])) return kCatalogue[i];
    return kCatalogue.back();
}

}  // namespace sv::anim

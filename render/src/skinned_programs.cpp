// SkinnedPass's programs, each built the first time a draw or read-back asks for it: the plain
// draw program of a rung, its position read-back twin, and the material variants. A file that
// draws one rung with one material feature set compiles one program, where every rung's draw and
// read-back programs (twelve) used to be compiled when the pass was made.
#include <cstdio>
#include <string>

#include "render/skinned_pass.h"

namespace sv::render {

namespace {

// The sources and defines shared by a rung's plain draw and read-back programs; `index` is
// SKIN_MODE, or past kNoFallback the same rung without the collapsed-joint fallback.
ProgramDesc plain_desc(size_t index, size_t no_fallback_from, const std::string& name) {
    const bool no_fallback = index >= no_fallback_from;
    const size_t mode = no_fallback ? index - no_fallback_from : index;
    ProgramDesc desc{name,
                     {"palette.glsl", "dual_quat.glsl", "morph.glsl", "skinned_vs.glsl"},
                     {"brdf.glsl", "punctual_lights.glsl", "material_fs.glsl"},
                     {"SKIN_MODE " + std::to_string(mode)},
                     {},
                     {}};
    if (no_fallback) desc.defines.push_back("SKIN_DQ_NO_FALLBACK");
    return desc;
}

std::string rung_name(size_t index, size_t unskinned, size_t no_fallback_from) {
    const bool no_fallback = index >= no_fallback_from;
    const size_t mode = no_fallback ? index - no_fallback_from : index;
    return (mode == unskinned ? std::string("unskinned") : anim::to_id(static_cast<SkinMode>(mode))) +
           (no_fallback ? "_no_fallback" : "");
}

}  // namespace

const ShaderProgram* SkinnedPass::draw_program(size_t index) {
    ShaderProgram& program = draw_programs_[index];
    if (program.id()) return &program;
    if (draw_failed_[index]) return nullptr;
    auto built = ShaderProgram::build(
        api_, plain_desc(index, kNoFallback, "skinned_" + rung_name(index, kUnskinned, kNoFallback)));
    if (!built) {
        draw_failed_[index] = true;
        std::fprintf(stderr, "skinview: meshes of this skinning rung are not drawn: %s\n",
                     built.error().message.c_str());
        return nullptr;
    }
    program = std::move(*built);
    return &program;
}

Expected<const ShaderProgram*> SkinnedPass::feedback_program(size_t index) {
    ShaderProgram& program = feedback_programs_[index];
    if (program.id()) return &program;
    ProgramDesc desc =
        plain_desc(index, kNoFallback, "skinned_" + rung_name(index, kUnskinned, kNoFallback) + "_feedback");
    desc.feedback_varyings = {"v_world_position"};
    auto built = ShaderProgram::build(api_, desc);
    if (!built) return built.error();
    program = std::move(*built);
    return &program;
}

const ShaderProgram* SkinnedPass::variant_program(size_t index, unsigned variant) {
    if (failed_variants_.count(variant)) return nullptr;
    ShaderProgram& program = layered_programs_[{index, variant}];
    if (program.id()) return &program;
    const bool no_fallback = index >= kNoFallback;
    const size_t skin_mode = no_fallback ? index - kNoFallback : index;
    ProgramDesc desc{"skinned_layered_" + std::to_string(index) + "_" + std::to_string(variant),
                     {"palette.glsl", "dual_quat.glsl", "morph.glsl", "skinned_vs.glsl"},
                     {"brdf.glsl", "iridescence.glsl", "anisotropy.glsl", "punctual_lights.glsl"},
                     {"SKIN_MODE " + std::to_string(skin_mode)},
                     {},
                     {}};
    if (variant & kVariantTransmission) desc.fragment_chunks.push_back("transmission.glsl");
    if (variant & kVariantDiffuseTransmission) desc.fragment_chunks.push_back("diffuse_transmission.glsl");
    if (variant & kVariantMToon) desc.fragment_chunks.push_back("mtoon.glsl");
    desc.fragment_chunks.push_back("material_fs.glsl");
    if (variant & kVariantLayers) desc.defines.push_back("MATERIAL_LAYERS");
    if (variant & kVariantIridescence) desc.defines.push_back("MATERIAL_IRIDESCENCE");
    if (variant & kVariantAnisotropy) desc.defines.push_back("MATERIAL_ANISOTROPY");
    if (variant & kVariantFlatNormals) desc.defines.push_back("FLAT_NORMALS");
    if (variant & kVariantTransmission) desc.defines.push_back("TRANSMISSION");
    if (variant & kVariantDiffuseTransmission) desc.defines.push_back("DIFFUSE_TRANSMISSION");
    if (variant & kVariantMToon) desc.defines.push_back("MTOON");
    if (no_fallback) desc.defines.push_back("SKIN_DQ_NO_FALLBACK");
    auto built = ShaderProgram::build(api_, desc);
    if (!built) {
        failed_variants_.insert(variant);
        std::fprintf(
            stderr,
            "skinview: the material shader variant %s%s%s%s%s%s%s did not build (%s); those materials "
            "are drawn with fewer of their extensions (the next variant that builds, or the plain "
            "shading)\n",
            variant & kVariantLayers ? "MATERIAL_LAYERS " : "",
            variant & kVariantIridescence ? "MATERIAL_IRIDESCENCE " : "",
            variant & kVariantAnisotropy ? "MATERIAL_ANISOTROPY " : "",
            variant & kVariantFlatNormals ? "FLAT_NORMALS " : "",
            variant & kVariantTransmission ? "TRANSMISSION " : "",
            variant & kVariantDiffuseTransmission ? "DIFFUSE_TRANSMISSION " : "",
            variant & kVariantMToon ? "MTOON" : "", built.error().message.c_str());
        return nullptr;
    }
    program = std::move(*built);
    return &program;
}

}  // namespace sv::render

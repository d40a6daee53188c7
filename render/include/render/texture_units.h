// Every texture unit the renderer binds, and the sampler uniform that reads it, in one table.
//
// Why one home: two users of one unit read each other's textures (that drew every DQS mesh at its
// bind pose once: identity dual quaternions read from an unbound unit), and while the units lived
// in six files each file could check only the units it knew of. Here the compiler
// checks every pair that can meet in one program, and tests/gl/render_core's
// texture_units_test.cpp holds each linked program's sampler uniforms (glGetUniformiv) to this
// table, so a binding that names the wrong constant is red too.
//
// Limits (OpenGL ES 3.0's minimums; desktop GL 3.3's are larger): a unit's number runs to
// GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, at least 32, so units 16..31 are legal; what is capped at 16
// is the count of samplers one stage of one program uses (GL_MAX_TEXTURE_IMAGE_UNITS for the
// fragment stage, GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS for the vertex stage). The plain skinned
// program, the layered one and the MToon one stay within 16 fragment samplers; the layers with
// iridescence, anisotropy or a transmission go past it, and a GLES 3.0 device at its minimum then
// refuses that variant and the pass draws the material with a smaller one (skinned_pass.cpp).
#pragma once

#include <cstddef>
#include <string_view>

#include "render/gl.h"

namespace sv::render {

inline constexpr GLuint kGles3MinCombinedUnits = 32;
inline constexpr int kGles3MinStageSamplers = 16;

// The skinning pass's vertex stage (skinned_pass.cpp, palette_texture.cpp, joint_dq_texture.cpp).
// 31, the influences past the eighth, is the last combined unit, far from the material's.
inline constexpr GLuint kPaletteUnit = 0, kMorphDeltaUnit = 2, kMorphWeightUnit = 3, kJointDqUnit = 10,
                        kInfluenceUnit = 31;
// The material's slots, in TextureSlot's order (material_binding.h): 1 is the base colour's (kept
// from before), the rest fill what the vertex stage and the environment leave.
inline constexpr GLuint kMaterialUnits[] = {1, 4, 5, 6, 7, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22};
// The environment (material_binding.cpp): its prefiltered atlas and BRDF table, and the sheen lobe's.
inline constexpr GLuint kEnvironmentUnit = 8, kBrdfLutUnit = 9, kSheenAtlasUnit = 16, kSheenAlbedoUnit = 17;
// KHR_materials_transmission (transmission_binding.cpp) and the frame's backdrop.
inline constexpr GLuint kTransmissionUnit = 24, kThicknessUnit = 25, kBackdropUnit = 26;
// KHR_materials_diffuse_transmission (diffuse_transmission_binding.cpp).
inline constexpr GLuint kDiffuseTransmissionUnit = 27, kDiffuseTransmissionColorUnit = 28,
                        kDiffuseTransmissionThicknessUnit = 29;
// VRMC_materials_mtoon (mtoon_binding.cpp). An MTOON program compiles neither transmission (MToon
// replaces the PBR shading those extend; skinned_pass.cpp never asks for both), so its shift and
// rim share transmission's 24 and 25; the outline width is read by the vertex stage.
inline constexpr GLuint kMToonShadeUnit = 23, kMToonShiftUnit = 24, kMToonRimUnit = 25,
                        kMToonOutlineUnit = 30;
// The environment background's own program (environment_background.cpp): 0 and 1, which the
// material binds again at every draw anyway.
inline constexpr GLuint kBackgroundPanoramaUnit = 0, kBackgroundAtlasUnit = 1;

// Which program, or which part of the skinned program, reads a sampler. The bits are the skinned
// pass's variants (SkinnedPass::kVariant*, which skinned_pass.cpp holds equal to these); a sampler
// of no bit is in every skinned program.
enum SamplerUse : unsigned {
    kInEverySkinnedProgram = 0,
    kInLayers = 1,
    kInIridescence = 2,
    kInAnisotropy = 4,
    kInTransmission = 16,
    kInDiffuseTransmission = 32,
    kInMToon = 64,
    kInBackground = 1u << 16,  // the environment background's program, not a skinned one
};
enum class Stage { Vertex, Fragment };

struct SamplerUnit {
    const char* uniform;
    GLuint unit;
    unsigned use;  // SamplerUse: the variant bit that compiles it in
    Stage stage;
};

// The material's sampler uniforms, in TextureSlot's order.
inline constexpr const char* kMaterialSamplers[] = {"u_base_texture",
                                                    "u_mr_texture",
                                                    "u_normal_texture",
                                                    "u_occlusion_texture",
                                                    "u_emissive_texture",
                                                    "u_specular_texture",
                                                    "u_specular_color_texture",
                                                    "u_clearcoat_texture",
                                                    "u_clearcoat_roughness_texture",
                                                    "u_clearcoat_normal_texture",
                                                    "u_sheen_color_texture",
                                                    "u_sheen_roughness_texture",
                                                    "u_iridescence_texture",
                                                    "u_iridescence_thickness_texture",
                                                    "u_anisotropy_texture"};
static_assert(std::size(kMaterialSamplers) == std::size(kMaterialUnits));

// The material slots' part (TextureSlot's order): the first five in every program, then seven of
// the layers (specular, clearcoat, sheen), two of iridescence and one of anisotropy.
inline constexpr unsigned kMaterialSlotUse[] = {kInEverySkinnedProgram,
                                                kInEverySkinnedProgram,
                                                kInEverySkinnedProgram,
                                                kInEverySkinnedProgram,
                                                kInEverySkinnedProgram,
                                                kInLayers,
                                                kInLayers,
                                                kInLayers,
                                                kInLayers,
                                                kInLayers,
                                                kInLayers,
                                                kInLayers,
                                                kInIridescence,
                                                kInIridescence,
                                                kInAnisotropy};
static_assert(std::size(kMaterialSlotUse) == std::size(kMaterialUnits));

// Every sampler uniform of every program the renderer links, with its unit.
inline constexpr SamplerUnit kSamplerUnits[] = {
    {"u_palette", kPaletteUnit, kInEverySkinnedProgram, Stage::Vertex},
    {"u_morph_deltas", kMorphDeltaUnit, kInEverySkinnedProgram, Stage::Vertex},
    {"u_morph_weights", kMorphWeightUnit, kInEverySkinnedProgram, Stage::Vertex},
    {"u_joint_dq", kJointDqUnit, kInEverySkinnedProgram, Stage::Vertex},
    {"u_extra_influences", kInfluenceUnit, kInEverySkinnedProgram, Stage::Vertex},
    {kMaterialSamplers[0], kMaterialUnits[0], kMaterialSlotUse[0], Stage::Fragment},
    {kMaterialSamplers[1], kMaterialUnits[1], kMaterialSlotUse[1], Stage::Fragment},
    {kMaterialSamplers[2], kMaterialUnits[2], kMaterialSlotUse[2], Stage::Fragment},
    {kMaterialSamplers[3], kMaterialUnits[3], kMaterialSlotUse[3], Stage::Fragment},
    {kMaterialSamplers[4], kMaterialUnits[4], kMaterialSlotUse[4], Stage::Fragment},
    {kMaterialSamplers[5], kMaterialUnits[5], kMaterialSlotUse[5], Stage::Fragment},
    {kMaterialSamplers[6], kMaterialUnits[6], kMaterialSlotUse[6], Stage::Fragment},
    {kMaterialSamplers[7], kMaterialUnits[7], kMaterialSlotUse[7], Stage::Fragment},
    {kMaterialSamplers[8], kMaterialUnits[8], kMaterialSlotUse[8], Stage::Fragment},
    {kMaterialSamplers[9], kMaterialUnits[9], kMaterialSlotUse[9], Stage::Fragment},
    {kMaterialSamplers[10], kMaterialUnits[10], kMaterialSlotUse[10], Stage::Fragment},
    {kMaterialSamplers[11], kMaterialUnits[11], kMaterialSlotUse[11], Stage::Fragment},
    {kMaterialSamplers[12], kMaterialUnits[12], kMaterialSlotUse[12], Stage::Fragment},
    {kMaterialSamplers[13], kMaterialUnits[13], kMaterialSlotUse[13], Stage::Fragment},
    {kMaterialSamplers[14], kMaterialUnits[14], kMaterialSlotUse[14], Stage::Fragment},
    {"u_env_atlas", kEnvironmentUnit, kInEverySkinnedProgram, Stage::Fragment},
    {"u_brdf_lut", kBrdfLutUnit, kInEverySkinnedProgram, Stage::Fragment},
    {"u_sheen_atlas", kSheenAtlasUnit, kInLayers, Stage::Fragment},
    {"u_sheen_albedo", kSheenAlbedoUnit, kInLayers, Stage::Fragment},
    {"u_transmission_texture", kTransmissionUnit, kInTransmission, Stage::Fragment},
    {"u_thickness_texture", kThicknessUnit, kInTransmission, Stage::Fragment},
    {"u_backdrop", kBackdropUnit, kInTransmission, Stage::Fragment},
    {"u_dt_texture", kDiffuseTransmissionUnit, kInDiffuseTransmission, Stage::Fragment},
    {"u_dt_color_texture", kDiffuseTransmissionColorUnit, kInDiffuseTransmission, Stage::Fragment},
    {"u_dt_thickness_texture", kDiffuseTransmissionThicknessUnit, kInDiffuseTransmission, Stage::Fragment},
    {"u_mtoon_shade_texture", kMToonShadeUnit, kInMToon, Stage::Fragment},
    {"u_mtoon_shift_texture", kMToonShiftUnit, kInMToon, Stage::Fragment},
    {"u_mtoon_rim_texture", kMToonRimUnit, kInMToon, Stage::Fragment},
    {"u_mtoon_outline_width_texture", kMToonOutlineUnit, kInMToon, Stage::Vertex},
    {"u_env_panorama", kBackgroundPanoramaUnit, kInBackground, Stage::Fragment},
    {"u_env_atlas", kBackgroundAtlasUnit, kInBackground, Stage::Fragment},
};

// Whether a sampler of `use` is compiled into the program of `variant` (a SamplerUse mask; the
// background's program is kInBackground alone).
constexpr bool sampler_in(unsigned use, unsigned variant) {
    if (variant & kInBackground) return use == kInBackground;
    if (use == kInBackground) return false;
    return use == kInEverySkinnedProgram || (use & variant) != 0;
}

// The unit `uniform` reads in the program of `variant`; -1 for a uniform the table does not list
// there.
constexpr int sampler_unit(std::string_view uniform, unsigned variant) {
    for (const SamplerUnit& s : kSamplerUnits)
        if (sampler_in(s.use, variant) && uniform == s.uniform) return static_cast<int>(s.unit);
    return -1;
}

// The programs that exist: the skinned program with any mix of the PBR variants (flat normals adds
// no sampler), the MToon one (which takes none of them), and the background's.
inline constexpr unsigned kPbrVariantBits =
    kInLayers | kInIridescence | kInAnisotropy | kInTransmission | kInDiffuseTransmission;

// No two samplers of one program on one unit: a program reads whatever the last of them bound.
constexpr bool units_distinct_in(unsigned variant) {
    for (const SamplerUnit& a : kSamplerUnits)
        for (const SamplerUnit& b : kSamplerUnits)
            if (&a != &b && sampler_in(a.use, variant) && sampler_in(b.use, variant) && a.unit == b.unit)
                return false;
    return true;
}
constexpr bool units_distinct_in_every_program() {
    for (unsigned v = 0; v <= kPbrVariantBits; ++v)
        if ((v & ~kPbrVariantBits) == 0 && !units_distinct_in(v)) return false;
    return units_distinct_in(kInMToon) && units_distinct_in(kInBackground);
}
constexpr bool units_within_combined_minimum() {
    for (const SamplerUnit& s : kSamplerUnits)
        if (s.unit >= kGles3MinCombinedUnits) return false;
    return true;
}
constexpr int samplers_in(unsigned variant, Stage stage) {
    int n = 0;
    for (const SamplerUnit& s : kSamplerUnits) n += sampler_in(s.use, variant) && s.stage == stage ? 1 : 0;
    return n;
}
constexpr bool vertex_stage_within_minimum() {
    for (unsigned v = 0; v <= kPbrVariantBits; ++v)
        if ((v & ~kPbrVariantBits) == 0 && samplers_in(v, Stage::Vertex) > kGles3MinStageSamplers)
            return false;
    return samplers_in(kInMToon, Stage::Vertex) <= kGles3MinStageSamplers;
}

static_assert(units_distinct_in_every_program(), "two samplers of one program share a texture unit");
static_assert(units_within_combined_minimum(), "a texture unit past GLES 3.0's 32 combined units");
static_assert(vertex_stage_within_minimum(), "a vertex stage past GLES 3.0's 16 samplers");
// The programs every GLES 3.0 device must link (the larger variants fall back to these).
static_assert(samplers_in(kInEverySkinnedProgram, Stage::Fragment) <= kGles3MinStageSamplers &&
                  samplers_in(kInLayers, Stage::Fragment) <= kGles3MinStageSamplers &&
                  samplers_in(kInMToon, Stage::Fragment) <= kGles3MinStageSamplers &&
                  samplers_in(kInBackground, Stage::Fragment) <= kGles3MinStageSamplers,
              "the plain, layered, MToon or background program past GLES 3.0's 16 fragment samplers");

}  // namespace sv::render

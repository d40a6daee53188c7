#include "gltf_extensions.h"

#include "anim/gltf/gltf_import.h"

namespace sv::anim::gltf {

const std::vector<ExtensionInfo>& known_extensions() {
    static const std::vector<ExtensionInfo> list = {
        {"KHR_mesh_quantization", Support::Implemented,
         "integer POSITION, NORMAL, TEXCOORD and morph deltas decoded as glTF says (normalized or plain)"},
#ifdef SKINVIEW_HAVE_MESHOPT
        {"EXT_meshopt_compression", Support::Implemented,
         "buffer views (vertices, indices, animation data; every filter) decoded by libmeshoptimizer"},
#else
        {"EXT_meshopt_compression", Support::Unavailable, "needs libmeshoptimizer, which this build lacks"},
#endif
#ifdef SKINVIEW_HAVE_DRACO
        {"KHR_draco_mesh_compression", Support::Implemented, "primitives decoded by libdraco"},
#else
        {"KHR_draco_mesh_compression", Support::Unavailable, "needs libdraco, which this build lacks"},
#endif
#ifdef SKINVIEW_HAVE_WEBP
        {"EXT_texture_webp", Support::Implemented, "WebP textures decoded by libwebp"},
#else
        {"EXT_texture_webp", Support::Unavailable, "needs libwebp, which this build lacks"},
#endif
        // The one refusal when required (no KTX2 decoder among the distribution's packages); when only
        // used, a KTX2 image falls back to the texture's core source or draws untextured, noted.
        {"KHR_texture_basisu", Support::Unavailable, "KTX2/Basis textures are not decoded"},
        {"KHR_texture_transform", Support::Implemented,
         "offset, rotation, scale and texCoord of every texture slot, applied per slot in the shader"},
        {"KHR_materials_emissive_strength", Support::Implemented,
         "the emissive factor scaled by the strength"},
        {"KHR_materials_unlit", Support::Implemented,
         "the base colour drawn as it is (exposure and tone mapping still apply)"},
        {"KHR_materials_variants", Support::Implemented,
         "--variant NAME draws that variant's materials (SceneSession::select_variant)"},
        {"KHR_materials_clearcoat", Support::Implemented,
         "a GGX coat (F0 0.04) with its factor, roughness, textures and normal map, lit by the sky and the "
         "key "
         "light"},
        {"KHR_materials_transmission", Support::Implemented,
         "screen space, as the Khronos renderer: the opaque scene behind, sampled along the refracted ray "
         "and "
         "blurred by roughness (factor and texture)"},
        {"KHR_materials_specular", Support::Implemented,
         "the dielectric lobe's strength and F0 tint, factors and textures"},
        {"KHR_materials_ior", Support::Implemented, "the dielectric F0 from the index of refraction"},
        {"KHR_materials_sheen", Support::Implemented,
         "a Charlie sheen layer (colour and roughness, factors and textures)"},
        {"KHR_materials_volume", Support::Implemented,
         "thickness (factor and texture) offsets the refracted ray; attenuation colour and distance "
         "(Beer-Lambert)"},
        {"KHR_materials_pbrSpecularGlossiness", Support::Implemented,
         "diffuse, specular and glossiness (factors and textures) drawn as the extension's BRDF"},
        {"KHR_materials_iridescence", Support::Implemented,
         "the thin-film Fresnel (factor, film ior, thickness range; both textures) over the material"},
        {"KHR_materials_anisotropy", Support::Implemented,
         "anisotropic GGX for the lights and the Khronos renderer's bent normal for the sky (strength, "
         "rotation, texture)"},
        {"KHR_materials_dispersion", Support::Implemented,
         "the ior spread over R, G and B, one refracted sample each (the Khronos renderer's spread)"},
        {"KHR_materials_diffuse_transmission", Support::Implemented,
         "the diffuse lobe split into reflection and a Lambertian lobe through the far side (factor, "
         "colour and both textures): lights behind the surface and the sky's irradiance along -n"},
        {"EXT_mesh_gpu_instancing", Support::Implemented,
         "every instance drawn (TRANSLATION, ROTATION, SCALE); a skinned mesh's instances each play the "
         "skin's pose, the instance applied after skinning in the node's frame"},
        {"KHR_lights_punctual", Support::Implemented,
         "directional, point and spot lights with the specification's range and cone falloff (up to 8); "
         "the viewer's key light then off by default"},
        {"KHR_animation_pointer", Support::Implemented,
         "pointers to a node's TRS and weights play as node channels; material factors, texture transforms, "
         "the drawn material extensions' factors, light colour, intensity, range and cones, and camera "
         "projections play as property tracks; any other pointer is skipped with a note naming it"},
        {"VRM", Support::Implemented,
         "VRM 0.x: meta in the notes, humanoid map in the Humanoid tab (retargeting and picking read it), "
         "spring bones simulated, expressions' morph binds applied (--expression, the Expressions tab), the "
         "avatar turned to face +Z (--no-vrm-facing), firstPerson's look-at applied (bone and blend shape, "
         "--look-at), materialValues applied (colour, emission, texture scale and offset), VRM/MToon "
         "materialProperties drawn as VRMC_materials_mtoon; first person meshes not applied"},
        {"VRMC_vrm", Support::Implemented,
         "VRM 1.0: meta in the notes, humanoid map in the Humanoid tab (retargeting and picking read it), "
         "expressions' morph binds applied (--expression, the Expressions tab), look-at applied (bone and "
         "expression, --look-at), material colour and texture transform binds applied (colour, emission, "
         "scale and offset; shade, rim, matcap and outline noted)"},
        {"VRMC_springBone", Support::Implemented,
         "spring bones simulated (the spec's Verlet update, fixed 60 Hz step; --springs off)"},
        // Refused when required (VRM's rule is glTF's: a required extension is one a reader must
        // apply): the colliders decide where spring-driven vertices swing, so ignoring them is a
        // different motion, not a shading difference. Only used, the spec's fallback colliders stand.
        {"VRMC_springBone_extended_collider", Support::Unavailable,
         "the extended colliders are not simulated (only used: the spec's fallback colliders stand in)"},
        {"VRMC_node_constraint", Support::Implemented,
         "roll, aim and rotation constraints applied after the pose and before the springs, in dependency "
         "order"},
        {"VRMC_materials_mtoon", Support::Implemented,
         "approximated: shade colour with shading shift and toony, GI equalisation, parametric rim, "
         "emission, "
         "the outline as an inverted hull (world and screen widths); no matcap, no UV animation"},
        {"VRMC_materials_hdr_emissiveMultiplier", Support::Implemented,
         "the emissive factor multiplied by emissiveMultiplier (with KHR_materials_emissive_strength's "
         "strength when both are given)"},
        {"VRMC_vrm_animation", Support::Implemented,
         "VRM Animation 1.0 (.vrma): the humanoid map read (a skin made over its nodes), so its clips "
         "retarget onto any character from its nodes' rest (Graph tab's Load, bake --retarget); its "
         "expression tracks set a VRM avatar's expressions, lookAt read and noted, not applied; opened alone "
         "it is refused (no mesh)"},
    };
    return list;
}

const ExtensionInfo* find_extension(const std::string& name) {
    for (const auto& e : known_extensions())
        if (name == e.name) return &e;
    return nullptr;
}

}  // namespace sv::anim::gltf

namespace sv::anim {

std::vector<GltfExtensionSupport> gltf_extension_support() {
    std::vector<GltfExtensionSupport> out;
    for (const auto& e : gltf::known_extensions())
        out.push_back({e.name,
                       e.support == gltf::Support::Implemented ? "implemented"
                       : e.support == gltf::Support::Ignored   ? "ignored"
                                                               : "refused when required",
                       e.how});
    return out;
}

}  // namespace sv::anim

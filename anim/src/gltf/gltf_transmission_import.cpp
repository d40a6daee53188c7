// KHR_materials_transmission, _volume, _diffuse_transmission and _dispersion read into
// anim::Material (gltf_material_import.h): the part of the material importer for light that goes
// through a surface.
#include <tiny_gltf.h>

#include <cmath>
#include <limits>
#include <string>

#include "gltf_material_import.h"
#include "gltf_material_values.h"
#include "gltf_names.h"

namespace sv::anim {

using gltf::named;
using gltf::str;
using material_values::extension;
using material_values::finite;
using material_values::number;
using material_values::vec3_of;
namespace tg = tinygltf;

// KHR_materials_transmission, _volume, _diffuse_transmission and _dispersion. A value outside its
// specification's range leaves the geometry as it is, so it is not a refusal: that extension is dropped from
// the material (drawn as if absent) and a note names the material, the value and the range. A bad texture
// reference is refused, as in every other slot.
Status import_transmission_volume(const tg::Model& m, const std::string& name, const tg::Material& src,
                                  Material& d, Asset& asset) {
    const auto drop = [&](const std::string& what, const std::string& why) {
        asset.report.push_back(name + " " + what + ": " + why +
                               "; the extension is not drawn on this material");
        asset.picture_notes.push_back(asset.report.back());
    };
    if (const tg::Value* x = extension(src, "KHR_materials_transmission")) {
        const std::string what = "KHR_materials_transmission";
        const float t = x->Has("transmissionFactor") ? number(x->Get("transmissionFactor"), 0.0f) : 0.0f;
        TextureRef tex;
        if (auto st = read_value_slot(m, name + " " + what, *x, "transmissionTexture", tex, asset); !st)
            return st;
        if (!std::isfinite(t) || t < 0.0f || t > 1.0f) {
            drop(what, "transmissionFactor " + std::to_string(t) + " is outside [0, 1]");
        } else {
            d.transmission = t;
            d.transmission_texture = tex;
        }
    }
    if (const tg::Value* x = extension(src, "KHR_materials_volume")) {
        const std::string what = "KHR_materials_volume";
        const float thickness = x->Has("thicknessFactor") ? number(x->Get("thicknessFactor"), 0.0f) : 0.0f;
        const float distance = x->Has("attenuationDistance") ? number(x->Get("attenuationDistance"),
                                                                      std::numeric_limits<float>::infinity())
                                                             : std::numeric_limits<float>::infinity();
        const glm::vec3 color = vec3_of(*x, "attenuationColor", glm::vec3(1.0f));
        TextureRef tex;
        if (auto st = read_value_slot(m, name + " " + what, *x, "thicknessTexture", tex, asset); !st)
            return st;
        if (!std::isfinite(thickness) || thickness < 0.0f)
            drop(what, "thicknessFactor " + std::to_string(thickness) + " is negative or not finite");
        else if (std::isnan(distance) || distance <= 0.0f)
            drop(what, "attenuationDistance " + std::to_string(distance) + " is not positive");
        else if (!finite(color) || glm::any(glm::lessThan(color, glm::vec3(0.0f))) ||
                 glm::any(glm::greaterThan(color, glm::vec3(1.0f))))
            drop(what, "attenuationColor is outside [0, 1]");
        else {
            d.thickness = thickness;
            d.thickness_texture = tex;
            d.attenuation_distance = distance;
            d.attenuation_color = color;
        }
    }
    if (const tg::Value* x = extension(src, "KHR_materials_diffuse_transmission")) {
        const std::string what = "KHR_materials_diffuse_transmission";
        // A value that is not a number reads as NaN, so it is named by the range check below.
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float t =
            x->Has("diffuseTransmissionFactor") ? number(x->Get("diffuseTransmissionFactor"), nan) : 0.0f;
        TextureRef tex, color_tex;
        if (auto st = read_value_slot(m, name + " " + what, *x, "diffuseTransmissionTexture", tex, asset);
            !st)
            return st;
        if (auto st = read_value_slot(m, name + " " + what, *x, "diffuseTransmissionColorTexture", color_tex,
                                      asset);
            !st)
            return st;
        glm::vec3 color(1.0f);
        if (x->Has("diffuseTransmissionColorFactor"))
            color = vec3_of(*x, "diffuseTransmissionColorFactor", glm::vec3(nan));
        // The schema's ranges: the factor in [0, 1], the colour three numbers of at least 0 (no
        // upper bound in the schema, although the prose reads it as a share). The exclusions:
        // specular-glossiness and unlit materials have no dielectric lobe for it to split.
        if (!std::isfinite(t) || t < 0.0f || t > 1.0f)
            drop(what, "diffuseTransmissionFactor " + std::to_string(t) + " is not a number in [0, 1]");
        else if (!finite(color) || glm::any(glm::lessThan(color, glm::vec3(0.0f))))
            drop(what, "diffuseTransmissionColorFactor is not three numbers of at least 0");
        else if (d.workflow != Workflow::MetallicRoughness)
            drop(what, std::string("the extension must not be used with ") +
                           (d.workflow == Workflow::Unlit ? "KHR_materials_unlit"
                                                          : "KHR_materials_pbrSpecularGlossiness"));
        else {
            d.diffuse_transmission = t;
            d.diffuse_transmission_texture = tex;
            d.diffuse_transmission_color = color;
            d.diffuse_transmission_color_texture = color_tex;
        }
    }
    if (const tg::Value* x = extension(src, "KHR_materials_dispersion")) {
        const float dispersion = x->Has("dispersion") ? number(x->Get("dispersion"), 0.0f) : 0.0f;
        if (!std::isfinite(dispersion) || dispersion < 0.0f)
            drop("KHR_materials_dispersion",
                 "dispersion " + std::to_string(dispersion) + " is negative or not finite");
        else
            d.dispersion = dispersion;
    }
    return ok_status();
}

}  // namespace sv::anim

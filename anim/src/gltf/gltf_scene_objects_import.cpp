// The scene's non-geometry objects of an imported glTF: the file's cameras and KHR_lights_punctual
// lights, each placed by the first node that names it. Neither moves a vertex, so a malformed one
// is a note and stays unusable, never a refusal of the file: the user keeps the character and is
// told which camera or light was dropped and why.
#include <cmath>

#include "gltf_importer.h"

namespace sv::anim::gltf {

void Importer::cameras() {
    for (size_t c = 0; c < m.cameras.size(); ++c) {
        const tg::Camera& src = m.cameras[c];
        Camera d;
        d.name = src.name;
        d.orthographic = src.type == "orthographic";
        std::string bad;
        if (d.orthographic) {
            const auto& o = src.orthographic;
            d.xmag = static_cast<float>(o.xmag);
            d.ymag = static_cast<float>(o.ymag);
            d.znear = static_cast<float>(o.znear);
            d.zfar = static_cast<float>(o.zfar);
            if (!(std::isfinite(d.xmag) && std::isfinite(d.ymag) && d.xmag != 0.0f && d.ymag != 0.0f))
                bad = "xmag and ymag must be finite and not zero";
            else if (!(d.znear >= 0.0f && d.zfar > d.znear && std::isfinite(d.zfar)))
                bad = "needs 0 <= znear < zfar";
        } else if (src.type == "perspective") {
            const auto& p = src.perspective;
            d.yfov = static_cast<float>(p.yfov);
            d.aspect_ratio = static_cast<float>(p.aspectRatio);
            d.znear = static_cast<float>(p.znear);
            d.zfar = static_cast<float>(p.zfar);
            if (!(d.yfov > 0.0f && d.yfov < 3.14159f))
                bad = "yfov must lie between 0 and pi";
            else if (!(d.znear > 0.0f && std::isfinite(d.znear)) || !(d.zfar == 0.0f || d.zfar > d.znear))
                bad = "needs 0 < znear < zfar (or no zfar)";
        } else {
            bad = "type '" + src.type + "' is neither perspective nor orthographic";
        }
        if (bad.empty())
            for (size_t n = 0; n < m.nodes.size(); ++n)
                if (m.nodes[n].camera == static_cast<int>(c)) {
                    d.node = static_cast<int>(n);
                    break;
                }
        if (!bad.empty())
            out.report.push_back(named("camera", c, src.name) + ": " + bad + "; it cannot be used");
        out.cameras.push_back(d);
    }
}

void Importer::lights() {
    for (size_t l = 0; l < m.lights.size(); ++l) {
        const tg::Light& src = m.lights[l];
        Light d;
        d.name = src.name;
        std::string bad;
        if (src.type == "directional")
            d.type = Light::Type::Directional;
        else if (src.type == "point")
            d.type = Light::Type::Point;
        else if (src.type == "spot")
            d.type = Light::Type::Spot;
        else
            bad = "type '" + src.type + "' is not directional, point or spot";
        if (src.color.size() == 3)
            d.color = glm::vec3(float(src.color[0]), float(src.color[1]), float(src.color[2]));
        d.intensity = static_cast<float>(src.intensity);
        d.range = static_cast<float>(src.range);
        d.inner_cone = static_cast<float>(src.spot.innerConeAngle);
        d.outer_cone = static_cast<float>(src.spot.outerConeAngle);
        if (bad.empty() &&
            !(std::isfinite(d.color.r + d.color.g + d.color.b + d.intensity + d.range) && d.color.r >= 0.0f &&
              d.color.g >= 0.0f && d.color.b >= 0.0f && d.intensity >= 0.0f && d.range >= 0.0f))
            bad = "colour, intensity and range must be finite and not negative";
        if (bad.empty() && d.type == Light::Type::Spot &&
            !(d.inner_cone >= 0.0f && d.inner_cone < d.outer_cone && d.outer_cone <= 1.5707964f))
            bad = "needs 0 <= innerConeAngle < outerConeAngle <= pi/2";
        if (!bad.empty()) {
            out.report.push_back(named("light", l, src.name) + ": " + bad + "; it is not drawn");
            out.picture_notes.push_back(out.report.back());
            d.intensity = 0.0f;  // kept so that node indices hold, but dark
        }
        out.lights.push_back(d);
    }
    for (size_t n = 0; n < m.nodes.size(); ++n) {
        const auto x = m.nodes[n].extensions.find("KHR_lights_punctual");
        if (x == m.nodes[n].extensions.end() || !x->second.Has("light")) continue;
        const tg::Value& v = x->second.Get("light");
        const int l = v.IsInt() ? v.GetNumberAsInt() : -1;
        if (l < 0 || static_cast<size_t>(l) >= out.lights.size()) {
            out.report.push_back(named("node", n, m.nodes[n].name) + ": KHR_lights_punctual light " +
                                 (v.IsInt() ? str(l) : std::string("(not an index)")) + " does not exist (" +
                                 str(out.lights.size()) + " lights); ignored");
            out.picture_notes.push_back(out.report.back());
            continue;
        }
        out.scene.nodes[n].light = l;
    }
}

}  // namespace sv::anim::gltf

// VRM expressions (1.0 VRMC_vrm expressions, 0.x blendShapeMaster) with their morph and material
// binds, and the look-at (1.0 lookAt, 0.x firstPerson), read into anim::Vrm (vrm_json.h).
#include "vrm_json.h"

namespace sv::anim::gltf::vrm {

namespace {

VrmOverride override_of(const json& e, const char* key) {
    const json* o = member(e, key);
    if (!o || !o->is_string()) return VrmOverride::None;
    return *o == "block" ? VrmOverride::Block : *o == "blend" ? VrmOverride::Blend : VrmOverride::None;
}

// Material binds change no vertex: one that cannot be used (a material out of range, a type or value
// outside the schema) is a note naming it and is left out; the expression's other binds apply.
bool four_numbers(const json* v, size_t n) {
    return v && v->is_array() && v->size() == n && std::all_of(v->begin(), v->end(), [](const json& e) {
               return e.is_number() && std::isfinite(e.get<double>());
           });
}

bool material_of(const json* m, const Ctx& ctx, int& out) {
    if (!m || !m->is_number_integer() || m->get<long long>() < 0 ||
        static_cast<size_t>(m->get<long long>()) >= ctx.material_names.size())
        return false;
    out = static_cast<int>(m->get<long long>());
    return true;
}

void read_v1_material_binds(const json& e, const std::string& what, const Ctx& ctx, VrmExpression& out,
                            std::vector<std::string>& notes) {
    static const std::pair<const char*, VrmColorTarget> kTypes[] = {
        {"color", VrmColorTarget::Color},           {"emissionColor", VrmColorTarget::EmissionColor},
        {"shadeColor", VrmColorTarget::ShadeColor}, {"matcapColor", VrmColorTarget::MatcapColor},
        {"rimColor", VrmColorTarget::RimColor},     {"outlineColor", VrmColorTarget::OutlineColor}};
    if (const json* list = member(e, "materialColorBinds"); list && list->is_array())
        for (size_t k = 0; k < list->size(); ++k) {
            const json& b = (*list)[k];
            const std::string w = what + ".materialColorBinds[" + str(k) + "]";
            VrmColorBind c;
            const json* type = member(b, "type");
            const auto t = std::find_if(std::begin(kTypes), std::end(kTypes), [&](const auto& p) {
                return type && type->is_string() && *type == p.first;
            });
            const json* v = member(b, "targetValue");
            if (!material_of(member(b, "material"), ctx, c.material))
                notes.push_back(w + ": not applied: material " +
                                (member(b, "material") ? member(b, "material")->dump() : "(none)") +
                                " is out of range (" + str(ctx.material_names.size()) + " materials)");
            else if (t == std::end(kTypes))
                notes.push_back(
                    w + ": not applied: type " + (type ? type->dump() : "(none)") +
                    " is none of color, emissionColor, shadeColor, matcapColor, rimColor, outlineColor");
            else if (!four_numbers(v, 4))
                notes.push_back(w + ": not applied: targetValue is not four finite numbers");
            else {
                c.target = t->second;
                c.value = {(*v)[0].get<double>(), (*v)[1].get<double>(), (*v)[2].get<double>(),
                           (*v)[3].get<double>()};
                if (c.target != VrmColorTarget::Color && c.target != VrmColorTarget::EmissionColor)
                    ++out.other_binds;
                out.color_binds.push_back(c);
            }
        }
    if (const json* list = member(e, "textureTransformBinds"); list && list->is_array())
        for (size_t k = 0; k < list->size(); ++k) {
            const json& b = (*list)[k];
            const std::string w = what + ".textureTransformBinds[" + str(k) + "]";
            VrmTextureBind t;
            // "scaling" is 1.0-beta's name for "scale" (three-vrm still reads it).
            const json* sc = member(b, "scale") ? member(b, "scale") : member(b, "scaling");
            const json* of = member(b, "offset");
            if (!material_of(member(b, "material"), ctx, t.material))
                notes.push_back(w + ": not applied: material " +
                                (member(b, "material") ? member(b, "material")->dump() : "(none)") +
                                " is out of range (" + str(ctx.material_names.size()) + " materials)");
            else if ((sc && !four_numbers(sc, 2)) || (of && !four_numbers(of, 2)))
                notes.push_back(w + ": not applied: scale or offset is not two finite numbers");
            else {
                if (sc) t.scale = {(*sc)[0].get<double>(), (*sc)[1].get<double>()};
                if (of) t.offset = {(*of)[0].get<double>(), (*of)[1].get<double>()};
                out.texture_binds.push_back(t);
            }
        }
}

// 0.x materialValues name the material by name and the property by UniVRM's MToon name. Colours are
// taken as stored (no colour-space conversion). `_MainTex_ST` (Unity's tiling xy, offset zw) is a
// texture transform; Unity's v runs bottom-up and glTF's top-down (v_gltf = 1 - v_unity), so
// v' = v sy + oy in Unity is v' = v sy + (1 - sy - oy) in glTF: the offset's y is 1 - sy - oy.
void read_v0_material_values(const json& group, const std::string& what, const Ctx& ctx, VrmExpression& out,
                             std::vector<std::string>& notes) {
    static const std::pair<const char*, VrmColorTarget> kProps[] = {
        {"_Color", VrmColorTarget::Color},
        {"_EmissionColor", VrmColorTarget::EmissionColor},
        {"_ShadeColor", VrmColorTarget::ShadeColor},
        {"_RimColor", VrmColorTarget::RimColor},
        {"_OutlineColor", VrmColorTarget::OutlineColor}};
    const json* list = member(group, "materialValues");
    if (!list || !list->is_array()) return;
    for (size_t k = 0; k < list->size(); ++k) {
        const json& b = (*list)[k];
        const std::string w = what + ".materialValues[" + str(k) + "]";
        const json* name = member(b, "materialName");
        const json* prop = member(b, "propertyName");
        const json* v = member(b, "targetValue");
        const auto m =
            name && name->is_string()
                ? std::find(ctx.material_names.begin(), ctx.material_names.end(), name->get<std::string>())
                : ctx.material_names.end();
        const std::string p = prop && prop->is_string() ? prop->get<std::string>() : "";
        const auto c =
            std::find_if(std::begin(kProps), std::end(kProps), [&](const auto& q) { return p == q.first; });
        if (m == ctx.material_names.end()) {
            notes.push_back(w + ": not applied: no material is named " + (name ? name->dump() : "(none)"));
        } else if (!four_numbers(v, 4)) {
            notes.push_back(w + ": not applied: targetValue is not four finite numbers");
        } else if (p == "_MainTex_ST") {
            VrmTextureBind t;
            t.material = static_cast<int>(m - ctx.material_names.begin());
            t.scale = {(*v)[0].get<double>(), (*v)[1].get<double>()};
            t.offset = {(*v)[2].get<double>(), 1.0 - (*v)[1].get<double>() - (*v)[3].get<double>()};
            out.texture_binds.push_back(t);
        } else if (c == std::end(kProps)) {
            notes.push_back(
                w + ": not applied: property " + (prop ? prop->dump() : "(none)") +
                " is none of _Color, _EmissionColor, _ShadeColor, _RimColor, _OutlineColor, _MainTex_ST");
        } else {
            VrmColorBind cb;
            cb.material = static_cast<int>(m - ctx.material_names.begin());
            cb.target = c->second;
            cb.value = {(*v)[0].get<double>(), (*v)[1].get<double>(), (*v)[2].get<double>(),
                        (*v)[3].get<double>()};
            if (cb.target != VrmColorTarget::Color && cb.target != VrmColorTarget::EmissionColor)
                ++out.other_binds;
            out.color_binds.push_back(cb);
        }
    }
}

}  // namespace

Status read_v1_expressions(const json* ex, const Ctx& ctx, Vrm& out, std::vector<std::string>& notes) {
    if (!ex) return ok_status();
    for (const char* kind : {"preset", "custom"}) {
        const json* list = member(*ex, kind);
        if (!list || !list->is_object()) continue;
        for (auto it = list->begin(); it != list->end(); ++it) {
            const std::string what = std::string("VRMC_vrm expressions.") + kind + "." + it.key();
            VrmExpression e;
            e.name = it.key();
            if (const json* mb = member(it.value(), "morphTargetBinds"); mb && mb->is_array())
                for (size_t k = 0; k < mb->size(); ++k) {
                    const std::string w = what + ".morphTargetBinds[" + str(k) + "]";
                    VrmMorphBind b;
                    int node = -1;
                    if (auto st = ctx.node(member((*mb)[k], "node"), w, node); !st) return st;
                    if (auto st = ctx.bind((*mb)[k], w, node, b); !st) return st;
                    b.weight = std::clamp(number((*mb)[k], "weight", 1.0), 0.0, 1.0);
                    e.binds.push_back(b);
                }
            read_v1_material_binds(it.value(), what, ctx, e, notes);
            const json* bin = member(it.value(), "isBinary");
            e.is_binary = bin && bin->is_boolean() && bin->get<bool>();
            e.override_blink = override_of(it.value(), "overrideBlink");
            e.override_look_at = override_of(it.value(), "overrideLookAt");
            e.override_mouth = override_of(it.value(), "overrideMouth");
            out.expressions.push_back(e);
        }
    }
    return ok_status();
}

// 0.x binds name a mesh, not a node: every node drawing that mesh takes the bind; weights 0..100.
Status read_v0_expressions(const json* master, const Ctx& ctx, Vrm& out, std::vector<std::string>& notes) {
    const json* groups = master ? member(*master, "blendShapeGroups") : nullptr;
    if (!groups || !groups->is_array()) return ok_status();
    for (size_t g = 0; g < groups->size(); ++g) {
        const json& group = (*groups)[g];
        const std::string what = "VRM blendShapeMaster.blendShapeGroups[" + str(g) + "]";
        VrmExpression e;
        const json* preset = member(group, "presetName");
        const bool has_preset = preset && preset->is_string() && preset->get<std::string>() != "unknown";
        e.name = has_preset              ? preset->get<std::string>()
                 : member(group, "name") ? text(*member(group, "name"))
                                         : "";
        if (const json* binds = member(group, "binds"); binds && binds->is_array())
            for (size_t k = 0; k < binds->size(); ++k) {
                const std::string w = what + ".binds[" + str(k) + "]";
                const json* mesh = member((*binds)[k], "mesh");
                if (!mesh || !mesh->is_number_integer() || mesh->get<long long>() < 0 ||
                    static_cast<size_t>(mesh->get<long long>()) >= ctx.targets_of_mesh.size())
                    return make_error(w + ": mesh " + (mesh ? text(*mesh) : "(none)") + " is out of range");
                for (size_t n = 0; n < ctx.mesh_of.size(); ++n) {
                    if (ctx.mesh_of[n] != mesh->get<long long>()) continue;
                    VrmMorphBind b;
                    if (auto st = ctx.bind((*binds)[k], w, static_cast<int>(n), b); !st) return st;
                    b.weight = std::clamp(number((*binds)[k], "weight", 100.0) / 100.0, 0.0, 1.0);
                    e.binds.push_back(b);
                }
            }
        read_v0_material_values(group, what, ctx, e, notes);
        const json* bin = member(group, "isBinary");
        e.is_binary = bin && bin->is_boolean() && bin->get<bool>();
        out.expressions.push_back(e);
    }
    return ok_status();
}

namespace {

// A look-at that cannot be read is a note and no look-at: the eyes are then left as posed, which
// touches no vertex the file did not already place.
bool finite_number(const json* v) { return v && v->is_number() && std::isfinite(v->get<double>()); }

void read_range_map(const json* m, const char* in_key, const char* out_key, double default_out,
                    VrmRangeMap& out, const std::string& what, std::vector<std::string>& bad) {
    out = {90.0, default_out};  // three-vrm's defaults for a missing map or member
    if (!m) return;
    if (const json* v = member(*m, in_key)) {
        if (finite_number(v))
            out.input_max = v->get<double>();
        else
            bad.push_back(what + "." + in_key + " " + v->dump() + " is not a number");
    }
    if (const json* v = member(*m, out_key)) {
        if (finite_number(v))
            out.output_scale = v->get<double>();
        else
            bad.push_back(what + "." + out_key + " " + v->dump() + " is not a number");
    }
}

}  // namespace

void read_v1_look_at(const json* la, Vrm& out, std::vector<std::string>& notes) {
    if (!la || !la->is_object()) return;
    VrmLookAt l;
    std::vector<std::string> bad;
    const json* type = member(*la, "type");
    const std::string t = type && type->is_string() ? type->get<std::string>() : "bone";
    if (t != "bone" && t != "expression")
        bad.push_back("type " + type->dump() + " is neither bone nor expression");
    l.type = t == "expression" ? VrmLookAtType::Expression : VrmLookAtType::Bone;
    if (auto st = vec3(member(*la, "offsetFromHeadBone"), "offsetFromHeadBone", l.offset); !st)
        bad.push_back(st.error().message);
    const double scale = l.type == VrmLookAtType::Expression ? 1.0 : 10.0;
    read_range_map(member(*la, "rangeMapHorizontalInner"), "inputMaxValue", "outputScale", scale,
                   l.horizontal_inner, "rangeMapHorizontalInner", bad);
    read_range_map(member(*la, "rangeMapHorizontalOuter"), "inputMaxValue", "outputScale", scale,
                   l.horizontal_outer, "rangeMapHorizontalOuter", bad);
    read_range_map(member(*la, "rangeMapVerticalDown"), "inputMaxValue", "outputScale", scale,
                   l.vertical_down, "rangeMapVerticalDown", bad);
    read_range_map(member(*la, "rangeMapVerticalUp"), "inputMaxValue", "outputScale", scale, l.vertical_up,
                   "rangeMapVerticalUp", bad);
    if (!bad.empty()) {
        notes.push_back("VRMC_vrm lookAt: not applied: " + bad.front());
        return;
    }
    l.present = true;
    out.look_at = l;
}

// 0.x: firstPerson's lookAtTypeName, firstPersonBoneOffset (z mirrored, as three-vrm reads it) and
// the four degree maps. A map's `curve` is read as the straight line three-vrm uses; 0.x's
// default curve [0,0,0,1, 1,1,1,0] is a Hermite segment with unit tangents at both ends, which is
// that line exactly, so only a file with its own curve is drawn differently from UniVRM (a note).
void read_v0_look_at(const json* fp, Vrm& out, std::vector<std::string>& notes) {
    if (!fp || !fp->is_object()) return;
    VrmLookAt l;
    std::vector<std::string> bad;
    const json* type = member(*fp, "lookAtTypeName");
    const std::string t = type && type->is_string() ? type->get<std::string>() : "Bone";
    if (t != "Bone" && t != "BlendShape")
        bad.push_back("lookAtTypeName " + type->dump() + " is neither Bone nor BlendShape");
    l.type = t == "BlendShape" ? VrmLookAtType::Expression : VrmLookAtType::Bone;
    if (const json* o = member(*fp, "firstPersonBoneOffset"); o && o->is_object())
        l.offset = {number(*o, "x", 0.0), number(*o, "y", 0.06), -number(*o, "z", 0.0)};
    if (!std::isfinite(l.offset.x) || !std::isfinite(l.offset.y) || !std::isfinite(l.offset.z))
        bad.push_back("firstPersonBoneOffset is not three finite numbers");
    const double scale = l.type == VrmLookAtType::Expression ? 1.0 : 10.0;
    const std::pair<const char*, VrmRangeMap*> maps[] = {{"lookAtHorizontalInner", &l.horizontal_inner},
                                                         {"lookAtHorizontalOuter", &l.horizontal_outer},
                                                         {"lookAtVerticalDown", &l.vertical_down},
                                                         {"lookAtVerticalUp", &l.vertical_up}};
    int curves = 0;
    for (const auto& [key, map] : maps) {
        const json* m = member(*fp, key);
        read_range_map(m, "xRange", "yRange", scale, *map, key, bad);
        if (const json* c = m ? member(*m, "curve") : nullptr; c && *c != json({0, 0, 0, 1, 1, 1, 1, 0}))
            ++curves;
    }
    if (!bad.empty()) {
        notes.push_back("VRM firstPerson look-at: not applied: " + bad.front());
        return;
    }
    if (curves)
        notes.push_back("VRM firstPerson look-at: a curve of its own on " + str(static_cast<size_t>(curves)) +
                        " of the 4 degree maps; applied as the straight line from 0 to xRange (three-vrm's "
                        "reading), not UniVRM's curve");
    l.present = true;
    out.look_at = l;
}

}  // namespace sv::anim::gltf::vrm

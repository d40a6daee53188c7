#include "vrm_write.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace sv::anim::gltf {

namespace {

using json = nlohmann::json;

// Meta values are kept as text (vrm.h): lists and objects go back as JSON, everything else as the
// string it is (a version "1" stays a string, as both schemas want).
json meta_value(const std::string& v) {
    if (!v.empty() && (v[0] == '[' || v[0] == '{')) {
        json j = json::parse(v, nullptr, false);
        if (!j.is_discarded()) return j;
    }
    return v;
}

void use(json& doc, const char* name) {
    json& used = doc["extensionsUsed"];
    for (const auto& e : used)
        if (e == name) return;
    used.push_back(name);
}

// A .vrma: the humanoid map, the expression nodes (preset, custom) and the look-at node; no meta,
// which VRMC_vrm_animation does not have.
Status write_vrm_animation(const Vrm& vrm, json& doc) {
    const size_t nodes = doc.contains("nodes") ? doc["nodes"].size() : 0;
    const auto in_range = [&](int n) { return n >= 0 && static_cast<size_t>(n) < nodes; };
    json bones = json::object();
    for (const auto& b : vrm.humanoid) {
        if (!in_range(b.node))
            return make_error("VRM Animation writer: bone '" + b.bone + "' names node " +
                              std::to_string(b.node) + ", out of range");
        bones[b.bone] = {{"node", b.node}};
    }
    json ext = {{"specVersion", vrm.spec_version.empty() ? "1.0" : vrm.spec_version},
                {"humanoid", {{"humanBones", bones}}}};
    for (const auto& e : vrm.animation_expressions) {
        if (!in_range(e.node))
            return make_error("VRM Animation writer: expression '" + e.name + "' names node " +
                              std::to_string(e.node) + ", out of range");
        ext["expressions"][e.preset ? "preset" : "custom"][e.name] = {{"node", e.node}};
    }
    if (vrm.animation_look_at >= 0) {
        if (!in_range(vrm.animation_look_at))
            return make_error("VRM Animation writer: lookAt names node " +
                              std::to_string(vrm.animation_look_at) + ", out of range");
        ext["lookAt"] = {{"node", vrm.animation_look_at}};
    }
    use(doc, "VRMC_vrm_animation");
    doc["extensions"]["VRMC_vrm_animation"] = ext;
    return ok_status();
}

}  // namespace

Status write_vrm(const Vrm& vrm, json& doc) {
    if (!vrm.present()) return ok_status();
    if (vrm.version == VrmVersion::Animation) return write_vrm_animation(vrm, doc);
    json meta = json::object();
    for (const auto& f : vrm.meta) meta[f.key] = meta_value(f.value);
    if (!vrm.constraints.empty() && vrm.version != VrmVersion::V1)
        return make_error("VRM writer: node constraints are VRM 1.0's (VRMC_node_constraint); 0.x has none");
    for (const VrmNodeConstraint& c : vrm.constraints) {
        if (c.node < 0 || static_cast<size_t>(c.node) >= doc["nodes"].size())
            return make_error("VRM writer: a constraint names node " + std::to_string(c.node) +
                              ", out of range");
        static const char* roll[] = {"X", "Y", "Z"};
        static const char* aim[] = {"PositiveX", "NegativeX", "PositiveY",
                                    "NegativeY", "PositiveZ", "NegativeZ"};
        json body = {{"source", c.source}, {"weight", c.weight}};
        const char* kind = "rotation";
        if (c.type == VrmConstraintType::Roll) kind = "roll", body["rollAxis"] = roll[c.axis % 3];
        if (c.type == VrmConstraintType::Aim) kind = "aim", body["aimAxis"] = aim[c.axis % 6];
        use(doc, "VRMC_node_constraint");
        doc["nodes"][static_cast<size_t>(c.node)]["extensions"]["VRMC_node_constraint"] = {
            {"specVersion", "1.0"}, {"constraint", {{kind, body}}}};
    }
    if (vrm.version == VrmVersion::V1) {
        json bones = json::object();
        for (const auto& b : vrm.humanoid) bones[b.bone] = {{"node", b.node}};
        use(doc, "VRMC_vrm");
        doc["extensions"]["VRMC_vrm"] = {{"specVersion", vrm.spec_version.empty() ? "1.0" : vrm.spec_version},
                                         {"meta", meta},
                                         {"humanoid", {{"humanBones", bones}}}};
        if (vrm.look_at.present) {
            const VrmLookAt& l = vrm.look_at;
            const auto map = [](const VrmRangeMap& m) {
                return json{{"inputMaxValue", m.input_max}, {"outputScale", m.output_scale}};
            };
            doc["extensions"]["VRMC_vrm"]["lookAt"] = {
                {"type", l.type == VrmLookAtType::Bone ? "bone" : "expression"},
                {"offsetFromHeadBone", {l.offset.x, l.offset.y, l.offset.z}},
                {"rangeMapHorizontalInner", map(l.horizontal_inner)},
                {"rangeMapHorizontalOuter", map(l.horizontal_outer)},
                {"rangeMapVerticalDown", map(l.vertical_down)},
                {"rangeMapVerticalUp", map(l.vertical_up)}};
        }
        static const char* presets[] = {"happy",    "angry",     "sad",        "relaxed", "surprised",
                                        "aa",       "ih",        "ou",         "ee",      "oh",
                                        "blink",    "blinkLeft", "blinkRight", "lookUp",  "lookDown",
                                        "lookLeft", "lookRight", "neutral"};
        static const char* overrides[] = {"none", "block", "blend"};
        for (const VrmExpression& e : vrm.expressions) {
            json binds = json::array();
            for (const auto& b : e.binds)
                binds.push_back({{"node", b.node}, {"index", b.index}, {"weight", b.weight}});
            bool preset = false;
            for (const char* p : presets) preset |= e.name == p;
            static const char* types[] = {"color",       "emissionColor", "shadeColor",
                                          "matcapColor", "rimColor",      "outlineColor"};
            json colors = json::array(), transforms = json::array();
            for (const auto& c : e.color_binds)
                colors.push_back({{"material", c.material},
                                  {"type", types[static_cast<int>(c.target)]},
                                  {"targetValue", {c.value.x, c.value.y, c.value.z, c.value.w}}});
            for (const auto& t : e.texture_binds)
                transforms.push_back({{"material", t.material},
                                      {"scale", {t.scale.x, t.scale.y}},
                                      {"offset", {t.offset.x, t.offset.y}}});
            doc["extensions"]["VRMC_vrm"]["expressions"][preset ? "preset" : "custom"][e.name] = {
                {"morphTargetBinds", binds},
                {"isBinary", e.is_binary},
                {"overrideBlink", overrides[static_cast<int>(e.override_blink)]},
                {"overrideLookAt", overrides[static_cast<int>(e.override_look_at)]},
                {"overrideMouth", overrides[static_cast<int>(e.override_mouth)]}};
            // Only when there are any, so the committed avatars' bytes stay as they were.
            json& written =
                doc["extensions"]["VRMC_vrm"]["expressions"][preset ? "preset" : "custom"][e.name];
            if (!colors.empty()) written["materialColorBinds"] = colors;
            if (!transforms.empty()) written["textureTransformBinds"] = transforms;
        }
        if (vrm.springs.empty()) return ok_status();
        json colliders = json::array(), groups = json::array(), springs = json::array();
        for (size_t i = 0; i < vrm.colliders.size(); ++i) {
            const VrmCollider& c = vrm.colliders[i];
            const json off = {c.offset.x, c.offset.y, c.offset.z};
            json shape = c.capsule ? json{{"capsule",
                                           {{"offset", off},
                                            {"radius", c.radius},
                                            {"tail", {c.tail.x, c.tail.y, c.tail.z}}}}}
                                   : json{{"sphere", {{"offset", off}, {"radius", c.radius}}}};
            colliders.push_back({{"node", c.node}, {"shape", shape}});
        }
        for (const VrmSpring& s : vrm.springs) {
            if (s.joints.empty() || s.joints.back().tail_node < 0)
                return make_error("VRM writer: spring '" + s.name +
                                  "' ends without a tail node (1.0 needs one)");
            json joints = json::array();
            for (const auto& j : s.joints)
                joints.push_back({{"node", j.node},
                                  {"hitRadius", j.hit_radius},
                                  {"stiffness", j.stiffness},
                                  {"gravityPower", j.gravity_power},
                                  {"gravityDir", {j.gravity_dir.x, j.gravity_dir.y, j.gravity_dir.z}},
                                  {"dragForce", j.drag_force}});
            joints.push_back({{"node", s.joints.back().tail_node}});
            json sp = {{"name", s.name}, {"joints", joints}};
            if (!s.colliders.empty()) {
                // One group per spring: the spring's colliders as they are listed.
                sp["colliderGroups"] = {groups.size()};
                groups.push_back({{"name", s.name}, {"colliders", s.colliders}});
            }
            if (s.center >= 0) sp["center"] = s.center;
            springs.push_back(sp);
        }
        use(doc, "VRMC_springBone");
        doc["extensions"]["VRMC_springBone"] = {{"specVersion", "1.0"},
                                                {"colliders", colliders},
                                                {"colliderGroups", groups},
                                                {"springs", springs}};
        return ok_status();
    }
    json bones = json::array();
    for (const auto& b : vrm.humanoid)
        bones.push_back({{"bone", b.bone}, {"node", b.node}, {"useDefaultValues", true}});
    // 0.x collider groups belong to a node; one group per collider keeps the indices simple.
    json cgroups = json::array();
    for (const VrmCollider& c : vrm.colliders) {
        if (c.capsule) return make_error("VRM writer: 0.x has no capsule colliders");
        // z mirrored: 0.x stores collider offsets in UniVRM's Unity frame (see vrm.h).
        cgroups.push_back({{"node", c.node},
                           {"colliders",
                            {{{"offset", {{"x", c.offset.x}, {"y", c.offset.y}, {"z", -c.offset.z}}},
                              {"radius", c.radius}}}}});
    }
    json groups = json::array();
    for (const VrmSpring& s : vrm.springs) {
        if (s.joints.empty()) continue;
        const VrmSpringJoint& p = s.joints.front();
        json g = {{"comment", s.name},
                  {"stiffiness", p.stiffness},
                  {"gravityPower", p.gravity_power},
                  {"gravityDir", {{"x", p.gravity_dir.x}, {"y", p.gravity_dir.y}, {"z", p.gravity_dir.z}}},
                  {"dragForce", p.drag_force},
                  {"hitRadius", p.hit_radius},
                  {"center", s.center},
                  {"bones", {p.node}},
                  {"colliderGroups", s.colliders}};
        groups.push_back(g);
    }
    // 0.x binds name the mesh; the weight is 0..100.
    static const char* presets0[] = {"neutral",  "a",        "i",         "u",       "e",      "o",
                                     "blink",    "joy",      "angry",     "sorrow",  "fun",    "lookup",
                                     "lookdown", "lookleft", "lookright", "blink_l", "blink_r"};
    json shapes = json::array();
    for (const VrmExpression& e : vrm.expressions) {
        json binds = json::array();
        for (const auto& b : e.binds) {
            const json& node = doc["nodes"][static_cast<size_t>(b.node)];
            if (!node.contains("mesh"))
                return make_error("VRM writer: expression '" + e.name + "' binds node " +
                                  std::to_string(b.node) + ", which has no mesh");
            binds.push_back({{"mesh", node["mesh"]}, {"index", b.index}, {"weight", b.weight * 100.0}});
        }
        bool preset = false;
        for (const char* p : presets0) preset |= e.name == p;
        // Material values name the material; the texture transform is Unity's _MainTex_ST, whose
        // offset y the reader turns into glTF's (1 - sy - oy), so it is turned back here.
        static const char* props[] = {"_Color", "_EmissionColor", "_ShadeColor",
                                      "",       "_RimColor",      "_OutlineColor"};
        json values = json::array();
        const auto material_name = [&](int m) -> json {
            const json& mats = doc["materials"];
            return m >= 0 && static_cast<size_t>(m) < mats.size() &&
                           mats[static_cast<size_t>(m)].contains("name")
                       ? mats[static_cast<size_t>(m)]["name"]
                       : json(std::string());
        };
        for (const auto& c : e.color_binds) {
            if (!*props[static_cast<int>(c.target)])
                return make_error("VRM writer: expression '" + e.name + "': 0.x has no matcap colour");
            values.push_back({{"materialName", material_name(c.material)},
                              {"propertyName", props[static_cast<int>(c.target)]},
                              {"targetValue", {c.value.x, c.value.y, c.value.z, c.value.w}}});
        }
        for (const auto& t : e.texture_binds)
            values.push_back(
                {{"materialName", material_name(t.material)},
                 {"propertyName", "_MainTex_ST"},
                 {"targetValue", {t.scale.x, t.scale.y, t.offset.x, 1.0 - t.scale.y - t.offset.y}}});
        shapes.push_back({{"name", e.name},
                          {"presetName", preset ? e.name : std::string("unknown")},
                          {"binds", binds},
                          {"isBinary", e.is_binary}});
        if (!values.empty()) shapes.back()["materialValues"] = values;
    }
    use(doc, "VRM");
    doc["extensions"]["VRM"] = {
        {"specVersion", vrm.spec_version.empty() ? "0.0" : vrm.spec_version},
        {"exporterVersion", "skinview"},
        {"meta", meta},
        {"humanoid", {{"humanBones", bones}}},
        {"blendShapeMaster", {{"blendShapeGroups", shapes}}},
        {"secondaryAnimation", {{"boneGroups", groups}, {"colliderGroups", cgroups}}}};
    if (vrm.look_at.present) {
        const VrmLookAt& l = vrm.look_at;
        // The default curve (the straight line the reader assumes); offset z mirrored as 0.x stores it.
        const auto map = [](const VrmRangeMap& m) {
            return json{
                {"curve", {0, 0, 0, 1, 1, 1, 1, 0}}, {"xRange", m.input_max}, {"yRange", m.output_scale}};
        };
        int head = -1;
        for (const auto& b : vrm.humanoid)
            if (b.bone == "head") head = b.node;
        doc["extensions"]["VRM"]["firstPerson"] = {
            {"firstPersonBone", head},
            {"firstPersonBoneOffset", {{"x", l.offset.x}, {"y", l.offset.y}, {"z", -l.offset.z}}},
            {"lookAtTypeName", l.type == VrmLookAtType::Bone ? "Bone" : "BlendShape"},
            {"lookAtHorizontalInner", map(l.horizontal_inner)},
            {"lookAtHorizontalOuter", map(l.horizontal_outer)},
            {"lookAtVerticalDown", map(l.vertical_down)},
            {"lookAtVerticalUp", map(l.vertical_up)}};
    }
    return ok_status();
}

void write_mtoon(const Asset& asset, json& doc) {
    static const char* modes[] = {"none", "worldCoordinates", "screenCoordinates"};
    const bool v0 = asset.vrm.version == VrmVersion::V0;
    json props = json::array();
    for (size_t i = 0; i < asset.materials.size(); ++i) {
        const Material& mat = asset.materials[i];
        const MToon& m = mat.mtoon;
        if (v0) {
            if (!m.present) {
                props.push_back({{"name", mat.name}, {"shader", "VRM_USE_GLTFSHADER"}});
                continue;
            }
            // The inverse of the reader's mapping: shift0 = -shift - (1 - toony), and
            // toony = lerp(toony0, 1, k) with k = 0.5 + 0.5 shift0 gives toony0 = (toony - k) / (1 - k).
            const double shift0 = -double(m.shading_shift) - (1.0 - m.shading_toony);
            const double k = 0.5 + 0.5 * shift0;
            const double toony0 = k < 1.0 ? (m.shading_toony - k) / (1.0 - k) : 0.9;
            const auto gamma = [](glm::vec3 c) {
                return json::array({std::pow(double(c.r), 1.0 / 2.2), std::pow(double(c.g), 1.0 / 2.2),
                                    std::pow(double(c.b), 1.0 / 2.2), 1.0});
            };
            props.push_back({{"name", mat.name},
                             {"shader", "VRM/MToon"},
                             {"floatProperties",
                              {{"_ShadeToony", toony0},
                               {"_ShadeShift", shift0},
                               {"_IndirectLightIntensity", 1.0 - double(m.gi_equalization)},
                               {"_RimFresnelPower", m.rim_fresnel_power},
                               {"_RimLift", m.rim_lift},
                               {"_RimLightingMix", m.rim_lighting_mix},
                               {"_OutlineWidthMode", static_cast<int>(m.outline_mode)},
                               {"_OutlineWidth", 100.0 * double(m.outline_width)},
                               {"_OutlineColorMode", 1},
                               {"_OutlineLightingMix", m.outline_lighting_mix}}},
                             {"vectorProperties",
                              {{"_ShadeColor", gamma(m.shade_color)},
                               {"_RimColor", gamma(m.rim_color)},
                               {"_OutlineColor", gamma(m.outline_color)}}},
                             {"textureProperties", json::object()}});
            continue;
        }
        if (!m.present) continue;
        use(doc, "VRMC_materials_mtoon");
        doc["materials"][i]["extensions"]["VRMC_materials_mtoon"] = {
            {"specVersion", "1.0"},
            {"shadeColorFactor", {m.shade_color.r, m.shade_color.g, m.shade_color.b}},
            {"shadingShiftFactor", m.shading_shift},
            {"shadingToonyFactor", m.shading_toony},
            {"giEqualizationFactor", m.gi_equalization},
            {"parametricRimColorFactor", {m.rim_color.r, m.rim_color.g, m.rim_color.b}},
            {"parametricRimFresnelPowerFactor", m.rim_fresnel_power},
            {"parametricRimLiftFactor", m.rim_lift},
            {"rimLightingMixFactor", m.rim_lighting_mix},
            {"outlineWidthMode", modes[static_cast<int>(m.outline_mode)]},
            {"outlineWidthFactor", m.outline_width},
            {"outlineColorFactor", {m.outline_color.r, m.outline_color.g, m.outline_color.b}},
            {"outlineLightingMixFactor", m.outline_lighting_mix}};
    }
    const bool any = std::any_of(asset.materials.begin(), asset.materials.end(),
                                 [](const Material& m) { return m.mtoon.present; });
    if (v0 && any && doc.contains("extensions") && doc["extensions"].contains("VRM"))
        doc["extensions"]["VRM"]["materialProperties"] = props;
}

}  // namespace sv::anim::gltf

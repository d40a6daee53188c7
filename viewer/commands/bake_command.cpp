// `skinview bake`: the posed world-space vertices of every drawn primitive, as an OBJ file.
//
// The proof that skinview means what the file means: the same numbers the GPU drew (read back by
// transform feedback) or the double CPU reference, in a format any tool reads, one object per
// (node, primitive) in the primitive's own vertex order so a script can hold it against another
// implementation vertex for vertex. No welding, no reordering, no normals: anything added would be
// something a comparison has to undo.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "anim/avatar/vrm_animation.h"
#include "anim/gltf/gltf_import.h"
#include "anim/scene/morph_targets.h"
#include "anim/skin_frame/reference_skinner.h"
#include "commands.h"
#include "headless_settings.h"
#include "scene_session.h"
#include "ui/settings_layers.h"
#include "view_layers.h"

namespace sv::viewer {

namespace {

int fail(const std::string& message, int status = 1) {
    std::fprintf(stderr, "skinview bake: %s\n", message.c_str());
    return status;
}

struct Object {
    int node = -1;
    int primitive = -1;
    std::string name;
    std::vector<glm::dvec3> positions;
    const anim::Primitive* source = nullptr;  // for the faces
};

// Positions of one primitive of a skinned mesh node, from the GPU or in double on the CPU.
Expected<std::vector<glm::dvec3>> skinned_positions(SceneSession& s, int i, int p, bool gpu) {
    const anim::Character& c = s.character();
    const auto& sm = c.skinned_meshes()[static_cast<size_t>(i)];
    const render::SkinMode mode = s.renderer().rung_for(c, sm.skin, s.state().draw);
    if (gpu) {
        auto out = s.renderer().read_back(c, i, p, {}, s.state().draw.correction, mode);
        if (!out) return out.error();
        return std::vector<glm::dvec3>(out->begin(), out->end());
    }
    anim::Primitive scratch;
    const anim::Primitive& prim =
        anim::morphed(c.asset().meshes[static_cast<size_t>(sm.mesh)].primitives[static_cast<size_t>(p)],
                      c.morph_weights(sm.node), scratch);
    // The frame it is drawn in: the skin's bind transform with the correction on (the reference),
    // the file's node with it off (the soup, computed in double).
    return anim::reference_skin_positions(prim, c.joint_matrices(sm.skin),
                                          c.mesh_frame(i, s.state().draw.correction), mode);
}

Expected<std::vector<glm::dvec3>> static_positions(SceneSession& s, int i, int p, bool gpu) {
    const anim::Character& c = s.character();
    const auto& st = c.static_meshes()[static_cast<size_t>(i)];
    if (gpu) {
        auto out = s.renderer().read_back_static(c, i, p, {});
        if (!out) return out.error();
        return std::vector<glm::dvec3>(out->begin(), out->end());
    }
    anim::Primitive scratch;
    const anim::Primitive& prim =
        anim::morphed(c.asset().meshes[static_cast<size_t>(st.mesh)].primitives[static_cast<size_t>(p)],
                      c.morph_weights(st.node), scratch);
    const glm::dmat4& g = c.scene_pose().global(st.node);
    std::vector<glm::dvec3> out;
    out.reserve(prim.positions.size());
    for (const auto& v : prim.positions) out.emplace_back(g * glm::dvec4(glm::dvec3(v), 1.0));
    return out;
}

// --retarget SOURCE [--clip C] [--time T] [--retarget-rest R] as the Graph tab's retarget: the
// settings keys graph, retarget_source, retarget_clip, retarget_rest and time, put over the file's
// view and the flags and posed by evaluate_frame like any other view (a .vrma's face tracks
// included), so pose edits, IK, look-at and springs a settings file holds apply on top of the
// retargeted pose as the window draws them (bake once posed this by hand and dropped them). The
// source is read here as well, only to check --clip (exit 2 naming it) and to describe the bake;
// what that costs is a second load of the source.
Expected<ui::SettingsLayer> retarget_layer(const BakeArgs& args, const anim::Character& target,
                                           std::string& described, int& status) {
    status = 1;
    auto asset = anim::load_gltf(args.retarget);
    if (!asset) return make_error("--retarget " + args.retarget + ": " + asset.error().message);
    auto source = anim::Character::create(std::move(*asset));
    if (!source) return make_error("--retarget " + args.retarget + ": " + source.error().message);
    if (source->skins().empty()) return make_error("--retarget " + args.retarget + ": no skin");
    if (target.skins().empty()) return make_error("no skin to retarget onto");
    auto clip = resolve_clip(*source, args.scene.clip);
    if (!clip) {
        status = 2;
        return make_error("--retarget " + args.retarget + ": --clip: " + clip.error().message);
    }
    if (*clip < 0) return make_error("--retarget " + args.retarget + ": the file has no clip to retarget");
    const std::string& name = source->asset().clips[static_cast<size_t>(*clip)].name;

    ui::SettingsLayer l;
    l.values.clock.graph = "retarget";
    l.values.pose.retarget_source = args.retarget;
    l.values.pose.retarget_clip = name.empty() ? std::to_string(*clip) : name;
    l.values.pose.retarget_rest = args.retarget_rest;
    l.values.clock.time = args.scene.time;
    for (const char* key : {"graph", "retarget_source", "retarget_clip", "retarget_rest", "time"}) l.set(key);

    char line[512];
    std::snprintf(line, sizeof line,
                  "# retargeted: clip %d ('%s') of %s at %.9g s, clamped to its keys, rests %s\n", *clip,
                  name.c_str(), args.retarget.c_str(), static_cast<double>(args.scene.time),
                  args.retarget_rest.c_str());
    described = line;
    // The .vrma's expression tracks at the bake's time, as the frame plays them on a VRM target
    // (over an --expression of the same name), listed as the file holds them.
    source->pose_at(*clip, args.scene.time, false);
    const anim::VrmaExpressionValues faces = anim::vrma_expression_values(*source, target.asset().vrm);
    std::string face_text;
    if (target.asset().vrm.present())
        for (const auto& [n, w] : faces.values) {
            char one[96];
            std::snprintf(one, sizeof one, "%s%s=%.6g", face_text.empty() ? "" : " ", n.c_str(), w);
            face_text += one;
        }
    for (const std::string& n : faces.missing)
        face_text += (face_text.empty() ? "" : " ") + n + " (not on this avatar)";
    if (!face_text.empty()) described += "# retargeted expressions: " + face_text + "\n";
    return l;
}

}  // namespace

int run_bake(const BakeArgs& args) {
    if (args.source != "gpu" && args.source != "cpu")
        return fail("--source '" + args.source + "': expected gpu or cpu", 2);
    if (auto st = refuse_conflicting_flags(args.scene.given); !st) return fail(st.error().message, 2);
    if (auto st = refuse_camera_without_look_at(args.scene, !args.settings.empty(),
                                                "bake writes world-space vertices");
        !st)
        return fail(st.error().message, 2);
    // With --retarget, --clip and --time name the source's clip: FILE opens at rest.
    SceneOptions scene = args.scene;
    if (!args.retarget.empty()) {
        scene.clip.clear();
        scene.time = 0.0f;
        scene.bind_pose = true;
    }
    OpenFault fault = OpenFault::None;
    auto opened = open_headless(scene, &fault);
    if (!opened) return fail(opened.error().message, exit_status(fault));
    SceneSession& s = *opened->session;
    std::string retargeted;
    std::optional<ui::SettingsLayer> retarget;
    if (!args.retarget.empty()) {
        int status = 1;
        auto l = retarget_layer(args, s.character(), retargeted, status);
        if (!l) return fail(l.error().message, status);
        retarget = std::move(*l);
    }
    if (!args.settings.empty() || retarget) {
        // The flags the command line named win over the file (ui/settings_layers.h); with
        // --retarget, --clip and --time are the source's and say nothing about FILE's view.
        auto flags = scene_flags_layer(args.scene, args.retarget.empty());
        if (!flags) return fail(flags.error().message, 2);
        const ui::SettingsLayer* over = retarget ? &*retarget : nullptr;
        const auto applied = [&]() -> Expected<HeadlessSettings> {
            if (!args.settings.empty()) return apply_settings_file(args.settings, s, {&*flags, over});
            // Without a settings file the view is the defaults under the flags: what FILE opened with.
            auto view = ui::resolve_view(ui::View{}, {&*flags, over});
            if (!view) return view.error();
            return apply_view_settings(*view, "--retarget " + args.retarget, s);
        }();
        if (!applied) return fail(applied.error().message, 2);  // bad input, as render --settings
        if (args.retarget.empty() && args.scene.bind_pose) s.model().animation.clip = -1;
    }
    // Inside the clip the time is sampled clamped to its keys, as the glTF specification samples:
    // a bake at the clip's duration is its last pose, not the loop's start. Past its end a looping
    // view is the time the clip wraps to, as render, a suite entry and the window draw it: bake
    // clamped there too, so a saved view at 1.13 s of a 0.96 s clip baked its last pose under a
    // picture of its 0.17 s (tests/gl/bake/bake_random_views_test.cpp found it).
    const auto& all_clips = s.character().asset().clips;
    const int view_clip = s.clip();
    const bool past_end = s.model().animation.loop && view_clip >= 0 &&
                          s.time() > all_clips[static_cast<size_t>(view_clip)].duration;
    s.model().animation.loop = past_end;
    s.pose();
    const anim::Character& c = s.character();
    const bool gpu = args.source == "gpu";

    // One object per (node, primitive), nodes ascending.
    const auto& nodes = c.asset().scene.nodes;
    std::vector<int> skinned_of(nodes.size(), -1), static_of(nodes.size(), -1);
    for (size_t i = 0; i < c.skinned_meshes().size(); ++i)
        skinned_of[static_cast<size_t>(c.skinned_meshes()[i].node)] = static_cast<int>(i);
    for (size_t i = 0; i < c.static_meshes().size(); ++i)
        static_of[static_cast<size_t>(c.static_meshes()[i].node)] = static_cast<int>(i);
    std::vector<Object> objects;
    for (size_t n = 0; n < nodes.size(); ++n) {
        if (nodes[n].mesh < 0) continue;
        const anim::Mesh& mesh = c.asset().meshes[static_cast<size_t>(nodes[n].mesh)];
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            Object o{static_cast<int>(n), static_cast<int>(p), nodes[n].name, {}, &mesh.primitives[p]};
            auto positions = skinned_of[n] >= 0
                                 ? skinned_positions(s, skinned_of[n], static_cast<int>(p), gpu)
                             : static_of[n] >= 0 ? static_positions(s, static_of[n], static_cast<int>(p), gpu)
                                                 : Expected<std::vector<glm::dvec3>>(make_error("not drawn"));
            if (!positions)
                return fail(s.path() + ": node " + std::to_string(n) + " ('" + nodes[n].name +
                            "') primitive " + std::to_string(p) + ": " + positions.error().message);
            o.positions = std::move(*positions);
            objects.push_back(std::move(o));
        }
    }

    std::FILE* f = std::fopen(args.output.c_str(), "w");
    if (!f) return fail("cannot write '" + args.output + "'");
    const auto& clips = c.asset().clips;
    const int clip = s.clip();
    std::fprintf(f, "# skinview bake of %s\n", s.path().c_str());
    if (!retargeted.empty())
        std::fprintf(f, "%s", retargeted.c_str());
    else if (clip >= 0)
        std::fprintf(
            f, "# clip %d ('%s') at %.9g s, %s\n", clip, clips[static_cast<size_t>(clip)].name.c_str(),
            static_cast<double>(s.time()),
            past_end ? "past its end: the clip looped, as the view draws it" : "clamped to its keys");
    else
        std::fprintf(f, "# rest pose (no clip)\n");
    std::fprintf(f,
                 "# correction %s, skinning %s, source %s; world space, after morph targets and skinning\n",
                 s.state().draw.correction ? "on" : "off",
                 // The rung the view chose (a settings file's `skinning` included), not the flag's default.
                 s.state().draw.auto_rung ? "auto" : anim::to_id(s.state().draw.rung), args.source.c_str());
    size_t base = 1;
    for (const Object& o : objects) {
        std::fprintf(f, "o n%d_p%d %s\n", o.node, o.primitive, o.name.c_str());
        for (const auto& v : o.positions) std::fprintf(f, "v %.9g %.9g %.9g\n", v.x, v.y, v.z);
        if (o.source->triangles())
            for (size_t t = 0; t + 2 < o.source->indices.size(); t += 3)
                std::fprintf(f, "f %zu %zu %zu\n", base + o.source->indices[t],
                             base + o.source->indices[t + 1], base + o.source->indices[t + 2]);
        base += o.positions.size();
    }
    const bool ok = std::fclose(f) == 0;
    if (!ok) return fail("writing '" + args.output + "' failed");
    return 0;
}

}  // namespace sv::viewer

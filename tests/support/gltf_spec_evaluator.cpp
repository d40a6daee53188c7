// The glTF 2.0 specification read literally, in double precision. Section names in comments are the
// specification's (3.6 Accessors, 3.7 Geometry, 3.11 Animations). Nothing here is from anim/.
#include "gltf_spec_evaluator.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <set>

#include "fitted_slerp.h"
#include "gltf_spec_accessor.h"

namespace sv::test::spec {

namespace {

namespace tg = tinygltf;

std::string str(size_t v) { return std::to_string(v); }
std::string str(int v) { return std::to_string(v); }

using Quat = glm::dvec4;  // x, y, z, w as glTF stores them

Quat normalized(Quat q) {
    const double n = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return n > 0 ? q / n : Quat(0, 0, 0, 1);
}

// The rotation matrix of a unit quaternion. Quaternions are normalised first: the specification
// requires unit rotations, and a float- or int16-stored one is only unit to ~1e-7.
glm::dmat4 rotation_matrix(Quat q) {
    q = normalized(q);
    const double x = q.x, y = q.y, z = q.z, w = q.w;
    glm::dmat4 r(1.0);  // r[column][row]
    r[0][0] = 1 - 2 * (y * y + z * z);
    r[0][1] = 2 * (x * y + z * w);
    r[0][2] = 2 * (x * z - y * w);
    r[1][0] = 2 * (x * y - z * w);
    r[1][1] = 1 - 2 * (x * x + z * z);
    r[1][2] = 2 * (y * z + x * w);
    r[2][0] = 2 * (x * z + y * w);
    r[2][1] = 2 * (y * z - x * w);
    r[2][2] = 1 - 2 * (x * x + y * y);
    return r;
}

// The specification's spherical linear interpolation (Appendix C), along the shorter arc: the sign
// of the dot product flips the second key. Tutorials and viewers often switch to a normalised lerp
// above a 0.9995 dot (keys within ~3.6 degrees), which is off by up to ~1e-5 rad there; the exact
// formula is well conditioned in double until the keys agree to ~1e-12, where the two coincide.
Quat slerp(Quat a, Quat b, double t) {
    a = normalized(a);
    b = normalized(b);
    double d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (d < 0) {
        b = -b;
        d = -d;
    }
    if (d > 1.0 - 1e-12) return normalized(a + t * (b - a));
    const double theta0 = std::acos(d);
    const double s1 = std::sin(t * theta0) / std::sin(theta0);
    const double s0 = std::cos(t * theta0) - d * s1;
    return s0 * a + s1 * b;
}

// One sampler at time t; `width` doubles per element (3, 4, or the morph target count).
std::string sample(const tg::Model& m, const tg::AnimationSampler& s, double t, int width, bool rotation,
                   std::vector<double>* out, const std::string& what, const Deviation& deviation = {}) {
    Data in, val;
    auto e = read_accessor(m, s.input, &in);
    if (e.empty()) e = read_accessor(m, s.output, &val);
    if (!e.empty()) return what + ": " + e;
    const size_t keys = in.count;
    const bool cubic = s.interpolation == "CUBICSPLINE";
    const bool step = s.interpolation == "STEP";
    if (!cubic && !step && s.interpolation != "LINEAR" && !s.interpolation.empty())
        return what + ": interpolation '" + s.interpolation + "' is not glTF 2.0";
    const size_t w = static_cast<size_t>(width);
    if (keys == 0 || in.width != 1 || val.v.size() != keys * w * (cubic ? 3 : 1))
        return what + ": " + str(keys) + " keys but " + str(val.v.size()) + " output values for width " +
               str(width);
    // element(kind, k): the k-th key's in-tangent (0), value (1) or out-tangent (2).
    auto element = [&](int kind, size_t k) {
        return val.v.data() + (cubic ? (3 * k + static_cast<size_t>(kind)) * w : k * w);
    };
    out->assign(w, 0.0);
    const double* lo = nullptr;
    if (t <= in.v[0])
        lo = element(1, 0);  // clamped to this channel's own first key
    else if (t >= in.v[keys - 1])
        lo = element(1, keys - 1);
    if (lo) {
        out->assign(lo, lo + w);
    } else {
        // The last key at or before t; bounded, so key times that do not increase cannot run it off.
        size_t k = 0;
        while (k + 2 < keys && in.v[k + 1] <= t) ++k;
        const double td = in.v[k + 1] - in.v[k];
        if (!(td > 0))
            return what + ": key times " + std::to_string(in.v[k]) + ", " + std::to_string(in.v[k + 1]) +
                   " do not increase";
        const double u = (t - in.v[k]) / td;
        const double* v0 = element(1, k);
        const double* v1 = element(1, k + 1);
        if (step) {
            out->assign(v0, v0 + w);
        } else if (cubic) {
            // The specification's Hermite form; tangents are per second, hence the factor td.
            const double* b0 = element(2, k);      // out-tangent of key k
            const double* a1 = element(0, k + 1);  // in-tangent of key k + 1
            const double u2 = u * u, u3 = u2 * u;
            for (size_t c = 0; c < w; ++c)
                (*out)[c] = (2 * u3 - 3 * u2 + 1) * v0[c] + td * (u3 - 2 * u2 + u) * b0[c] +
                            (-2 * u3 + 3 * u2) * v1[c] + td * (u3 - u2) * a1[c];
        } else if (rotation && deviation.fitted_slerp) {
            out->resize(4);
            fitted_slerp(v0, v1, u, out->data());
        } else if (rotation) {
            const Quat q = slerp(Quat(v0[0], v0[1], v0[2], v0[3]), Quat(v1[0], v1[1], v1[2], v1[3]), u);
            *out = {q.x, q.y, q.z, q.w};
        } else {
            for (size_t c = 0; c < w; ++c) (*out)[c] = v0[c] + u * (v1[c] - v0[c]);
        }
    }
    if (rotation) {
        const Quat q = normalized(Quat((*out)[0], (*out)[1], (*out)[2], (*out)[3]));
        *out = {q.x, q.y, q.z, q.w};
    }
    return "";
}

using NodeState = NodePose;

int target_count(const tg::Model& m, const tg::Node& n) {
    if (n.mesh < 0 || n.mesh >= static_cast<int>(m.meshes.size())) return 0;
    const auto& prims = m.meshes[static_cast<size_t>(n.mesh)].primitives;
    return prims.empty() ? 0 : static_cast<int>(prims[0].targets.size());
}

// Extensions that change no vertex position, or (quantization) whose decoding is done above.
bool harmless_required(const std::string& ext) {
    static const std::set<std::string> ok = {"KHR_mesh_quantization", "KHR_texture_transform",
                                             "KHR_texture_basisu",    "KHR_lights_punctual",
                                             "EXT_texture_webp",      "KHR_materials_unlit"};
    return ok.count(ext) || ext.rfind("KHR_materials_", 0) == 0;
}

}  // namespace

std::string load_model(const std::string& path, tinygltf::Model* model) {
    tg::TinyGLTF loader;
    loader.SetImageLoader([](tg::Image*, const int, std::string*, std::string*, int, int,
                             const unsigned char*, int, void*) { return true; },
                          nullptr);
    std::string err, warn;
    const bool glb = path.size() >= 4 && path.compare(path.size() - 4, 4, ".glb") == 0;
    const bool ok = glb ? loader.LoadBinaryFromFile(model, &err, &warn, path)
                        : loader.LoadASCIIFromFile(model, &err, &warn, path);
    if (!ok) return path + ": " + (err.empty() ? "tinygltf refused it" : err);
    return "";
}

double clip_duration(const tinygltf::Model& model, int clip) {
    if (clip < 0 || clip >= static_cast<int>(model.animations.size())) return 0.0;
    const tg::Animation& a = model.animations[static_cast<size_t>(clip)];
    double end = 0.0;
    for (const auto& ch : a.channels) {
        if (ch.sampler < 0 || ch.sampler >= static_cast<int>(a.samplers.size())) continue;
        Data in;
        if (read_accessor(model, a.samplers[static_cast<size_t>(ch.sampler)].input, &in).empty() &&
            in.count > 0)
            end = std::max(end, in.v.back());
    }
    return end;
}

Evaluation evaluate(const tinygltf::Model& m, int clip, double time) { return evaluate(m, clip, time, {}); }

Evaluation evaluate(const tinygltf::Model& m, int clip, double time, const Deviation& deviation) {
    return evaluate(m, clip, time, deviation, {});
}

Evaluation evaluate(const tinygltf::Model& m, int clip, double time, const Deviation& deviation,
                    const NodeEdits& edits) {
    std::vector<NodePose> st;
    if (const std::string e = sample_nodes(m, clip, time, &st, deviation); !e.empty()) {
        Evaluation ev;
        ev.error = e;
        return ev;
    }
    // Edits after the clip: local' = local x edit, the Hamilton product written out (x, y, z, w).
    for (const auto& [node, e] : edits.rotation_after) {
        Evaluation ev;
        if (node < 0 || node >= static_cast<int>(st.size())) {
            ev.error = "edit of node " + str(node) + ": no such node";
            return ev;
        }
        NodeState& s = st[static_cast<size_t>(node)];
        if (s.has_matrix) {
            ev.error = "edit of node " + str(node) + ": the node is given as a matrix";
            return ev;
        }
        const Quat a = normalized(s.r), b = normalized(e);
        const glm::dvec3 av(a.x, a.y, a.z), bv(b.x, b.y, b.z);
        const glm::dvec3 v = a.w * bv + b.w * av + glm::cross(av, bv);
        s.r = Quat(v.x, v.y, v.z, a.w * b.w - glm::dot(av, bv));
    }
    return evaluate_nodes(m, st, deviation);
}

std::string sample_nodes(const tinygltf::Model& m, int clip, double time, std::vector<NodePose>* out,
                         const Deviation& deviation) {
    auto fail = [&](const std::string& why) { return why; };
    for (const auto& ext : m.extensionsRequired)
        if (!harmless_required(ext)) return fail("required extension " + ext + " is not evaluated");
    const size_t nn = m.nodes.size();

    // Node TRS (or matrix) as the file gives it, then the clip's channels over it.
    std::vector<NodeState> st(nn);
    for (size_t i = 0; i < nn; ++i) {
        const tg::Node& n = m.nodes[i];
        NodeState& s = st[i];
        if (n.matrix.size() == 16) {
            s.has_matrix = true;
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 4; ++r) s.matrix[c][r] = n.matrix[static_cast<size_t>(c * 4 + r)];
        }
        if (n.translation.size() == 3) s.t = {n.translation[0], n.translation[1], n.translation[2]};
        if (n.rotation.size() == 4) s.r = {n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]};
        if (n.scale.size() == 3) s.s = {n.scale[0], n.scale[1], n.scale[2]};
        // Morph weights: node.weights, else mesh.weights, else zeros (animated ones replace both below).
        const size_t targets = static_cast<size_t>(target_count(m, n));
        s.weights.assign(targets, 0.0);
        if (n.weights.size() == targets)
            s.weights = n.weights;
        else if (n.mesh >= 0 && m.meshes[static_cast<size_t>(n.mesh)].weights.size() == targets)
            s.weights = m.meshes[static_cast<size_t>(n.mesh)].weights;
    }
    if (clip >= static_cast<int>(m.animations.size())) return fail("no clip " + str(clip));
    if (clip >= 0) {
        const tg::Animation& a = m.animations[static_cast<size_t>(clip)];
        for (size_t ci = 0; ci < a.channels.size(); ++ci) {
            const tg::AnimationChannel& ch = a.channels[ci];
            const std::string what = "animation " + str(clip) + " channel " + str(ci);
            if (ch.target_node < 0) continue;  // an extension's target (e.g. a pointer): moves no node
            if (ch.target_node >= static_cast<int>(nn) || ch.sampler < 0 ||
                ch.sampler >= static_cast<int>(a.samplers.size()))
                return fail(what + ": bad node or sampler index");
            NodeState& s = st[static_cast<size_t>(ch.target_node)];
            const auto& smp = a.samplers[static_cast<size_t>(ch.sampler)];
            std::vector<double> v;
            std::string e;
            if (ch.target_path == "translation" || ch.target_path == "scale") {
                e = sample(m, smp, time, 3, false, &v, what);
                if (e.empty()) (ch.target_path == "scale" ? s.s : s.t) = {v[0], v[1], v[2]};
            } else if (ch.target_path == "rotation") {
                e = sample(m, smp, time, 4, true, &v, what, deviation);
                if (e.empty()) s.r = {v[0], v[1], v[2], v[3]};
            } else if (ch.target_path == "weights") {
                const int targets = target_count(m, m.nodes[static_cast<size_t>(ch.target_node)]);
                if (targets == 0) return fail(what + ": animates weights of a node without morph targets");
                e = sample(m, smp, time, targets, false, &v, what);
                if (e.empty()) s.weights = v;
            } else {
                return fail(what + ": path '" + ch.target_path + "' is not evaluated");
            }
            if (!e.empty()) return fail(e);
        }
    }

    *out = std::move(st);
    return "";
}

Evaluation evaluate_nodes(const tinygltf::Model& m, const std::vector<NodePose>& st,
                          const Deviation& deviation) {
    Evaluation ev;
    auto fail = [&](const std::string& why) {
        ev.primitives.clear();
        ev.error = why;
        return ev;
    };
    for (const auto& ext : m.extensionsRequired)
        if (!harmless_required(ext)) return fail("required extension " + ext + " is not evaluated");
    const size_t nn = m.nodes.size();
    if (st.size() != nn)
        return fail("the node poses number " + str(st.size()) + ", the file's nodes " + str(nn));

    // Globals down the hierarchy; every node with no parent is a root (joints need not be in a scene).
    std::vector<int> parent(nn, -1);
    for (size_t i = 0; i < nn; ++i)
        for (int c : m.nodes[i].children) {
            if (c < 0 || c >= static_cast<int>(nn))
                return fail("node " + str(i) + ": child " + str(c) + " does not exist");
            if (parent[static_cast<size_t>(c)] >= 0) return fail("node " + str(c) + " has two parents");
            parent[static_cast<size_t>(c)] = static_cast<int>(i);
        }
    std::vector<glm::dmat4> global(nn, glm::dmat4(1.0));
    std::vector<int> done(nn, 0);  // 0 not yet, 1 in progress, 2 done
    std::function<bool(size_t)> solve = [&](size_t i) {
        if (done[i] == 2) return true;
        if (done[i] == 1) return false;  // a cycle
        done[i] = 1;
        const NodeState& s = st[i];
        glm::dmat4 local = s.matrix;
        if (!s.has_matrix) {
            glm::dmat4 t(1.0), sc(1.0);
            t[3] = glm::dvec4(s.t, 1.0);
            sc[0][0] = s.s.x;
            sc[1][1] = s.s.y;
            sc[2][2] = s.s.z;
            local = t * rotation_matrix(s.r) * sc;
        }
        if (parent[i] >= 0) {
            if (!solve(static_cast<size_t>(parent[i]))) return false;
            global[i] = global[static_cast<size_t>(parent[i])] * local;
        } else {
            global[i] = local;
        }
        done[i] = 2;
        return true;
    };
    for (size_t i = 0; i < nn; ++i)
        if (!solve(i)) return fail("node " + str(i) + " is in a cycle of children");

    // The drawn nodes: the default scene's trees (`scene`, else scene 0, else every root).
    std::vector<char> drawn(nn, 0);
    std::vector<int> stack;
    if (m.scenes.empty()) {
        for (size_t i = 0; i < nn; ++i)
            if (parent[i] < 0) stack.push_back(static_cast<int>(i));
    } else {
        const int sc =
            m.defaultScene >= 0 && m.defaultScene < static_cast<int>(m.scenes.size()) ? m.defaultScene : 0;
        stack = m.scenes[static_cast<size_t>(sc)].nodes;
    }
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        if (i < 0 || i >= static_cast<int>(nn))
            return fail("scene names node " + str(i) + ", which does not exist");
        drawn[static_cast<size_t>(i)] = 1;
        for (int c : m.nodes[static_cast<size_t>(i)].children) stack.push_back(c);
    }

    for (size_t ni = 0; ni < nn; ++ni) {
        const tg::Node& node = m.nodes[ni];
        if (!drawn[ni] || node.mesh < 0) continue;
        if (node.mesh >= static_cast<int>(m.meshes.size()))
            return fail("node " + str(ni) + ": no mesh " + str(node.mesh));
        const tg::Mesh& mesh = m.meshes[static_cast<size_t>(node.mesh)];
        // Joint matrices: joint.global x inverseBind (identity when the skin gives none).
        std::vector<glm::dmat4> joint_matrix;
        if (node.skin >= 0) {
            if (node.skin >= static_cast<int>(m.skins.size()))
                return fail("node " + str(ni) + ": no skin " + str(node.skin));
            const tg::Skin& skin = m.skins[static_cast<size_t>(node.skin)];
            Data ibm;
            if (skin.inverseBindMatrices >= 0) {
                auto e = read_accessor(m, skin.inverseBindMatrices, &ibm);
                if (!e.empty()) return fail("skin " + str(node.skin) + " inverseBindMatrices: " + e);
                if (ibm.width != 16 || ibm.count < skin.joints.size())
                    return fail("skin " + str(node.skin) + ": inverseBindMatrices is not one MAT4 per joint");
            }
            for (size_t k = 0; k < skin.joints.size(); ++k) {
                const int j = skin.joints[k];
                if (j < 0 || j >= static_cast<int>(nn))
                    return fail("skin " + str(node.skin) + ": joint node " + str(j));
                glm::dmat4 inv(1.0);
                if (!ibm.v.empty())
                    for (int c = 0; c < 4; ++c)
                        for (int r = 0; r < 4; ++r) inv[c][r] = ibm.at(k)[c * 4 + r];
                joint_matrix.push_back(global[static_cast<size_t>(j)] * inv);
            }
        }
        for (size_t pi = 0; pi < mesh.primitives.size(); ++pi) {
            const tg::Primitive& p = mesh.primitives[pi];
            const std::string what = "node " + str(ni) + " primitive " + str(pi);
            if (p.extensions.count("KHR_draco_mesh_compression"))
                return fail(what + ": Draco-compressed, which this evaluator does not decode");
            auto pos_it = p.attributes.find("POSITION");
            if (pos_it == p.attributes.end()) return fail(what + ": no POSITION");
            Data pos;
            auto e = read_accessor(m, pos_it->second, &pos);
            if (!e.empty()) return fail(what + " POSITION: " + e);
            if (pos.width != 3) return fail(what + ": POSITION is not VEC3");
            std::vector<glm::dvec3> v(pos.count);
            for (size_t i = 0; i < pos.count; ++i) v[i] = {pos.at(i)[0], pos.at(i)[1], pos.at(i)[2]};
            // Morph targets: base + sum of weight_t x POSITION delta_t.
            const auto& weights = st[ni].weights;
            for (size_t t = 0; t < p.targets.size() && t < weights.size(); ++t) {
                auto it = p.targets[t].find("POSITION");
                if (it == p.targets[t].end() || weights[t] == 0.0) continue;
                Data d;
                e = read_accessor(m, it->second, &d);
                if (!e.empty()) return fail(what + " target " + str(t) + ": " + e);
                if (d.width != 3 || d.count != pos.count)
                    return fail(what + " target " + str(t) + ": not one VEC3 per vertex");
                for (size_t i = 0; i < pos.count; ++i)
                    v[i] += weights[t] * glm::dvec3(d.at(i)[0], d.at(i)[1], d.at(i)[2]);
            }
            const bool skinned =
                node.skin >= 0 && p.attributes.count("JOINTS_0") && p.attributes.count("WEIGHTS_0");
            if (!skinned) {
                for (auto& x : v) x = glm::dvec3(global[ni] * glm::dvec4(x, 1.0));
            } else {
                std::vector<Data> joints, wts;
                for (int set = 0;; ++set) {
                    auto ji = p.attributes.find("JOINTS_" + str(set));
                    auto wi = p.attributes.find("WEIGHTS_" + str(set));
                    if (ji == p.attributes.end() || wi == p.attributes.end()) break;
                    if (deviation.influence_sets > 0 && set >= deviation.influence_sets) break;
                    joints.emplace_back();
                    wts.emplace_back();
                    e = read_accessor(m, ji->second, &joints.back());
                    if (e.empty()) e = read_accessor(m, wi->second, &wts.back());
                    if (!e.empty()) return fail(what + " JOINTS/WEIGHTS_" + str(set) + ": " + e);
                    if (joints.back().width != 4 || wts.back().width != 4 ||
                        joints.back().count != pos.count || wts.back().count != pos.count)
                        return fail(what + " JOINTS/WEIGHTS_" + str(set) + ": not one VEC4 per vertex");
                }
                // Every set is read, however many (glTF sets no limit); one the loop stopped short
                // of (a JOINTS_n without its WEIGHTS_n, or after a gap) is an invalid file, not
                // influences to leave out.
                for (const auto& kv : p.attributes)
                    for (const std::string prefix : {"JOINTS_", "WEIGHTS_"})
                        if (deviation.influence_sets == 0 && kv.first.rfind(prefix, 0) == 0 &&
                            std::atol(kv.first.c_str() + prefix.size()) >= static_cast<long>(joints.size()))
                            return fail(what + " " + kv.first + ": its pair, or a set below it, is missing");
                for (size_t i = 0; i < pos.count; ++i) {
                    // Weights are divided by their sum: the specification asks for a sum of 1 but
                    // uint8/uint16 and float storage leave it off by up to ~1e-2 (1/255 per slot),
                    // which would scale a vertex about the skin origin by that much, 100x the test
                    // tolerance. A zero sum is left alone: the literal formula then gives the origin.
                    double sum = 0;
                    for (const auto& w : wts) sum += w.at(i)[0] + w.at(i)[1] + w.at(i)[2] + w.at(i)[3];
                    const double scale = sum > 0 ? 1.0 / sum : 1.0;
                    glm::dvec4 acc(0.0);
                    for (size_t set = 0; set < joints.size(); ++set)
                        for (int c = 0; c < 4; ++c) {
                            const double w = wts[set].at(i)[c] * scale;
                            if (w == 0.0) continue;
                            const double j = joints[set].at(i)[c];
                            if (j >= static_cast<double>(joint_matrix.size()))
                                return fail(what + ": vertex " + str(i) + " names joint " +
                                            std::to_string(j) + " of a " + str(joint_matrix.size()) +
                                            "-joint skin");
                            acc += w * (joint_matrix[static_cast<size_t>(j)] * glm::dvec4(v[i], 1.0));
                        }
                    v[i] = glm::dvec3(acc);
                }
            }
            EvaluatedPrimitive out;
            out.node = static_cast<int>(ni);
            out.primitive = static_cast<int>(pi);
            out.node_name = node.name;
            out.mode = p.mode < 0 ? 4 : p.mode;
            out.positions = std::move(v);
            ev.primitives.push_back(std::move(out));
        }
    }
    return ev;
}

std::string scale_inverse_bind(tinygltf::Model* model, int skin, size_t joint, double factor) {
    if (skin < 0 || skin >= static_cast<int>(model->skins.size())) return "no skin " + str(skin);
    const int ai = model->skins[static_cast<size_t>(skin)].inverseBindMatrices;
    if (ai < 0 || ai >= static_cast<int>(model->accessors.size()))
        return "skin " + str(skin) + " has no inverse binds";
    const tg::Accessor& a = model->accessors[static_cast<size_t>(ai)];
    if (a.bufferView < 0 || a.sparse.isSparse || a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT ||
        a.type != TINYGLTF_TYPE_MAT4 || joint >= a.count)
        return "skin " + str(skin) + ": inverse binds are not a plain float MAT4 accessor covering joint " +
               str(joint);
    const tg::BufferView& bv = model->bufferViews[static_cast<size_t>(a.bufferView)];
    const size_t stride = bv.byteStride ? bv.byteStride : 64;
    auto& data = model->buffers[static_cast<size_t>(bv.buffer)].data;
    const size_t at = bv.byteOffset + a.byteOffset + joint * stride;
    if (at + 64 > data.size())
        return "skin " + str(skin) + ": inverse bind " + str(joint) + " is past its buffer";
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 3; ++r) {  // rows 0..2 of every column; row 3 stays (0,0,0,1)
            float f;
            std::memcpy(&f, &data[at + static_cast<size_t>(c * 4 + r) * 4], 4);
            f = static_cast<float>(f * factor);
            std::memcpy(&data[at + static_cast<size_t>(c * 4 + r) * 4], &f, 4);
        }
    return "";
}

double body_size(const Evaluation& e) {
    const double inf = std::numeric_limits<double>::infinity();
    glm::dvec3 lo(inf), hi(-inf);
    bool any = false;
    for (const auto& p : e.primitives)
        for (const auto& x : p.positions) {
            lo = glm::min(lo, x);
            hi = glm::max(hi, x);
            any = true;
        }
    return any ? glm::length(hi - lo) : 0.0;
}

}  // namespace sv::test::spec

#include "anim/gltf_import.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include <nlohmann/json.hpp>
#include <stb/stb_image.h>
#include <tiny_gltf.h>

#include "anim/palette_layout.h"
#include "gltf_accessor.h"
#include "gltf_document_checks.h"
#include "gltf_material_import.h"
#include "gltf_webp.h"

namespace sv::anim {

namespace {

namespace tg = tinygltf;
using gltf::View;

std::string str(size_t v) { return std::to_string(v); }
std::string str(int v) { return std::to_string(v); }

// Component types by where an accessor is read (glTF 2.0 3.6.2.2 and 3.7.2.1, and what
// KHR_mesh_quantization adds to them). Integers are decoded as glTF says (normalized to [0,1] or
// [-1,1], or their plain value), so a quantized file draws as its float twin once its node
// transforms undo the scale.
constexpr int kF = TINYGLTF_COMPONENT_TYPE_FLOAT, kB = TINYGLTF_COMPONENT_TYPE_BYTE,
              kUB = TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, kS = TINYGLTF_COMPONENT_TYPE_SHORT,
              kUS = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, kUI = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
const gltf::TypeRule kFloatOnly{{kF}};
const gltf::TypeRule kPositionRule{{kF}, {kB, kUB, kS, kUS}};
const gltf::TypeRule kNormalRule{{kF}, {kB, kS}, true};
const gltf::TypeRule kTexcoordRule{{kF, kUB, kUS}, {kB, kS}};
const gltf::TypeRule kJointsRule{{kUB, kUS}};
const gltf::TypeRule kWeightsRule{{kF, kUB, kUS}};
const gltf::TypeRule kColorRule{{kF, kUB, kUS}};  // integers must be normalized (checked where read)
const gltf::TypeRule kIndexRule{{kUB, kUS, kUI}};
const gltf::TypeRule kMorphPositionRule{{kF}, {kB, kS}};
const gltf::TypeRule kMorphNormalRule{{kF}, {kB, kS}, true};
// Rotation and morph-weight outputs may be normalized integers in core glTF 2.0.
const gltf::TypeRule kRotationOutputRule{{kF, kB, kUB, kS, kUS}, {}, true};

// Reads the size from the image's header and refuses a huge one before a pixel is decoded (a
// few header bytes can otherwise ask for gigabytes), then decodes with tinygltf's stb loader.
Status decode_image(tg::Image& image, int idx, const unsigned char* bytes, size_t size) {
    const std::string name = "image " + str(idx) + " ('" + image.name + "')";
    if (size > static_cast<size_t>(std::numeric_limits<int>::max()))
        return make_error(name + ": " + str(size) + " bytes is too large to decode");
    if (gltf::is_webp(bytes, size)) return gltf::decode_webp(image, name, bytes, size);
    int w = 0, h = 0, comp = 0;
    if (!stbi_info_from_memory(bytes, static_cast<int>(size), &w, &h, &comp))
        return make_error(name + ": is not an image (no PNG, JPEG, BMP, GIF, TGA, PSD, HDR or PNM header)");
    if (w > kMaxImageSide || h > kMaxImageSide)
        return make_error(name + ": " + str(w) + "x" + str(h) + " is larger than the " + str(kMaxImageSide) + "x" +
                          str(kMaxImageSide) + " limit; refused before decoding");
    std::string err, warn;
    image.width = image.height = 0;
    if (!tg::LoadImageData(&image, idx, &err, &warn, 0, 0, bytes, static_cast<int>(size), nullptr))
        return make_error(name + ": its " + str(w) + "x" + str(h) + " header is readable but the pixels are not");
    return ok_status();
}

struct Importer {
    const tg::Model& m;
    Asset& out;

    bool quantization = false;  // the file declares KHR_mesh_quantization
    // What the document checks found: the file's index of each channel tinygltf holds (they
    // removed the skipped ones). Null: the same indices.
    const gltf::DocumentFacts* facts = nullptr;

    std::string acc_name(int i) const { return gltf::accessor_name(m, i); }

    Expected<View> view(int index, const std::string& what, int comps, const gltf::TypeRule& rule) const {
        return gltf::read_accessor(m, index, what, comps, rule, quantization);
    }

    Status nodes() {
        const size_t n = m.nodes.size();
        out.scene.nodes.resize(n);
        for (size_t i = 0; i < n; ++i) {
            const tg::Node& src = m.nodes[i];
            Node& d = out.scene.nodes[i];
            const std::string name = "node " + str(i) + " ('" + src.name + "')";
            d.name = src.name;
            for (int c : src.children) {
                if (c < 0 || static_cast<size_t>(c) >= n)
                    return make_error(name + ": child " + str(c) + " is out of range (" + str(n) + " nodes)");
                d.children.push_back(c);
                out.scene.nodes[static_cast<size_t>(c)].parent = static_cast<int>(i);
            }
            auto finite = [](const std::vector<double>& v) {
                return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
            };
            if (!finite(src.matrix) || !finite(src.translation) || !finite(src.rotation) || !finite(src.scale))
                return make_error(name + ": transform holds a NaN or infinity");
            if (src.matrix.size() == 16) {
                glm::dmat4 mm;
                for (int k = 0; k < 16; ++k) mm[k / 4][k % 4] = src.matrix[static_cast<size_t>(k)];
                d.set_local_matrix(mm);
            } else {
                if (src.translation.size() == 3)
                    d.translation = {src.translation[0], src.translation[1], src.translation[2]};
                if (src.rotation.size() == 4)
                    d.rotation = glm::normalize(glm::dquat(src.rotation[3], src.rotation[0], src.rotation[1], src.rotation[2]));
                if (src.scale.size() == 3) d.scale = {src.scale[0], src.scale[1], src.scale[2]};
            }
            if (src.mesh >= 0 && static_cast<size_t>(src.mesh) >= m.meshes.size())
                return make_error(name + ": mesh " + str(src.mesh) + " is out of range");
            if (src.skin >= 0 && static_cast<size_t>(src.skin) >= m.skins.size())
                return make_error(name + ": skin " + str(src.skin) + " is out of range");
            d.mesh = src.mesh;
            d.skin = src.skin;
            for (double w : src.weights) {
                if (!std::isfinite(w)) return make_error(name + ": weights hold a NaN or infinity");
                d.weights.push_back(static_cast<float>(w));
            }
        }
        // Two parents or a cycle: refuse before anything walks the graph.
        return out.scene.validate();
    }

    // Per skin: old joint index -> sorted index.
    std::vector<std::vector<int>> skin_remap;

    Status skins() {
        for (size_t s = 0; s < m.skins.size(); ++s) {
            const tg::Skin& src = m.skins[s];
            const std::string name = "skin " + str(s) + " ('" + src.name + "')";
            const size_t n = src.joints.size();
            if (n == 0) return make_error(name + ": has no joints");
            if (n > static_cast<size_t>(MAX_JOINTS))
                return make_error(name + ": " + str(n) + " joints is more than MAX_JOINTS = " + str(MAX_JOINTS) +
                                  " (one palette texture row holds " + str(MAX_JOINTS) + " matrices)");
            std::vector<int> old_of_node(out.scene.nodes.size(), -1);
            for (size_t j = 0; j < n; ++j) {
                const int node = src.joints[j];
                if (node < 0 || static_cast<size_t>(node) >= out.scene.nodes.size())
                    return make_error(name + ": joint " + str(j) + " names node " + str(node) + ", out of range");
                if (old_of_node[static_cast<size_t>(node)] >= 0)
                    return make_error(name + ": node " + str(node) + " is listed twice as a joint");
                old_of_node[static_cast<size_t>(node)] = static_cast<int>(j);
            }
            // Depth counted in joints of this skin: a joint's parent joint is strictly shallower,
            // so a stable sort by it is parents-first and keeps the file's order otherwise.
            std::vector<int> depth(n, 0);
            for (size_t j = 0; j < n; ++j)
                for (int p = out.scene.nodes[static_cast<size_t>(src.joints[j])].parent; p >= 0;
                     p = out.scene.nodes[static_cast<size_t>(p)].parent)
                    if (old_of_node[static_cast<size_t>(p)] >= 0) ++depth[j];
            std::vector<int> order(n);
            for (size_t j = 0; j < n; ++j) order[j] = static_cast<int>(j);
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return depth[static_cast<size_t>(a)] < depth[static_cast<size_t>(b)]; });

            std::vector<glm::dmat4> ibm(n, glm::dmat4(1.0));
            if (src.inverseBindMatrices >= 0) {
                auto v = view(src.inverseBindMatrices, name + " inverseBindMatrices", 16, kFloatOnly);
                if (!v) return v.error();
                if (v->count < n)
                    return make_error(name + ": " + acc_name(src.inverseBindMatrices) + " holds " + str(v->count) +
                                      " inverse bind matrices for " + str(n) + " joints");
                for (size_t j = 0; j < n; ++j)
                    for (int k = 0; k < 16; ++k) {
                        const double x = v->get(j, k);
                        if (!std::isfinite(x))
                            return make_error(name + ": inverse bind matrix " + str(j) + " holds a NaN or infinity");
                        ibm[j][k / 4][k % 4] = x;
                    }
            }
            // The glTF validator's SKIN_NO_COMMON_ROOT. Reported, not refused: the skeleton places
            // each root joint by its own parents' world matrix, so such a skin still draws as the
            // file says, but a tool that moves "the skeleton" by one root will move part of it.
            // The graph is a forest here (nodes() validated it), so each climb ends.
            auto root_of = [&](int node) {
                while (out.scene.nodes[static_cast<size_t>(node)].parent >= 0)
                    node = out.scene.nodes[static_cast<size_t>(node)].parent;
                return node;
            };
            const int root0 = root_of(src.joints[0]);
            for (size_t j = 1; j < n; ++j)
                if (root_of(src.joints[j]) != root0) {
                    out.report.push_back(name + ": joints are not connected: joint 0 (node " + str(src.joints[0]) + " '" +
                                         out.scene.nodes[static_cast<size_t>(src.joints[0])].name + "') and joint " +
                                         str(j) + " (node " + str(src.joints[j]) + " '" +
                                         out.scene.nodes[static_cast<size_t>(src.joints[j])].name +
                                         "') have no common root");
                    break;
                }
            // A singular inverse bind collapses its joint's vertices onto a plane or a line and has
            // no frame to skin in. Judged by |det| against the product of the column lengths (1 for
            // any rotation times any scale, 0 when singular), so a centimetre rig is not refused
            // for its small determinant; 1e-6 is ten float roundings of a matrix that was singular
            // before it was stored in float.
            for (size_t j = 0; j < n; ++j) {
                const glm::dmat3 l(ibm[j]);
                const double det = glm::determinant(l);
                const double vol = glm::length(l[0]) * glm::length(l[1]) * glm::length(l[2]);
                if (!(std::fabs(det) > 1e-6 * vol)) {
                    char buf[64];
                    std::snprintf(buf, sizeof buf, "%.6g", det);
                    return make_error(name + ": inverse bind matrix " + str(j) + " (node " + str(src.joints[j]) + " '" +
                                      out.scene.nodes[static_cast<size_t>(src.joints[j])].name +
                                      "') is singular (determinant of its linear part " + buf + ")");
                }
            }
            Skin d;
            d.name = src.name;
            d.skeleton = src.skeleton;
            std::vector<int> remap(n);
            for (size_t k = 0; k < n; ++k) {
                const int old = order[k];
                remap[static_cast<size_t>(old)] = static_cast<int>(k);
                d.joints.push_back(src.joints[static_cast<size_t>(old)]);
                d.inverse_bind.push_back(ibm[static_cast<size_t>(old)]);
            }
            if (order != [&] { std::vector<int> id(n); for (size_t j = 0; j < n; ++j) id[j] = static_cast<int>(j); return id; }())
                out.report.push_back(name + ": joints were not listed parents-first; sorted, and vertex joint indices remapped");
            skin_remap.push_back(std::move(remap));
            out.skins.push_back(std::move(d));
        }
        // The glTF validator's skin warnings.
        for (size_t i = 0; i < m.nodes.size(); ++i) {
            const Node& nd = out.scene.nodes[i];
            if (nd.skin < 0 || nd.mesh < 0) continue;
            const std::string name = "node " + str(i) + " ('" + nd.name + "')";
            if (nd.parent >= 0)
                out.report.push_back(name + ": a skinned mesh node that is not a root; glTF ignores the transforms of its "
                                             "ancestors, so it draws as if at the root");
            if (nd.local() != glm::dmat4(1.0))
                out.report.push_back(name + ": a skinned mesh node carries a local transform, which glTF says is ignored");
        }
        return ok_status();
    }

    Status materials() {
        if (auto st = import_materials(m, out); !st) return st;
        for (size_t i = 0; i < m.images.size(); ++i) {
            const tg::Image* srcp = &m.images[i];
            tg::Image decoded;
            if (srcp->bufferView >= 0 && srcp->image.empty()) {
                decoded = *srcp;
                if (auto st = decode_buffer_view_image(static_cast<int>(i), decoded); !st) return st.error();
                srcp = &decoded;
            }
            const tg::Image& src = *srcp;
            Image d;
            d.name = src.name;
            const std::string name = "image " + str(i) + " ('" + src.name + "')";
            if (src.width <= 0 || src.height <= 0 || src.component < 1 || src.component > 4 ||
                (src.bits != 8 && src.bits != 16))
                return make_error(name + ": was not decoded (" + str(src.width) + "x" + str(src.height) + ", " +
                                  str(src.component) + " channels, " + str(src.bits) + " bits)");
            const size_t px = static_cast<size_t>(src.width) * static_cast<size_t>(src.height);
            const size_t bpc = static_cast<size_t>(src.bits / 8);
            if (src.image.size() < px * static_cast<size_t>(src.component) * bpc)
                return make_error(name + ": decoded data is short");
            d.width = src.width;
            d.height = src.height;
            d.rgba.resize(px * 4);
            for (size_t p = 0; p < px; ++p)
                for (int c = 0; c < 4; ++c) {
                    std::uint8_t v = 255;
                    const int sc = src.component;
                    const int from = sc >= 3 ? c : (c < 3 ? 0 : 1);  // grey(+alpha) fans out
                    if (c < 3 || sc == 4 || sc == 2) {
                        if (from < sc) {
                            const size_t at = (p * static_cast<size_t>(sc) + static_cast<size_t>(from)) * bpc;
                            v = bpc == 1 ? src.image[at] : src.image[at + 1];  // 16-bit little-endian: high byte
                        }
                    }
                    d.rgba[p * 4 + static_cast<size_t>(c)] = v;
                }
            out.images.push_back(std::move(d));
        }
        return ok_status();
    }

    // tinygltf hands a buffer-view image's bytes to the decoder without checking the view against
    // its buffer, so those are deferred (see load_image) and decoded here after the checks.
    Status decode_buffer_view_image(int i, tg::Image& img) const {
        const std::string name = "image " + str(i) + " ('" + img.name + "')";
        if (static_cast<size_t>(img.bufferView) >= m.bufferViews.size())
            return make_error(name + ": buffer view " + str(img.bufferView) + " is out of range (" +
                              str(m.bufferViews.size()) + " buffer views)");
        const tg::BufferView& bv = m.bufferViews[static_cast<size_t>(img.bufferView)];
        if (bv.buffer < 0 || static_cast<size_t>(bv.buffer) >= m.buffers.size())
            return make_error(name + ": buffer view " + str(img.bufferView) + " names buffer " + str(bv.buffer) +
                              ", which is missing");
        const auto& data = m.buffers[static_cast<size_t>(bv.buffer)].data;
        if (bv.byteOffset > data.size() || bv.byteLength > data.size() - bv.byteOffset)
            return make_error(name + ": buffer view " + str(img.bufferView) + " (offset " + str(bv.byteOffset) +
                              ", length " + str(bv.byteLength) + ") runs past the end of buffer " + str(bv.buffer) +
                              " (" + str(data.size()) + " bytes)");
        return decode_image(img, i, data.data() + bv.byteOffset, bv.byteLength);
    }

    long renormalised = 0, zero_weight = 0;

    // Every (file mesh, skin) pair a node draws: joint indices are checked and remapped against the
    // skin, so a mesh drawn with two skins is imported once per skin. The first pair keeps the
    // file's mesh index; further pairs are appended and their nodes pointed at them.
    Status meshes() {
        std::vector<std::vector<int>> skins_of_mesh(m.meshes.size());
        for (size_t i = 0; i < m.nodes.size(); ++i) {
            const tg::Node& n = m.nodes[i];
            if (n.mesh < 0 || n.skin < 0) continue;
            auto& list = skins_of_mesh[static_cast<size_t>(n.mesh)];
            if (std::find(list.begin(), list.end(), n.skin) == list.end()) list.push_back(n.skin);
        }
        for (size_t mi = 0; mi < m.meshes.size(); ++mi) {
            const auto& list = skins_of_mesh[mi];
            Mesh d;
            if (auto st = import_mesh(mi, list.empty() ? -1 : list[0], d); !st) return st;
            out.meshes.push_back(std::move(d));
        }
        for (size_t mi = 0; mi < m.meshes.size(); ++mi) {
            const auto& list = skins_of_mesh[mi];
            for (size_t k = 1; k < list.size(); ++k) {
                Mesh d;
                if (auto st = import_mesh(mi, list[k], d); !st) return st;
                const int copy = static_cast<int>(out.meshes.size());
                out.meshes.push_back(std::move(d));
                for (size_t i = 0; i < m.nodes.size(); ++i)
                    if (m.nodes[i].mesh == static_cast<int>(mi) && m.nodes[i].skin == list[k])
                        out.scene.nodes[i].mesh = copy;
                out.report.push_back("mesh " + str(mi) + " ('" + m.meshes[mi].name + "'): drawn with skins " +
                                     str(list[0]) + " and " + str(list[k]) + "; imported once per skin, each with " +
                                     "its own joint remap");
            }
        }
        // glTF 2.0 3.7.2.1: node.weights, when given, has one entry per morph target of its mesh.
        for (size_t i = 0; i < m.nodes.size(); ++i) {
            Node& nd = out.scene.nodes[i];
            if (nd.weights.empty()) continue;
            const size_t targets =
                nd.mesh >= 0 ? out.meshes[static_cast<size_t>(nd.mesh)].weights.size() : size_t(0);
            if (nd.weights.size() != targets)
                return make_error("node " + str(i) + " ('" + nd.name + "'): weights has " + str(nd.weights.size()) +
                                  " entries, its mesh has " + str(targets) + " morph targets");
        }
        if (renormalised > 0)
            out.report.push_back(std::to_string(renormalised) + " vertices had weights not summing to 1; renormalised");
        if (zero_weight > 0)
            out.report.push_back(std::to_string(zero_weight) +
                                 " vertices had all weights zero; bound to their first joint with weight 1");
        return ok_status();
    }

    // Reads the morph targets of primitive `p` (POSITION, NORMAL and TANGENT displacements, each
    // optional) for `nv` vertices.
    Status morph_targets(const tg::Primitive& p, const std::string& name, size_t nv, Primitive& q) const {
        for (size_t t = 0; t < p.targets.size(); ++t) {
            MorphTarget mt;
            for (const auto& [key, acc] : p.targets[t]) {
                std::vector<glm::vec3>* dst = key == "POSITION" ? &mt.positions
                                              : key == "NORMAL" ? &mt.normals
                                              : key == "TANGENT" ? &mt.tangents
                                                                 : nullptr;
                if (!dst) continue;  // TEXCOORD_n and COLOR_n targets move nothing skinview draws
                const std::string what = name + " target " + str(t) + " " + key;
                auto v = view(acc, what, 3, key == "POSITION" ? kMorphPositionRule : kMorphNormalRule);
                if (!v) return v.error();
                if (v->count != nv)
                    return make_error(what + ": has " + str(v->count) + " elements, POSITION has " + str(nv));
                dst->reserve(nv);
                for (size_t i = 0; i < nv; ++i) {
                    dst->emplace_back(v->get(i, 0), v->get(i, 1), v->get(i, 2));
                    if (!std::isfinite(dst->back().x + dst->back().y + dst->back().z))
                        return make_error(what + ": element " + str(i) + " is not finite");
                }
            }
            q.targets.push_back(std::move(mt));
        }
        return ok_status();
    }

    // TEXCOORD_1, TANGENT and COLOR_0: what materials read beyond TEXCOORD_0 (glTF 2.0 3.7.2.1's
    // accessor types; normalized integers arrive in 0..1 through View::get).
    Status material_attributes(const tg::Primitive& p, const std::string& name, size_t nv, Primitive& q) const {
        const auto find = [&](const char* key) {
            auto it = p.attributes.find(key);
            return it == p.attributes.end() ? -1 : it->second;
        };
        const auto count_is = [&](const View& v, const char* what) -> Status {
            if (v.count != nv)
                return make_error(name + ": " + what + " has " + str(v.count) + " elements, POSITION has " + str(nv));
            return ok_status();
        };
        if (int a = find("TEXCOORD_1"); a >= 0) {
            auto v = view(a, name + " TEXCOORD_1", 2, kTexcoordRule);
            if (!v) return v.error();
            if (auto st = count_is(*v, "TEXCOORD_1"); !st) return st;
            for (size_t i = 0; i < nv; ++i) q.uvs1.emplace_back(v->get(i, 0), v->get(i, 1));
        }
        if (int a = find("TANGENT"); a >= 0) {
            auto v = view(a, name + " TANGENT", 4, kNormalRule);
            if (!v) return v.error();
            if (auto st = count_is(*v, "TANGENT"); !st) return st;
            for (size_t i = 0; i < nv; ++i) {
                glm::vec4 t(v->get(i, 0), v->get(i, 1), v->get(i, 2), v->get(i, 3));
                if (!std::isfinite(t.x + t.y + t.z + t.w))
                    return make_error(name + ": TANGENT " + str(i) + " is not finite");
                // w must be +-1; anything else is read by its sign, as viewers do.
                t.w = t.w < 0.0f ? -1.0f : 1.0f;
                q.tangents.push_back(t);
            }
        }
        if (int a = find("COLOR_0"); a >= 0) {
            const bool vec3 = a < static_cast<int>(m.accessors.size()) &&
                              m.accessors[static_cast<size_t>(a)].type == TINYGLTF_TYPE_VEC3;
            auto v = view(a, name + " COLOR_0", vec3 ? 3 : 4, kColorRule);
            if (!v) return v.error();
            if (auto st = count_is(*v, "COLOR_0"); !st) return st;
            if (v->ctype != TINYGLTF_COMPONENT_TYPE_FLOAT && !v->normalized)
                return make_error(name + ": COLOR_0 integer components must be normalized");
            for (size_t i = 0; i < nv; ++i)
                q.colors.emplace_back(v->get(i, 0), v->get(i, 1), v->get(i, 2), vec3 ? 1.0 : v->get(i, 3));
        }
        return ok_status();
    }

    Status import_mesh(size_t mi, int skin, Mesh& d) {
        const tg::Mesh& src = m.meshes[mi];
        d.name = src.name;
        d.source_mesh = static_cast<int>(mi);
        {
            for (size_t pi = 0; pi < src.primitives.size(); ++pi) {
                const tg::Primitive& p = src.primitives[pi];
                const std::string name = "mesh " + str(mi) + " ('" + src.name + "') primitive " + str(pi);
                const int mode = p.mode < 0 ? TINYGLTF_MODE_TRIANGLES : p.mode;
                if (mode > TINYGLTF_MODE_TRIANGLE_FAN)
                    return make_error(name + ": mode " + str(p.mode) + " is not a glTF primitive mode (0..6)");
                if (!src.primitives.empty() && p.targets.size() != src.primitives[0].targets.size())
                    return make_error(name + ": has " + str(p.targets.size()) + " morph targets, primitive 0 has " +
                                      str(src.primitives[0].targets.size()) + " (glTF: every primitive the same)");
                auto attr = [&](const char* key) {
                    auto it = p.attributes.find(key);
                    return it == p.attributes.end() ? -1 : it->second;
                };
                Primitive q;
                q.material = p.material;
                q.mode = mode;
                if (p.material >= 0 && static_cast<size_t>(p.material) >= m.materials.size())
                    return make_error(name + ": material " + str(p.material) + " is out of range");
                const int pos = attr("POSITION");
                if (pos < 0) return make_error(name + ": has no POSITION");
                auto pv = view(pos, name + " POSITION", 3, kPositionRule);
                if (!pv) return pv.error();
                const size_t nv = pv->count;
                auto same_count = [&](const View& v, const char* what) -> Status {
                    if (v.count != nv)
                        return make_error(name + ": " + what + " has " + str(v.count) + " elements, POSITION has " + str(nv));
                    return ok_status();
                };
                for (size_t i = 0; i < nv; ++i) {
                    q.positions.emplace_back(pv->get(i, 0), pv->get(i, 1), pv->get(i, 2));
                    if (!std::isfinite(q.positions.back().x + q.positions.back().y + q.positions.back().z))
                        return make_error(name + ": POSITION " + str(i) + " is not finite");
                }
                if (int a = attr("NORMAL"); a >= 0) {
                    auto v = view(a, name + " NORMAL", 3, kNormalRule);
                    if (!v) return v.error();
                    if (auto st = same_count(*v, "NORMAL"); !st) return st;
                    for (size_t i = 0; i < nv; ++i) q.normals.emplace_back(v->get(i, 0), v->get(i, 1), v->get(i, 2));
                }
                // TEXCOORD_0 as stored: each texture slot picks its set and applies its own
                // KHR_texture_transform when it is sampled (render/material_binding.h), so one set
                // serves slots with different transforms.
                if (int a = attr("TEXCOORD_0"); a >= 0) {
                    auto v = view(a, name + " TEXCOORD_0", 2, kTexcoordRule);
                    if (!v) return v.error();
                    if (auto st = same_count(*v, "TEXCOORD_0"); !st) return st;
                    for (size_t i = 0; i < nv; ++i) q.uvs.emplace_back(v->get(i, 0), v->get(i, 1));
                }
                if (auto st = material_attributes(p, name, nv, q); !st) return st;
                // Skinning: up to two sets of four.
                const int joint_count = skin >= 0 ? static_cast<int>(m.skins[static_cast<size_t>(skin)].joints.size()) : -1;
                for (int set = 0; set < 2; ++set) {
                    const int ja = attr(set == 0 ? "JOINTS_0" : "JOINTS_1");
                    const int wa = attr(set == 0 ? "WEIGHTS_0" : "WEIGHTS_1");
                    if (ja < 0 && wa < 0) continue;
                    if (ja < 0 || wa < 0)
                        return make_error(name + ": JOINTS_" + str(set) + " and WEIGHTS_" + str(set) + " must come together");
                    const std::string js = name + " JOINTS_" + str(set), ws = name + " WEIGHTS_" + str(set);
                    auto jv = view(ja, js, 4, kJointsRule);
                    if (!jv) return jv.error();
                    auto wv = view(wa, ws, 4, kWeightsRule);
                    if (!wv) return wv.error();
                    if (wv->ctype != TINYGLTF_COMPONENT_TYPE_FLOAT && !wv->normalized)
                        return make_error(ws + ": integer weights must be normalized");
                    if (auto st = same_count(*jv, "JOINTS"); !st) return st;
                    if (auto st = same_count(*wv, "WEIGHTS"); !st) return st;
                    if (q.joints.empty()) {
                        q.joints.assign(nv, {});
                        q.weights.assign(nv, {});
                    }
                    for (size_t i = 0; i < nv; ++i)
                        for (int c = 0; c < 4; ++c) {
                            const double w = wv->get(i, c);
                            const double j = jv->get(i, c);
                            if (!std::isfinite(w) || w < 0.0)
                                return make_error(ws + ": vertex " + str(i) + " has weight " + std::to_string(w));
                            if (joint_count >= 0 && j >= joint_count && w > 0.0)
                                return make_error(js + ": vertex " + str(i) + " names joint " + str(int(j)) +
                                                  ", past skin " + str(skin) + "'s joint count " + str(joint_count));
                            const size_t slot = static_cast<size_t>(set * 4 + c);
                            // A zero-weight slot may carry any index; one past the skin is parked
                            // on joint 0 so no later reader indexes past the palette.
                            int jj = int(j);
                            if (joint_count >= 0 && jj >= joint_count) jj = 0;
                            if (skin >= 0 && jj < joint_count) jj = skin_remap[static_cast<size_t>(skin)][static_cast<size_t>(jj)];
                            q.joints[i][slot] = static_cast<std::uint16_t>(jj);
                            q.weights[i][slot] = static_cast<float>(w);
                        }
                }
                for (auto& w : q.weights) {
                    double sum = 0.0;
                    for (float x : w) sum += x;
                    if (sum <= 0.0) {
                        ++zero_weight;
                        w = {};
                        w[0] = 1.0f;  // bound rigidly to its first slot's joint
                        continue;
                    }
                    // 2e-3 is above what float or u16 quantisation of four to eight weights can
                    // lose, and below any deliberate weight; vertices inside it are rescaled
                    // silently, outside it counted.
                    if (std::abs(sum - 1.0) > 2e-3) ++renormalised;
                    for (float& x : w) x = static_cast<float>(x / sum);
                }
                if (p.indices >= 0) {
                    auto iv = view(p.indices, name + " indices", 1, kIndexRule);
                    if (!iv) return iv.error();
                    q.indices.resize(iv->count);
                    for (size_t i = 0; i < iv->count; ++i) {
                        const double x = iv->get(i, 0);
                        if (x >= static_cast<double>(nv))
                            return make_error(name + " indices: index " + str(i) + " is " + str(size_t(x)) + ", past the " +
                                              str(nv) + " vertices");
                        q.indices[i] = static_cast<std::uint32_t>(x);
                    }
                } else {
                    q.indices.resize(nv);
                    for (size_t i = 0; i < nv; ++i) q.indices[i] = static_cast<std::uint32_t>(i);
                }
                if (auto st = to_triangle_list(q, name); !st) return st;
                if (auto st = morph_targets(p, name, nv, q); !st) return st;
                d.primitives.push_back(std::move(q));
            }
        }
        const size_t targets = src.primitives.empty() ? 0 : src.primitives[0].targets.size();
        if (!src.weights.empty() && src.weights.size() != targets)
            return make_error("mesh " + str(mi) + " ('" + src.name + "'): weights has " + str(src.weights.size()) +
                              " entries for " + str(targets) + " morph targets");
        d.weights.assign(targets, 0.0f);
        for (size_t t = 0; t < src.weights.size(); ++t) {
            if (!std::isfinite(src.weights[t]))
                return make_error("mesh " + str(mi) + " ('" + src.name + "'): weight " + str(t) + " is not finite");
            d.weights[t] = static_cast<float>(src.weights[t]);
        }
        return ok_status();
    }

    // Strips and fans become lists, so everything downstream reads one layout (glTF 2.0 3.7.2.1's
    // vertex order for each). Points and lines keep their indices as given: they are posed and
    // exported like any primitive but not shaded.
    static Status to_triangle_list(Primitive& q, const std::string& name) {
        const auto& in = q.indices;
        std::vector<std::uint32_t> list;
        if (q.mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
            for (size_t i = 0; i + 2 < in.size(); ++i) {
                const bool even = i % 2 == 0;
                list.insert(list.end(), {in[i + (even ? 0 : 1)], in[i + (even ? 1 : 0)], in[i + 2]});
            }
        } else if (q.mode == TINYGLTF_MODE_TRIANGLE_FAN) {
            for (size_t i = 1; i + 1 < in.size(); ++i) list.insert(list.end(), {in[0], in[i], in[i + 1]});
        } else {
            if (q.mode == TINYGLTF_MODE_TRIANGLES && in.size() % 3 != 0)
                return make_error(name + ": " + str(in.size()) + " indices is not a whole number of triangles");
            return ok_status();
        }
        q.indices = std::move(list);
        q.mode = TINYGLTF_MODE_TRIANGLES;
        return ok_status();
    }

    size_t file_channel(size_t animation, size_t channel) const {
        if (!facts || animation >= facts->kept_channels.size()) return channel;
        const auto& kept = facts->kept_channels[animation];
        return channel < kept.size() ? static_cast<size_t>(kept[channel]) : channel;
    }
    // The file gave the animation channels, and the document checks skipped every one.
    bool skipped_all(size_t animation) const {
        return facts && animation < facts->skipped_channels.size() && facts->skipped_channels[animation] > 0 &&
               facts->kept_channels[animation].empty();
    }

    Status animations() {
        for (size_t ai = 0; ai < m.animations.size(); ++ai) {
            const tg::Animation& src = m.animations[ai];
            Clip clip;
            clip.name = src.name;
            const std::string aname = "animation " + str(ai) + " ('" + src.name + "')";
            for (size_t ci = 0; ci < src.channels.size(); ++ci) {
                const tg::AnimationChannel& ch = src.channels[ci];
                const std::string name = aname + " channel " + str(file_channel(ai, ci));
                Channel d;
                if (ch.target_path == "translation") d.path = TargetPath::Translation;
                else if (ch.target_path == "rotation") d.path = TargetPath::Rotation;
                else if (ch.target_path == "scale") d.path = TargetPath::Scale;
                else if (ch.target_path == "weights") d.path = TargetPath::Weights;
                else return make_error(name + ": unknown target path '" + ch.target_path + "'");
                if (ch.target_node < 0 || static_cast<size_t>(ch.target_node) >= out.scene.nodes.size())
                    return make_error(name + ": target node " + str(ch.target_node) + " is out of range");
                d.node = ch.target_node;
                if (d.path == TargetPath::Weights) {
                    const int mesh = out.scene.nodes[static_cast<size_t>(d.node)].mesh;
                    d.weight_count = mesh >= 0 ? static_cast<int>(out.meshes[static_cast<size_t>(mesh)].weights.size()) : 0;
                    if (d.weight_count == 0)
                        return make_error(name + ": animates the morph weights of node " + str(d.node) +
                                          ", which has no mesh with morph targets");
                }
                if (ch.sampler < 0 || static_cast<size_t>(ch.sampler) >= src.samplers.size())
                    return make_error(name + ": sampler " + str(ch.sampler) + " is out of range");
                const tg::AnimationSampler& s = src.samplers[static_cast<size_t>(ch.sampler)];
                if (s.interpolation == "STEP") d.interpolation = Interpolation::Step;
                else if (s.interpolation == "CUBICSPLINE") d.interpolation = Interpolation::CubicSpline;
                else if (s.interpolation == "LINEAR" || s.interpolation.empty()) d.interpolation = Interpolation::Linear;
                else return make_error(name + ": unknown interpolation '" + s.interpolation + "'");
                auto in = view(s.input, name + " input", 1, kFloatOnly);
                if (!in) return in.error();
                const int nc = d.components();
                // Morph weights are a SCALAR accessor of (keys x targets) elements; read them as
                // elements of `nc` components so the rest of the checks are the same.
                const bool weights = d.path == TargetPath::Weights;
                auto ov = view(s.output, name + " output", weights ? 1 : nc,
                               weights || d.path == TargetPath::Rotation ? kRotationOutputRule : kFloatOnly);
                if (!ov) return ov.error();
                if (weights) {
                    if (ov->count % static_cast<size_t>(nc) != 0)
                        return make_error(name + ": output has " + str(ov->count) + " weights, not a multiple of the " +
                                          str(nc) + " morph targets");
                    ov->count /= static_cast<size_t>(nc);
                    ov->stride *= static_cast<size_t>(nc);
                    ov->comps = nc;
                }
                if (in->count == 0) return make_error(name + ": input has no keys");
                const size_t per_key = d.interpolation == Interpolation::CubicSpline ? 3 : 1;
                if (ov->count != in->count * per_key)
                    return make_error(name + ": output has " + str(ov->count) + " elements for " + str(in->count) +
                                      " keys; " + s.interpolation + " needs " + str(in->count * per_key) +
                                      (per_key == 3 ? " (3x: in-tangent, value, out-tangent)" : ""));
                for (size_t k = 0; k < in->count; ++k) {
                    const double t = in->get(k, 0);
                    if (!std::isfinite(t)) return make_error(name + ": key time " + str(k) + " is NaN or infinite");
                    if (k > 0 && !(t > d.times.back()))
                        return make_error(name + ": key times are not increasing at key " + str(k) + " (" +
                                          std::to_string(d.times.back()) + " then " + std::to_string(t) + ")");
                    d.times.push_back(static_cast<float>(t));
                }
                d.values.resize(ov->count * static_cast<size_t>(nc));
                for (size_t k = 0; k < ov->count; ++k)
                    for (int c = 0; c < nc; ++c) {
                        const double x = ov->get(k, c);
                        if (!std::isfinite(x))
                            return make_error(name + ": output value " + str(k) + " holds a NaN or infinity");
                        d.values[k * static_cast<size_t>(nc) + static_cast<size_t>(c)] = static_cast<float>(x);
                    }
                clip.duration = std::max(clip.duration, d.times.back());
                clip.channels.push_back(std::move(d));
            }
            // glTF requires at least one channel; a clip of none has no duration and nothing to
            // play, and is refused rather than listed as a clip that silently does nothing.
            if (src.channels.empty() && !skipped_all(ai)) return make_error(aname + ": has no channels");
            if (src.channels.empty()) {
                out.report.push_back(aname + ": every channel was skipped; not listed as a clip");
                continue;
            }
            out.clips.push_back(std::move(clip));
        }
        return ok_status();
    }
};

// The GLB container, checked before tinygltf sees it: tinygltf 2.7 bounds the BIN chunk without
// its 8-byte header and reads up to 8 bytes past the end of a file whose BIN length is off by one
// header, and its messages do not say which chunk was cut where.
struct GlbLayout {
    size_t length = 0;  // the header's total length, which bounds everything (<= the byte count)
    size_t json_offset = 0;
    size_t json_length = 0;
    size_t bin_offset = 0;  // 0: no BIN chunk
    size_t bin_length = 0;
};

Expected<GlbLayout> check_glb(const std::vector<std::uint8_t>& b) {
    auto u32 = [&](size_t at) {
        std::uint32_t v;
        std::memcpy(&v, b.data() + at, 4);
        return static_cast<size_t>(v);
    };
    const size_t size = b.size();
    if (size < 12) return make_error("GLB: " + str(size) + " bytes is shorter than the 12-byte header: truncated");
    if (std::memcmp(b.data(), "glTF", 4) != 0) return make_error("GLB: the file does not start with 'glTF'");
    if (u32(4) != 2) return make_error("GLB: container version " + str(u32(4)) + " is not 2");
    GlbLayout g;
    g.length = u32(8);
    if (g.length < 12) return make_error("GLB: the header's total length " + str(g.length) + " is smaller than the header");
    const std::string cut = g.length > size ? "; the file is truncated" : "";
    const size_t end = std::min(g.length, size);
    size_t at = 12;
    int chunk = 0;
    for (; at < end; ++chunk) {
        if (end - at < 8)
            return make_error("GLB: chunk " + str(chunk) + "'s 8-byte header at byte " + str(at) + " is cut off at byte " +
                              str(end) + cut);
        const size_t clen = u32(at);
        const size_t type = u32(at + 4);
        const char* tname = type == 0x4E4F534Au ? "JSON" : type == 0x004E4942u ? "BIN" : "unknown type";
        if (clen > end - at - 8)
            return make_error("GLB: chunk " + str(chunk) + " (" + tname + ") at byte " + str(at) + " says " + str(clen) +
                              " bytes, past the end at byte " + str(end) + cut);
        if (chunk == 0) {
            if (type != 0x4E4F534Au) return make_error("GLB: the first chunk is not JSON");
            if (clen == 0) return make_error("GLB: the JSON chunk is empty");
            g.json_offset = at + 8;
            g.json_length = clen;
        } else if (chunk == 1) {
            // tinygltf reads only the second chunk, as BIN; anything else there it refuses.
            if (type != 0x004E4942u) return make_error("GLB: the second chunk is not BIN");
            if (clen == 0 || clen % 4 != 0)
                return make_error("GLB: the BIN chunk's length " + str(clen) + " is not a positive multiple of 4");
            g.bin_offset = at + 8;
            g.bin_length = clen;
        }
        at += 8 + clen;
    }
    if (!cut.empty())
        return make_error("GLB: the header says " + str(g.length) + " bytes but the file has " + str(size) + cut);
    if (chunk == 0) return make_error("GLB: no JSON chunk");
    g.length = end;
    return g;
}

// The backstop under check_external_uris: every read tinygltf asks for is resolved through links
// and must land inside the folder. Also covers its search of the working directory.
struct ReadGuard {
    std::filesystem::path base;  // canonical; empty: nothing may be read
    std::string refusal;
    bool inside(const std::string& file) const {
        if (base.empty()) return false;
        std::error_code ec;
        const std::filesystem::path f = std::filesystem::weakly_canonical(file, ec);
        if (ec) return false;
        auto fi = f.begin();
        for (auto bi = base.begin(); bi != base.end(); ++bi, ++fi)
            if (fi == f.end() || *fi != *bi) return false;
        return fi != f.end();
    }
};

bool guarded_exists(const std::string& file, void* user) {
    auto* g = static_cast<ReadGuard*>(user);
    if (!tg::FileExists(file, nullptr)) return false;
    if (g->inside(file)) return true;
    if (g->refusal.empty()) g->refusal = "glTF: '" + file + "' is not a file inside the glTF's folder; refused";
    return false;
}
std::string no_expansion(const std::string& file, void*) { return file; }
bool guarded_read(std::vector<unsigned char>* out, std::string* err, const std::string& file, void* user) {
    auto* g = static_cast<ReadGuard*>(user);
    std::error_code ec;
    if (!g->inside(file) || !std::filesystem::is_regular_file(file, ec)) {
        g->refusal = "glTF: '" + file + "' is not a file inside the glTF's folder; refused";
        if (err) *err = g->refusal;
        return false;
    }
    return tg::ReadWholeFile(out, err, file, nullptr);
}
bool no_write(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
    if (err) *err = "the importer writes nothing";
    return false;
}

// tinygltf's image callback. A buffer-view image is left for the importer (its bytes come from a
// view tinygltf did not bound-check); a data-URI or file image is decoded here, size first.
bool load_image(tg::Image* image, const int idx, std::string* err, std::string*, int, int, const unsigned char* bytes,
                int size, void* user) {
    if (image->bufferView >= 0) return true;
    Status st = size < 0 ? Status(make_error("negative size")) : decode_image(*image, idx, bytes, static_cast<size_t>(size));
    if (st) return true;
    static_cast<ReadGuard*>(user)->refusal = st.error().message;
    if (err) *err += st.error().message;
    return false;
}

Expected<Asset> convert(const tg::Model& model, const std::string& source, const gltf::DocumentFacts& facts) {
    Asset asset;
    asset.source = source;
    asset.report = facts.notes;
    Importer im{model, asset};
    im.quantization = std::find(model.extensionsUsed.begin(), model.extensionsUsed.end(), "KHR_mesh_quantization") !=
                      model.extensionsUsed.end();
    im.facts = &facts;
    if (auto st = im.nodes(); !st) return st.error();
    if (auto st = im.skins(); !st) return st.error();
    if (auto st = im.materials(); !st) return st.error();
    if (auto st = im.meshes(); !st) return st.error();
    if (auto st = im.animations(); !st) return st.error();
    asset.scene.update_matrices();
    return asset;
}

// A GLB with its JSON chunk replaced (the BIN chunk copied as it was), for a document the checks
// edited.
std::vector<std::uint8_t> repack_glb(const std::vector<std::uint8_t>& bytes, const GlbLayout& g, std::string text) {
    while (text.size() % 4) text += ' ';
    std::vector<std::uint8_t> out;
    auto put = [&](size_t x) {
        for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
    };
    const size_t bin = g.bin_offset ? 8 + g.bin_length : 0;
    put(0x46546C67u);
    put(2);
    put(12 + 8 + text.size() + bin);
    put(text.size());
    put(0x4E4F534Au);
    out.insert(out.end(), text.begin(), text.end());
    if (g.bin_offset)
        out.insert(out.end(), bytes.begin() + static_cast<long>(g.bin_offset - 8),
                   bytes.begin() + static_cast<long>(g.bin_offset + g.bin_length));
    return out;
}

// tinygltf's refusal, for what the checks above did not foresee: its first line, framed as the
// project's own message so the user knows which part of the file is at fault.
std::string tinygltf_refusal(const std::string& err) {
    std::string first = err.substr(0, err.find('\n'));
    if (first.empty()) return "glTF: the document does not follow the glTF 2.0 schema";
    return "glTF: the document does not follow the glTF 2.0 schema (" + first + ")";
}

}  // namespace

Expected<Asset> load_gltf_from_memory(const std::vector<std::uint8_t>& bytes, const std::string& base_dir, bool binary) {
    return [&]() -> Expected<Asset> {
        try {
            if (bytes.size() > std::numeric_limits<unsigned int>::max())
                return make_error("glTF: file of " + str(bytes.size()) + " bytes is too large");
            size_t size = bytes.size();
            const char* json_begin = reinterpret_cast<const char*>(bytes.data());
            size_t json_size = size;
            GlbLayout layout;
            if (binary) {
                auto checked = check_glb(bytes);
                if (!checked) return checked.error();
                layout = *checked;
                size = layout.length;
                json_begin += layout.json_offset;
                json_size = layout.json_length;
            }
            // Parsed here as well as in tinygltf: its message for broken JSON varies by version
            // and position, and the document must be judged before tinygltf opens anything.
            nlohmann::json doc;
            try {
                doc = nlohmann::json::parse(json_begin, json_begin + json_size);
            } catch (const nlohmann::json::parse_error& e) {
                return make_error(std::string(binary ? "GLB: the JSON chunk" : "glTF: the file") +
                                  " is not JSON (syntax error at byte " + str(e.byte) + ")");
            }
            if (!doc.is_object())
                return make_error(std::string(binary ? "GLB: the JSON chunk" : "glTF: the file") +
                                  " is JSON but not an object");
            gltf::DocumentFacts facts;
            if (auto st = gltf::check_document(doc, binary, layout.bin_length, facts); !st) return st.error();
            if (auto st = gltf::check_external_uris(doc, base_dir); !st) return st.error();
            std::vector<std::uint8_t> edited;
            if (facts.edited) {
                const std::string text = doc.dump();
                edited = binary ? repack_glb(bytes, layout, text) : std::vector<std::uint8_t>(text.begin(), text.end());
                size = edited.size();
            }
            doc = nullptr;
            const std::vector<std::uint8_t>& input = facts.edited ? edited : bytes;

            ReadGuard guard;
            std::error_code ec;
            if (!base_dir.empty()) guard.base = std::filesystem::weakly_canonical(base_dir, ec);
            tg::TinyGLTF loader;
            loader.SetFsCallbacks(tg::FsCallbacks{&guarded_exists, &no_expansion, &guarded_read, &no_write, &guard});
            loader.SetImageLoader(&load_image, &guard);
            tg::Model model;
            std::string err, warn;
            const auto len = static_cast<unsigned int>(size);
            const bool ok = binary ? loader.LoadBinaryFromMemory(&model, &err, &warn, input.data(), len, base_dir)
                                   : loader.LoadASCIIFromString(&model, &err, &warn,
                                                                reinterpret_cast<const char*>(input.data()), len, base_dir);
            if (!guard.refusal.empty()) return make_error(guard.refusal);
            if (!ok) return make_error(tinygltf_refusal(err));
            if (auto st = gltf::decode_meshopt(model, facts.meshopt_views, facts.fallback_buffers); !st) return st.error();
            if (auto st = gltf::decode_draco(model, facts.draco_primitives); !st) return st.error();
            return convert(model, base_dir, facts);
        } catch (const std::exception& e) {
            return make_error(std::string("glTF: parser threw: ") + e.what());
        } catch (...) {
            return make_error("glTF: parser threw");
        }
    }();
}

Expected<Asset> load_gltf(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return make_error(path + ": glTF: cannot open the file");
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    // A GLB by its magic bytes, or by its name unless it is plainly JSON text: a broken .glb is
    // then refused for its container ("does not start with 'glTF'"), not as JSON it never was.
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto first = std::find_if(bytes.begin(), bytes.end(), [](std::uint8_t c) { return !std::isspace(c); });
    const bool binary = (bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0) ||
                        (ext == ".glb" && (first == bytes.end() || *first != '{'));
    const std::string dir = std::filesystem::path(path).parent_path().string();
    auto a = load_gltf_from_memory(bytes, dir.empty() ? "." : dir, binary);
    if (!a) return make_error(path + ": " + a.error().message);
    a->source = path;
    return a;
}

}  // namespace sv::anim

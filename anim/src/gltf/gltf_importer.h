// The importer's shared state (private to anim/src/gltf): one tinygltf model turned into an
// anim::Asset section by section, in the order convert() in gltf_import.cpp calls them (nodes,
// skins, images, meshes, animations: each later one reads what the earlier ones built). One
// struct because the sections share what they learn (the skins' joint remaps for the meshes, the
// meshes' morph-target counts for the animations, the document checks' channel indices); one file
// a section (gltf_node_import.cpp, gltf_skin_import.cpp, gltf_image_import.cpp,
// gltf_mesh_import.cpp, gltf_animation_import.cpp) so each question is answered in one place.
// What would make the split wrong: a section that needs another's private detail, not its output.
#pragma once

#include <tiny_gltf.h>

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "anim/core/expected.h"
#include "anim/gltf/import_progress.h"
#include "anim/scene/asset.h"
#include "gltf_accessor.h"
#include "gltf_document_checks.h"
#include "gltf_names.h"

namespace sv::anim::gltf {

namespace tg = tinygltf;

// Component types by where an accessor is read (glTF 2.0 3.6.2.2 and 3.7.2.1, and what
// KHR_mesh_quantization adds to them). Integers are decoded as glTF says (normalized to [0,1] or
// [-1,1], or their plain value), so a quantized file draws as its float twin once its node
// transforms undo the scale.
inline constexpr int kF = TINYGLTF_COMPONENT_TYPE_FLOAT, kB = TINYGLTF_COMPONENT_TYPE_BYTE,
                     kUB = TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, kS = TINYGLTF_COMPONENT_TYPE_SHORT,
                     kUS = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, kUI = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
inline const TypeRule kFloatOnly{{kF}};
inline const TypeRule kPositionRule{{kF}, {kB, kUB, kS, kUS}};
inline const TypeRule kNormalRule{{kF}, {kB, kS}, true};
inline const TypeRule kTexcoordRule{{kF, kUB, kUS}, {kB, kS}};
inline const TypeRule kJointsRule{{kUB, kUS}};
inline const TypeRule kWeightsRule{{kF, kUB, kUS}};
inline const TypeRule kColorRule{{kF, kUB, kUS}};  // integers must be normalized (checked where read)
inline const TypeRule kIndexRule{{kUB, kUS, kUI}};
inline const TypeRule kMorphPositionRule{{kF}, {kB, kS}};
inline const TypeRule kMorphNormalRule{{kF}, {kB, kS}, true};
// Rotation and morph-weight outputs may be normalized integers in core glTF 2.0.
inline const TypeRule kRotationOutputRule{{kF, kB, kUB, kS, kUS}, {}, true};

// The most influence slots (vertices x 4 x JOINTS_n/WEIGHTS_n sets) one primitive may allocate:
// 2^26, 384 MiB of joints and weights; 64 influences on a million vertices.
inline constexpr size_t kMaxInfluenceSlots = size_t(1) << 26;

struct Importer {
    const tinygltf::Model& m;
    Asset& out;

    bool quantization = false;  // the file declares KHR_mesh_quantization
    // What the document checks found: the file's index of each channel tinygltf holds (they
    // removed the skipped ones). Null: the same indices.
    const DocumentFacts* facts = nullptr;
    // The data-URI and file images' encoded bytes tinygltf read (ReadGuard::encoded_images), freed
    // once images() has decoded them; and how many threads decode (ImportOptions::decode_threads).
    std::map<int, std::vector<unsigned char>> encoded_images;
    unsigned decode_threads = 0;
    ImportProgress* progress = nullptr;  // ImportOptions::progress
    // Per skin: old joint index -> sorted index (skins() fills it, the meshes' joints read it).
    std::vector<std::vector<int>> skin_remap;
    // Vertices whose weights meshes() rescaled or bound rigidly, for its report, and the fewest
    // and most influence sets (JOINTS_n/WEIGHTS_n pairs) the rescaled ones had.
    long renormalised = 0, zero_weight = 0;
    int renormalised_sets_min = 0, renormalised_sets_max = 0;

    std::string acc_name(int i) const { return accessor_name(m, i); }

    Expected<View> view(int index, const std::string& what, int comps, const TypeRule& rule) const {
        return read_accessor(m, index, what, comps, rule, quantization);
    }

    // The node graph: transforms, children, mesh and skin indices (gltf_node_import.cpp).
    Status nodes();
    Status instances(size_t node, const std::string& name);  // EXT_mesh_gpu_instancing
    // The file's cameras and KHR_lights_punctual lights, placed by their nodes
    // (gltf_scene_objects_import.cpp).
    void cameras();
    void lights();
    // Skins, their joints sorted parents-first, and the validator's skin warnings
    // (gltf_skin_import.cpp).
    Status skins();
    // Every image as RGBA8, decoded on `decode_threads` threads (gltf_image_import.cpp).
    Status images();
    // The encoded bytes of image `i` in its buffer view, once the view is checked against its
    // buffer (a refusal: the document lies about its own bytes).
    Expected<std::pair<const unsigned char*, size_t>> buffer_view_image(int i) const;
    // Empties every material slot that names an image which was not decoded.
    void drop_undecoded_textures();
    // Meshes and their primitives, once per skin that draws them (gltf_mesh_import.cpp).
    Status meshes();
    Status import_mesh(size_t mi, int skin, Mesh& d);
    Status import_variant_mappings(const tg::Primitive& p, const std::string& name, Primitive& q);
    Status morph_targets(const tinygltf::Primitive& p, const std::string& name, size_t nv,
                         Primitive& q) const;
    // JOINTS_n/WEIGHTS_n for every n, checked against skin `skin` (-1: none draws it) and
    // renormalised (gltf_influence_import.cpp).
    Status skin_attributes(const tinygltf::Primitive& p, const std::string& name, size_t nv, int skin,
                           Primitive& q);
    Status material_attributes(const tinygltf::Primitive& p, const std::string& name, size_t nv,
                               Primitive& q) const;
    static Status to_triangle_list(Primitive& q, const std::string& name);
    // Animations into clips (gltf_animation_import.cpp).
    Status animations();
    void property_channel(const tinygltf::Animation& src, const DocumentFacts::PropertyChannel& pc,
                          Clip& clip);
    size_t file_channel(size_t animation, size_t channel) const;
    bool skipped_all(size_t animation) const;
};

// tinygltf's image callback (tinygltf::LoadImageDataFunction); `user` is the import's ReadGuard
// (gltf_read_guard.h), which keeps the refusal.
bool load_image(tinygltf::Image* image, int idx, std::string* err, std::string* warn, int req_width,
                int req_height, const unsigned char* bytes, int size, void* user);

}  // namespace sv::anim::gltf

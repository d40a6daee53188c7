// An independent reading of the glTF 2.0 specification, for tests: where every drawn vertex of a
// file lies in world space at one instant of one clip (or at bind), in double precision, one loop per
// vertex. It shares no code with anim/ on purpose: a test that holds the renderer against it would
// prove nothing if both drew on the same sampler, accessor reader or skinning loop. What it costs:
// it is slow (no caching, a full accessor decode per query) and covers positions only.
#pragma once

#include <glm/glm.hpp>
#include <map>
#include <string>
#include <vector>

namespace tinygltf {
class Model;
}

namespace sv::test::spec {

// One primitive of one node that has a mesh, posed: positions in the primitive's accessor order.
struct EvaluatedPrimitive {
    int node = -1;
    int primitive = -1;
    std::string node_name;
    int mode = 4;  // the primitive's glTF mode (4 triangles when absent)
    std::vector<glm::dvec3> positions;
};

struct Evaluation {
    // In ascending node index, then primitive index; empty `error` when it succeeded.
    std::vector<EvaluatedPrimitive> primitives;
    std::string error;
    bool ok() const { return error.empty(); }
};

// Loads a .gltf or .glb with tinygltf (textures are not decoded: they move no vertex). Returns ""
// or a message naming the file and the reason.
std::string load_model(const std::string& path, tinygltf::Model* model);

// The clip's duration: the latest key time of any of its channels (0 for a bad index). Clip times
// are absolute: a clip whose keys start at 2 s is at its first keys for any time up to 2.
double clip_duration(const tinygltf::Model& model, int clip);

// The posed positions: `clip` < 0 means bind (every node at its file TRS); otherwise the clip's
// channels sampled at `time`, clamped into each channel's own key range.
Evaluation evaluate(const tinygltf::Model& model, int clip, double time);

// For negative controls: what to evaluate other than the specification.
struct Deviation {
    // LINEAR rotations by the fitted slerp anim used before #23 (fitted_slerp.h), up to 7.6e-4 rad off.
    bool fitted_slerp = false;
    // > 0: only the first this many JOINTS_n/WEIGHTS_n sets are read (renormalised over them), as
    // anim read two (eight influences) before #23.
    int influence_sets = 0;
};
Evaluation evaluate(const tinygltf::Model& model, int clip, double time, const Deviation& deviation);

// A user's edit on top of the file's pose, written out here from the documented convention and not
// taken from anim/: per node, a unit quaternion (x, y, z, w) multiplied on the right of the node's
// local rotation after the clip is sampled (local' = local x edit: a turn in the joint's own frame).
// A node the file gives as a matrix cannot take one (an error names it).
struct NodeEdits {
    std::map<int, glm::dvec4> rotation_after;
};
Evaluation evaluate(const tinygltf::Model& model, int clip, double time, const Deviation& deviation,
                    const NodeEdits& edits);

// The two halves of evaluate, for a test that builds its own local transforms (a blend of two
// clips, say): every node's local transform and morph weights, the file's with `clip`'s channels
// sampled over them (clip < 0: the file's alone), then the drawn vertices from such poses.
struct NodePose {
    glm::dvec3 t{0.0};
    glm::dvec4 r{0, 0, 0, 1};  // x, y, z, w as glTF stores them
    glm::dvec3 s{1.0};
    bool has_matrix = false;  // the node gives `matrix` instead of t, r, s (no channel may target it)
    glm::dmat4 matrix{1.0};
    std::vector<double> weights;
};
// "" or why the clip could not be sampled; `out` holds one pose per node of the file.
std::string sample_nodes(const tinygltf::Model& model, int clip, double time, std::vector<NodePose>* out,
                         const Deviation& deviation = {});
Evaluation evaluate_nodes(const tinygltf::Model& model, const std::vector<NodePose>& nodes,
                          const Deviation& deviation = {});

// For negative controls: multiplies the upper 3x4 (linear part and translation) of one joint's
// float inverse bind matrix by `factor`, in the model's buffer. Returns "" or why it could not.
std::string scale_inverse_bind(tinygltf::Model* model, int skin, size_t joint, double factor);

// The diagonal of the box around every position of every primitive (0 when there are none).
double body_size(const Evaluation& e);

}  // namespace sv::test::spec

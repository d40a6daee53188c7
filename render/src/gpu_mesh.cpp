#include "render/gpu_mesh.h"

#include <cstddef>
#include <cstring>

namespace sv::render {

namespace {
// Interleaved so one buffer binding serves every attribute. Joints stay 16-bit integers (read
// with glVertexAttribIPointer as uvec4): a float conversion would be exact too, but integer
// attributes say what they are and cost the same.
struct Vertex {
    float position[3];
    float normal[3];
    float uv[2];
    std::uint16_t joints[8];
    float weights[8];
};
}  // namespace

GpuMesh& GpuMesh::operator=(GpuMesh&& o) noexcept {
    if (this != &o) {
        release();
        vao_ = o.vao_, vbo_ = o.vbo_, ibo_ = o.ibo_;
        index_count_ = o.index_count_, vertex_count_ = o.vertex_count_, skinned_ = o.skinned_;
        o.vao_ = o.vbo_ = o.ibo_ = 0;
    }
    return *this;
}

GpuMesh::~GpuMesh() { release(); }

void GpuMesh::release() {
    if (vao_) glDeleteVertexArrays(1, &vao_);
    if (vbo_) glDeleteBuffers(1, &vbo_);
    if (ibo_) glDeleteBuffers(1, &ibo_);
    vao_ = vbo_ = ibo_ = 0;
}

std::vector<glm::vec3> compute_normals(const anim::Primitive& p) {
    std::vector<glm::vec3> n(p.positions.size(), glm::vec3(0.0f));
    for (size_t i = 0; i + 2 < p.indices.size(); i += 3) {
        const auto a = p.indices[i], b = p.indices[i + 1], c = p.indices[i + 2];
        if (a >= n.size() || b >= n.size() || c >= n.size()) continue;
        const glm::vec3 f = glm::cross(p.positions[b] - p.positions[a], p.positions[c] - p.positions[a]);
        n[a] += f, n[b] += f, n[c] += f;
    }
    for (auto& v : n) {
        const float l = glm::length(v);
        v = l > 0.0f ? v / l : glm::vec3(0.0f, 1.0f, 0.0f);
    }
    return n;
}

Expected<GpuMesh> GpuMesh::upload(const anim::Primitive& p) {
    const size_t n = p.positions.size();
    if (n == 0) return make_error("primitive has no vertices");
    for (size_t i = 0; i < p.indices.size(); ++i)
        if (p.indices[i] >= n)
            return make_error("index " + std::to_string(i) + " (" + std::to_string(p.indices[i]) +
                              ") is past the vertex count " + std::to_string(n));
    const bool skinned = !p.joints.empty() && p.joints.size() == n && p.weights.size() == n;
    const std::vector<glm::vec3> normals = p.normals.size() == n ? p.normals : compute_normals(p);
    std::vector<Vertex> verts(n);
    for (size_t i = 0; i < n; ++i) {
        Vertex& v = verts[i];
        std::memcpy(v.position, &p.positions[i], sizeof v.position);
        std::memcpy(v.normal, &normals[i], sizeof v.normal);
        if (p.uvs.size() == n) std::memcpy(v.uv, &p.uvs[i], sizeof v.uv);
        else v.uv[0] = v.uv[1] = 0.0f;
        for (int k = 0; k < 8; ++k) {
            v.joints[k] = skinned ? p.joints[i][static_cast<size_t>(k)] : 0;
            v.weights[k] = skinned ? p.weights[i][static_cast<size_t>(k)] : 0.0f;
        }
    }
    GpuMesh m;
    m.skinned_ = skinned;
    m.vertex_count_ = static_cast<GLsizei>(n);
    m.index_count_ = static_cast<GLsizei>(p.indices.size());
    glGenVertexArrays(1, &m.vao_);
    glBindVertexArray(m.vao_);
    glGenBuffers(1, &m.vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, m.vbo_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(verts.size() * sizeof(Vertex)), verts.data(), GL_STATIC_DRAW);
    const auto off = [](size_t o) { return reinterpret_cast<const void*>(o); };
    const GLsizei stride = sizeof(Vertex);
    glEnableVertexAttribArray(kAttrPosition);
    glVertexAttribPointer(kAttrPosition, 3, GL_FLOAT, GL_FALSE, stride, off(offsetof(Vertex, position)));
    glEnableVertexAttribArray(kAttrNormal);
    glVertexAttribPointer(kAttrNormal, 3, GL_FLOAT, GL_FALSE, stride, off(offsetof(Vertex, normal)));
    glEnableVertexAttribArray(kAttrUv);
    glVertexAttribPointer(kAttrUv, 2, GL_FLOAT, GL_FALSE, stride, off(offsetof(Vertex, uv)));
    glEnableVertexAttribArray(kAttrJoints0);
    glVertexAttribIPointer(kAttrJoints0, 4, GL_UNSIGNED_SHORT, stride, off(offsetof(Vertex, joints)));
    glEnableVertexAttribArray(kAttrJoints1);
    glVertexAttribIPointer(kAttrJoints1, 4, GL_UNSIGNED_SHORT, stride, off(offsetof(Vertex, joints) + 8));
    glEnableVertexAttribArray(kAttrWeights0);
    glVertexAttribPointer(kAttrWeights0, 4, GL_FLOAT, GL_FALSE, stride, off(offsetof(Vertex, weights)));
    glEnableVertexAttribArray(kAttrWeights1);
    glVertexAttribPointer(kAttrWeights1, 4, GL_FLOAT, GL_FALSE, stride, off(offsetof(Vertex, weights) + 16));
    if (!p.indices.empty()) {
        glGenBuffers(1, &m.ibo_);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m.ibo_);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(p.indices.size() * 4), p.indices.data(),
                     GL_STATIC_DRAW);
    }
    glBindVertexArray(0);
    return m;
}

void GpuMesh::draw(GLsizei instances) const {
    glBindVertexArray(vao_);
    if (index_count_ > 0)
        glDrawElementsInstanced(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr, instances);
    else
        glDrawArraysInstanced(GL_TRIANGLES, 0, vertex_count_, instances);
    glBindVertexArray(0);
}

}  // namespace sv::render

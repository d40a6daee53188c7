#include "render/gpu_mesh.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "anim/scene/tangents.h"
#include "render/float_texture.h"

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
    float tangent[4];
    float color[4];
    float uv1[2];
};
}  // namespace

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
    if (skinned && !p.influences_consistent())
        return make_error("primitive has " + std::to_string(p.extra_joints.size()) + " extra joints and " +
                          std::to_string(p.extra_weights.size()) + " extra weights for " + std::to_string(n) +
                          " vertices of " + std::to_string(p.extra_influences) + " extra influences each");
    const std::vector<glm::vec3> normals = p.normals.size() == n ? p.normals : compute_normals(p);
    // Generated from TEXCOORD_0, the set nearly every normal map uses; a normal map on set 1 over
    // a primitive with no TANGENT would need tangents per set, which skinview does not make.
    const std::vector<glm::vec4> tangents =
        p.tangents.size() == n ? p.tangents : anim::generate_tangents(p, normals, p.uvs);
    std::vector<Vertex> verts(n);
    for (size_t i = 0; i < n; ++i) {
        Vertex& v = verts[i];
        std::memcpy(v.position, &p.positions[i], sizeof v.position);
        std::memcpy(v.normal, &normals[i], sizeof v.normal);
        if (p.uvs.size() == n)
            std::memcpy(v.uv, &p.uvs[i], sizeof v.uv);
        else
            v.uv[0] = v.uv[1] = 0.0f;
        std::memcpy(v.tangent, &tangents[i], sizeof v.tangent);
        const glm::vec4 color = p.colors.size() == n ? p.colors[i] : glm::vec4(1.0f);
        std::memcpy(v.color, &color, sizeof v.color);
        if (p.uvs1.size() == n)
            std::memcpy(v.uv1, &p.uvs1[i], sizeof v.uv1);
        else
            v.uv1[0] = v.uv1[1] = 0.0f;
        for (int k = 0; k < 8; ++k) {
            v.joints[k] = skinned ? p.joints[i][static_cast<size_t>(k)] : 0;
            v.weights[k] = skinned ? p.weights[i][static_cast<size_t>(k)] : 0.0f;
        }
    }
    GpuMesh m;
    static constexpr GLenum kModes[] = {GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP, GL_TRIANGLES};
    m.mode_ = p.mode >= 0 && p.mode <= 4 ? kModes[p.mode] : GL_TRIANGLES;
    if (auto st = m.upload_morphs(p); !st) return st.error();
    if (skinned)
        if (auto st = m.upload_influences(p); !st) return st.error();
    m.skinned_ = skinned;
    m.flat_normals_ = p.normals.size() != n;
    m.vertex_count_ = static_cast<GLsizei>(n);
    m.index_count_ = static_cast<GLsizei>(p.indices.size());
    m.vao_ = GlVertexArray::make();
    glBindVertexArray(m.vao_.get());
    m.vbo_ = GlBuffer::make();
    glBindBuffer(GL_ARRAY_BUFFER, m.vbo_.get());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(verts.size() * sizeof(Vertex)), verts.data(),
                 GL_STATIC_DRAW);
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
    glEnableVertexAttribArray(kAttrTangent);
    glVertexAttribPointer(kAttrTangent, 4, GL_FLOAT, GL_FALSE, stride, off(offsetof(Vertex, tangent)));
    glEnableVertexAttribArray(kAttrColor0);
    glVertexAttribPointer(kAttrColor0, 4, GL_FLOAT, GL_FALSE, stride, off(offsetof(Vertex, color)));
    glEnableVertexAttribArray(kAttrUv1);
    glVertexAttribPointer(kAttrUv1, 2, GL_FLOAT, GL_FALSE, stride, off(offsetof(Vertex, uv1)));
    if (!p.indices.empty()) {
        m.ibo_ = GlBuffer::make();
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m.ibo_.get());
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(p.indices.size() * 4), p.indices.data(),
                     GL_STATIC_DRAW);
    }
    glBindVertexArray(0);
    return m;
}

void GpuMesh::draw(GLsizei instances) const {
    glBindVertexArray(vao_.get());
    if (index_count_ > 0)
        glDrawElementsInstanced(mode_, index_count_, GL_UNSIGNED_INT, nullptr, instances);
    else
        glDrawArraysInstanced(mode_, 0, vertex_count_, instances);
    glBindVertexArray(0);
}

Status GpuMesh::upload_morphs(const anim::Primitive& p) {
    const size_t n = p.positions.size(), targets = p.targets.size();
    if (targets == 0) return ok_status();
    const size_t texels = 2 * targets * n;
    const size_t width = kMorphTextureWidth, height = (texels + width - 1) / width;
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    if (height > static_cast<size_t>(max_size) || targets > static_cast<size_t>(max_size))
        return make_error(std::to_string(targets) + " morph targets of " + std::to_string(n) +
                          " vertices need " + std::to_string(height) + " texture rows; this GPU allows " +
                          std::to_string(max_size));
    std::vector<float> data(width * height * 4, 0.0f);
    for (size_t t = 0; t < targets; ++t) {
        const anim::MorphTarget& mt = p.targets[t];
        for (size_t v = 0; v < n; ++v) {
            if (mt.positions.size() == n) std::memcpy(&data[((2 * t) * n + v) * 4], &mt.positions[v], 12);
            if (mt.normals.size() == n) std::memcpy(&data[((2 * t + 1) * n + v) * 4], &mt.normals[v], 12);
        }
    }
    morph_tex_ = make_float_texture(FloatChannels::RGBA, static_cast<int>(width), static_cast<int>(height),
                                    data.data());
    const std::vector<float> zeros(targets, 0.0f);
    weight_tex_ = make_float_texture(FloatChannels::R, static_cast<int>(targets), 1, zeros.data());
    if (!morph_tex_ || !weight_tex_) {
        morph_tex_.reset();
        weight_tex_.reset();
        glBindTexture(GL_TEXTURE_2D, 0);
        return make_error("the driver refused the float textures of " + std::to_string(targets) +
                          " morph targets (" + std::to_string(width) + "x" + std::to_string(height) +
                          " RGBA32F)");
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    morph_targets_ = static_cast<int>(targets);
    return ok_status();
}

Status GpuMesh::upload_influences(const anim::Primitive& p) {
    if (p.extra_influences == 0) return ok_status();
    // An odd count (a builder's; a file's come four a set) leaves the last texel's second half
    // (joint 0, weight 0), which adds nothing.
    const size_t n = p.positions.size(), extra = static_cast<size_t>(p.extra_influences);
    const size_t per_vertex = (extra + 1) / 2, texels = n * per_vertex;
    const size_t width = kInfluenceTextureWidth, height = (texels + width - 1) / width;
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    if (height > static_cast<size_t>(max_size))
        return make_error(std::to_string(n) + " vertices of " + std::to_string(8 + extra) +
                          " influences need " + std::to_string(height) +
                          " influence texture rows; this GPU allows " + std::to_string(max_size));
    std::vector<float> data(width * height * 4, 0.0f);
    for (size_t v = 0; v < n; ++v)
        for (size_t k = 0; k < extra; ++k) {
            float* pair = &data[(v * per_vertex + k / 2) * 4 + (k % 2) * 2];
            pair[0] = static_cast<float>(p.extra_joints[v * extra + k]);
            pair[1] = p.extra_weights[v * extra + k];
        }
    influence_tex_ = make_float_texture(FloatChannels::RGBA, static_cast<int>(width),
                                        static_cast<int>(height), data.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    if (!influence_tex_)
        return make_error("the driver refused the influence texture of " + std::to_string(n) + " vertices (" +
                          std::to_string(width) + "x" + std::to_string(height) + " RGBA32F)");
    extra_influence_texels_ = static_cast<int>(per_vertex);
    return ok_status();
}

void GpuMesh::set_morph_weights(const std::vector<float>& weights) const {
    if (morph_targets_ == 0) return;
    // At most a few hundred floats; the copy keeps a short list from reading past its end.
    float w[256];
    for (int t0 = 0; t0 < morph_targets_; t0 += 256) {
        const int count = std::min(256, morph_targets_ - t0);
        for (int k = 0; k < count; ++k) {
            const size_t at = static_cast<size_t>(t0 + k);
            w[k] = at < weights.size() ? weights[at] : 0.0f;
        }
        glBindTexture(GL_TEXTURE_2D, weight_tex_.get());
        glTexSubImage2D(GL_TEXTURE_2D, 0, t0, 0, count, 1, GL_RED, GL_FLOAT, w);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace sv::render

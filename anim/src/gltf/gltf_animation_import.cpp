// Animations of an imported glTF as clips: each channel's target path and node, its sampler's
// interpolation, key times (finite, strictly increasing) and output values (morph weights read as
// one element per key), and messages that give the file's own channel index even where the
// document checks skipped channels. Apart from the meshes because it is the only section the
// sampler (anim/src/pose) trusts: what it lets through is what the frame path reads unchecked.
#include <algorithm>
#include <cmath>

#include "gltf_importer.h"

namespace sv::anim::gltf {

size_t Importer::file_channel(size_t animation, size_t channel) const {
    if (!facts || animation >= facts->kept_channels.size()) return channel;
    const auto& kept = facts->kept_channels[animation];
    return channel < kept.size() ? static_cast<size_t>(kept[channel]) : channel;
}

// The file gave the animation channels, and the document checks skipped every one.
bool Importer::skipped_all(size_t animation) const {
    return facts && animation < facts->skipped_channels.size() && facts->skipped_channels[animation] > 0 &&
           facts->kept_channels[animation].empty();
}

// A material, light or camera property's channel: its sampler read as a node channel's is, but
// whatever is wrong with it skips that channel with a note naming it and the reason, never a
// refusal: it changes how a surface is shaded or lit, never where a vertex is.
void Importer::property_channel(const tg::Animation& src, const DocumentFacts::PropertyChannel& pc,
                                Clip& clip) {
    auto skip = [&](const std::string& why) {
        out.report.push_back(pc.what + ": " + why + "; skipped");
        out.picture_notes.push_back(out.report.back());
    };
    if (pc.sampler < 0 || static_cast<size_t>(pc.sampler) >= src.samplers.size())
        return skip("sampler " + str(pc.sampler) + " is out of range");
    const tg::AnimationSampler& s = src.samplers[static_cast<size_t>(pc.sampler)];
    PropertyChannel d;
    d.target = pc.target;
    if (s.interpolation == "STEP")
        d.interpolation = Interpolation::Step;
    else if (s.interpolation == "CUBICSPLINE")
        d.interpolation = Interpolation::CubicSpline;
    else if (s.interpolation == "LINEAR" || s.interpolation.empty())
        d.interpolation = Interpolation::Linear;
    else
        return skip("unknown interpolation '" + s.interpolation + "'");
    auto in = view(s.input, "its input", 1, kFloatOnly);
    if (!in) return skip(in.error().message);
    const int nc = d.components();
    auto ov = view(s.output, "its output", nc, kFloatOnly);
    if (!ov) return skip(ov.error().message);
    if (in->count == 0) return skip("its input has no keys");
    const size_t per_key = d.interpolation == Interpolation::CubicSpline ? 3 : 1;
    if (ov->count != in->count * per_key)
        return skip("its output has " + str(ov->count) + " elements for " + str(in->count) + " keys (" +
                    str(in->count * per_key) + " needed)");
    for (size_t k = 0; k < in->count; ++k) {
        const double t = in->get(k, 0);
        if (!std::isfinite(t)) return skip("key time " + str(k) + " is NaN or infinite");
        if (k > 0 && !(t > d.times.back())) return skip("key times are not increasing at key " + str(k));
        d.times.push_back(static_cast<float>(t));
    }
    d.values.resize(ov->count * static_cast<size_t>(nc));
    for (size_t k = 0; k < ov->count; ++k)
        for (int c = 0; c < nc; ++c) {
            const double x = ov->get(k, c);
            if (!std::isfinite(x)) return skip("output value " + str(k) + " holds a NaN or infinity");
            d.values[k * static_cast<size_t>(nc) + static_cast<size_t>(c)] = static_cast<float>(x);
        }
    clip.duration = std::max(clip.duration, d.times.back());
    clip.properties.push_back(std::move(d));
}

Status Importer::animations() {
    for (size_t ai = 0; ai < m.animations.size(); ++ai) {
        const tg::Animation& src = m.animations[ai];
        Clip clip;
        clip.name = src.name;
        const std::string aname = named("animation", ai, src.name);
        for (size_t ci = 0; ci < src.channels.size(); ++ci) {
            const tg::AnimationChannel& ch = src.channels[ci];
            const std::string name = aname + " channel " + str(file_channel(ai, ci));
            Channel d;
            if (ch.target_path == "translation")
                d.path = TargetPath::Translation;
            else if (ch.target_path == "rotation")
                d.path = TargetPath::Rotation;
            else if (ch.target_path == "scale")
                d.path = TargetPath::Scale;
            else if (ch.target_path == "weights")
                d.path = TargetPath::Weights;
            else
                return make_error(name + ": unknown target path '" + ch.target_path + "'");
            if (ch.target_node < 0 || static_cast<size_t>(ch.target_node) >= out.scene.nodes.size())
                return make_error(name + ": target node " + str(ch.target_node) + " is out of range");
            d.node = ch.target_node;
            if (d.path == TargetPath::Weights) {
                const int mesh = out.scene.nodes[static_cast<size_t>(d.node)].mesh;
                d.weight_count =
                    mesh >= 0 ? static_cast<int>(out.meshes[static_cast<size_t>(mesh)].weights.size()) : 0;
                if (d.weight_count == 0)
                    return make_error(name + ": animates the morph weights of node " + str(d.node) +
                                      ", which has no mesh with morph targets");
            }
            if (ch.sampler < 0 || static_cast<size_t>(ch.sampler) >= src.samplers.size())
                return make_error(name + ": sampler " + str(ch.sampler) + " is out of range");
            const tg::AnimationSampler& s = src.samplers[static_cast<size_t>(ch.sampler)];
            if (s.interpolation == "STEP")
                d.interpolation = Interpolation::Step;
            else if (s.interpolation == "CUBICSPLINE")
                d.interpolation = Interpolation::CubicSpline;
            else if (s.interpolation == "LINEAR" || s.interpolation.empty())
                d.interpolation = Interpolation::Linear;
            else
                return make_error(name + ": unknown interpolation '" + s.interpolation + "'");
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
                    return make_error(name + ": output has " + str(ov->count) +
                                      " weights, not a multiple of the " + str(nc) + " morph targets");
                ov->count /= static_cast<size_t>(nc);
                ov->stride *= static_cast<size_t>(nc);
                ov->comps = nc;
            }
            if (in->count == 0) return make_error(name + ": input has no keys");
            const size_t per_key = d.interpolation == Interpolation::CubicSpline ? 3 : 1;
            if (ov->count != in->count * per_key)
                return make_error(name + ": output has " + str(ov->count) + " elements for " +
                                  str(in->count) + " keys; " + s.interpolation + " needs " +
                                  str(in->count * per_key) +
                                  (per_key == 3 ? " (3x: in-tangent, value, out-tangent)" : ""));
            for (size_t k = 0; k < in->count; ++k) {
                const double t = in->get(k, 0);
                if (!std::isfinite(t))
                    return make_error(name + ": key time " + str(k) + " is NaN or infinite");
                if (k > 0 && !(t > d.times.back()))
                    return make_error(name + ": key times are not increasing at key " + str(k) + " (" +
                                      std::to_string(d.times.back()) + " then " + std::to_string(t) + ")");
                d.times.push_back(static_cast<float>(t));
            }
            d.values.resize(ov->count * static_cast<size_t>(nc));
            // LINEAR and STEP rotation keys are stored at unit length, normalised here in double. The
            // specification requires unit quaternions, but exporters round them (AnimatedTriangle's
            // 0.707 is 3e-4 short), and the sampler's slerp (anim/src/pose/slerp.h) takes its keys'
            // angle from |a + b| / 2, which only unit keys give: a key 3e-4 short moved vertices by
            // 7e-5 of their distance mid-interval. Normalising each key costs nothing per frame;
            // doing it in the sampler would cost two square roots a rotation. CUBICSPLINE keys are
            // left alone: their values and tangents are blended first and normalised after, and
            // scaling a value without its tangents would change the curve. A zero key stays zero
            // (the sampler answers the identity for it).
            const bool unit_keys =
                d.path == TargetPath::Rotation && d.interpolation != Interpolation::CubicSpline;
            for (size_t k = 0; k < ov->count; ++k) {
                double key[4] = {0, 0, 0, 0}, len2 = 0;
                for (int c = 0; c < nc; ++c) {
                    const double x = ov->get(k, c);
                    if (!std::isfinite(x))
                        return make_error(name + ": output value " + str(k) + " holds a NaN or infinity");
                    if (unit_keys) key[c] = x, len2 += x * x;
                    d.values[k * static_cast<size_t>(nc) + static_cast<size_t>(c)] = static_cast<float>(x);
                }
                if (unit_keys && len2 > 0)
                    for (int c = 0; c < 4; ++c)
                        d.values[k * 4 + static_cast<size_t>(c)] =
                            static_cast<float>(key[c] / std::sqrt(len2));
            }
            clip.duration = std::max(clip.duration, d.times.back());
            clip.channels.push_back(std::move(d));
        }
        if (facts)
            for (const auto& pc : facts->property_channels)
                if (pc.animation == ai) property_channel(src, pc, clip);
        // glTF requires at least one channel; a clip of none has no duration and nothing to
        // play, and is refused rather than listed as a clip that silently does nothing.
        if (src.channels.empty() && !skipped_all(ai)) return make_error(aname + ": has no channels");
        if (src.channels.empty() && clip.properties.empty()) {
            out.report.push_back(aname + ": every channel was skipped; not listed as a clip");
            continue;
        }
        out.clips.push_back(std::move(clip));
    }
    return ok_status();
}

}  // namespace sv::anim::gltf

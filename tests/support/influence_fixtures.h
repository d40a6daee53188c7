// Negative controls for influences past the eighth: the Asset as skinview read it before #23, when
// the importer took JOINTS_0/1 and WEIGHTS_0/1 only and renormalised the eight over themselves.
#pragma once

#include "anim/scene/asset.h"

namespace sv::test {

inline anim::Asset drop_influences_past_eight(anim::Asset a) {
    for (auto& mesh : a.meshes)
        for (auto& p : mesh.primitives) {
            p.extra_influences = 0;
            p.extra_joints.clear();
            p.extra_weights.clear();
            for (auto& w : p.weights) {
                double sum = 0.0;
                for (float x : w) sum += x;
                if (sum <= 0.0) {
                    w = {};
                    w[0] = 1.0f;
                    continue;
                }
                for (float& x : w) x = static_cast<float>(x / sum);
            }
        }
    return a;
}

}  // namespace sv::test

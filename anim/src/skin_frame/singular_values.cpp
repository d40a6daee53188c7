#include "anim/skin_frame/singular_values.h"

#include <algorithm>
#include <cmath>

namespace sv::anim {

glm::dvec3 singular_values(const glm::dmat3& m) {
    // a = MᵀM, symmetric positive semi-definite; a[r][c] indexed as plain row/column here.
    double a[3][3];
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) a[r][c] = glm::dot(m[r], m[c]);  // columns r and c of M

    for (int sweep = 0; sweep < 32; ++sweep) {
        const double off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
        const double diag = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2];
        if (!(off > 1e-34 * diag)) break;  // also leaves on NaN, whose comparison is false
        for (int p = 0; p < 2; ++p) {
            for (int q = p + 1; q < 3; ++q) {
                if (a[p][q] == 0.0) continue;
                // The classic stable rotation (Golub & Van Loan 8.4): t is the smaller root, so the
                // angle stays within a quarter turn and the update does not cancel.
                const double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
                const double t =
                    (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
                const double c = 1.0 / std::sqrt(t * t + 1.0);
                const double s = t * c;
                for (int k = 0; k < 3; ++k) {  // columns p, q
                    const double akp = a[k][p], akq = a[k][q];
                    a[k][p] = c * akp - s * akq;
                    a[k][q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; ++k) {  // rows p, q
                    const double apk = a[p][k], aqk = a[q][k];
                    a[p][k] = c * apk - s * aqk;
                    a[q][k] = s * apk + c * aqk;
                }
            }
        }
    }
    double sv[3];
    for (int i = 0; i < 3; ++i) {
        const double e = a[i][i];
        // Rounding can leave a zero eigenvalue a hair negative; its singular value is 0.
        sv[i] = std::isnan(e) ? e : std::sqrt(std::max(0.0, e));
    }
    std::sort(sv, sv + 3, [](double x, double y) { return x > y; });
    return {sv[0], sv[1], sv[2]};
}

}  // namespace sv::anim

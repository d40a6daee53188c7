#!/usr/bin/env bash
# Mutation check of the spec-critical code: applies each one-line change below (a wrong formula a
# real slip could write: sampling, accessor decoding, skinning, morph targets, the frame defect),
# rebuilds the fast tiers' test binaries, runs them, restores the file, and prints how many of the
# mutants the suite killed (a test failed). Every mutant listed must be killed; a survivor is a
# formula the suite cannot see, so the script exits 1 naming it.
#   scripts/mutants.sh [build-dir]        (default build/, configured as CONTRIBUTING says)
#   MUTANTS="3 7" scripts/mutants.sh     only those (1-based) mutants
# Optional (not in scripts/test.sh or CI): each mutant costs a rebuild of one file and relinks, then
# about a minute of tests on two cores.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" 2>/dev/null && pwd) || { echo "no build folder ${1:-$here/build} (configure it first)"; exit 2; }
targets=(unit_anim_core unit_skin_frame unit_spec_evaluator unit_gltf_reader gl_bake gl_many_joints)
# The test binaries and the filters each runs: the whole binary, except the reader tests' Khronos
# folder walk (it checks loading, not the formulas mutated here), and of the gl tier the dense GPU
# read-back (every file at 64 times a clip, 30 s on llvmpipe: the shaders' skinning and morphs) and
# the many-joint read-back (skins of 513 to 4096 joints: the palette's row addressing, 8 s).
runs=("unit_anim_core:*" "unit_skin_frame:*" "unit_spec_evaluator:*" "unit_gltf_reader:-GltfKhronosFolder*"
      "gl_bake:Files/DenseGpu*" "gl_many_joints:*")

# file <TAB> exact text (must occur once) <TAB> replacement <TAB> what it breaks
read -r -d '' table <<'TABLE'
anim/src/pose/clip_sampling.cpp	h11 * dt * a1[i]	h11 * a1[i]	CUBICSPLINE in-tangent not scaled by the key interval
anim/src/pose/clip_sampling.cpp	h10 * dt * b0[i]	h10 * b0[i]	CUBICSPLINE out-tangent not scaled by the key interval
anim/src/pose/clip_sampling.cpp	const float* a1 = v + k1 * stride;	const float* a1 = v + k1 * stride + 2 * nc;	CUBICSPLINE uses key k+1's out-tangent for its in-tangent
anim/src/pose/clip_sampling.cpp	            return copy_key(k0);	            return copy_key(k1);	STEP holds the later key
anim/src/pose/clip_sampling.cpp	out[i] = a[i] + (b[i] - a[i]) * u;	out[i] = a[i] + (b[i] - a[i]) * u * u;	LINEAR vector channel eased (channel path)
anim/src/pose/packed_clip.cpp	d[i] = pa[i] + (pb[i] - pa[i]) * u;	d[i] = pa[i] + (pb[i] - pa[i]) * (u * u);	LINEAR vector channel eased (packed path)
anim/src/pose/slerp.h	{1.0f / 3, 2.0f / 5, 3.0f / 7,	{1.0f / 3, 2.0f / 5, 3.0f / 8,	slerp series coefficient v_3 = 3/8 for 3/7
anim/src/pose/slerp.h	        s = first_half ? t2 : t2 - 1.0f;	        s = first_half ? t : t2 - 1.0f;	scalar slerp's first half interval at the wrong parameter
anim/src/pose/slerp.h	xm1 = select(direct, xm1, sub(mul(k(0.5f), hl), k(1.0f)));	xm1 = select(direct, xm1, sub(hl, k(1.0f)));	SSE slerp with the wrong half-angle cosine
anim/src/pose/slerp.h	constexpr float kSlerpDirectCos = 0.70710677f;	constexpr float kSlerpDirectCos = 0.0f;	slerp never halves the interval (6 terms over the whole range: 1.5e-4 rad, Eberly's table)
anim/src/pose/slerp.h	    const float sign = d < 0.0f ? -1.0f : 1.0f;	    const float sign = 1.0f;	scalar slerp takes the long way round
anim/src/gltf/gltf_accessor.cpp	std::max(v / 127.0, -1.0)	std::max(v / 128.0, -1.0)	normalized BYTE as c/128
anim/src/gltf/gltf_accessor.cpp	return normalized ? p[0] / 255.0 : p[0];	return normalized ? p[0] / 256.0 : p[0];	normalized UNSIGNED_BYTE as c/256
anim/src/gltf/gltf_accessor.cpp	std::max(v / 32767.0, -1.0)	v / 32767.0	normalized SHORT without the clamp at -1
anim/src/gltf/gltf_accessor.cpp	return normalized ? v / 65535.0 : v;	return normalized ? v / 65536.0 : v;	normalized UNSIGNED_SHORT as c/65536
anim/src/skin_frame/reference_skinner.cpp	if (w > T(0)) acc += w * (m[	if (w > T(0)) acc += (m[	CPU reference linear blend ignores the weights
anim/src/gltf/gltf_influence_import.cpp	for (size_t k = 0; k < extra; ++k) sum += q.extra_weights[i * extra + k];	for (size_t k = 0; k < extra; ++k) sum += 0.0f;	weights renormalised over the first eight influences only
anim/src/scene/morph_targets.cpp	p[v] += w * glm::dvec3(mt.positions[v]);	p[v] += glm::dvec3(mt.positions[v]);	morph position deltas added at full weight
anim/src/skin_frame/skin_frame_defect.cpp	out[j] = rigidity_defect(*inv * a);	out[j] = rigidity_defect(a);	frame defect measured without the frame's inverse
shaders/skinned_vs.glsl	if (w != 0.0) blended += w * (	if (w != 0.0) blended += (	GPU linear blend ignores the weights
shaders/morph.glsl	position += w * morph_delta(at);	position += morph_delta(at);	GPU morph position deltas at full weight
shaders/palette.glsl	ivec2 at = palette_texel(row, joint);	ivec2 at = palette_texel(row, joint) + ivec2(1, 0);	GPU palette matrix read one texel late
shaders/palette.glsl	row + joint / 512); }	row); }	GPU palette read without the block's row (joint % 512: the single-row addressing)
shaders/dual_quat.glsl	row + joint / 512); }	row); }	GPU joint dual quaternions read without the block's row
render/src/palette_texture.cpp	dirty_hi_ = std::max(dirty_hi_, row + span - 1);	dirty_hi_ = std::max(dirty_hi_, row);	a many-joint block uploads its first row only
TABLE

build_all() { cmake --build "$build" -j2 --target "${targets[@]}" >"$build/mutant-build.log" 2>&1; }
run_all() {
  local r bin filter
  for r in "${runs[@]}"; do
    bin=${r%%:*}; filter=${r#*:}
    "$build/tests/$bin" --gtest_filter="$filter" --gtest_brief=1 >"$build/mutant-$bin.log" 2>&1 || { echo "$bin"; return 1; }
  done
  return 0
}

# Restores the mutated file however the script ends (a failed build, Ctrl-C).
current=""; saved=""
restore() { if [ -n "$current" ]; then cp "$saved" "$here/$current"; current=""; fi; }
trap 'restore; exit 130' INT TERM
trap restore EXIT
saved=$(mktemp)

echo "baseline: building and running the unmutated suite"
build_all || { echo "the unmutated build failed: see $build/mutant-build.log"; exit 2; }
if failed=$(run_all); then :; else echo "the unmutated suite fails ($failed): fix that first"; exit 2; fi

n=0; killed=0; survivors=()
while IFS=$'\t' read -r file from to what; do
  n=$((n + 1))
  if [ -n "${MUTANTS:-}" ] && [[ " $MUTANTS " != *" $n "* ]]; then continue; fi
  cp "$here/$file" "$saved"; current=$file
  if ! python3 - "$here/$file" "$from" "$to" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{text.count(old)} matches")
open(path, "w").write(text.replace(old, new))
PY
  then
    echo "mutant $n does not apply to $file (its text changed): $what"; restore; exit 2
  fi
  t0=$(date +%s)
  if ! build_all; then
    verdict="did not build"; survivors+=("$n (does not build: a mutant must compile) $what")
  elif failed=$(run_all); then
    verdict="SURVIVED"; survivors+=("$n $file: $what")
  else
    verdict="killed by $failed"; killed=$((killed + 1))
  fi
  restore
  printf 'mutant %2d %-44s %s (%ss)\n' "$n" "$file" "$verdict" "$(( $(date +%s) - t0 ))"
  printf '          %s\n' "$what"
done <<<"$table"
total=$n
[ -n "${MUTANTS:-}" ] && total=$(wc -w <<<"$MUTANTS")
build_all >/dev/null 2>&1 || true  # leave the build as the sources are
echo "killed $killed of $total mutants"
if [ ${#survivors[@]} -gt 0 ]; then printf 'not killed: %s\n' "${survivors[@]}"; exit 1; fi

#!/usr/bin/env bash
# Installs F3D, the viewer the start benchmarks compare against (tests/bench/render_start_bench,
# scale_bench, suite_bench), from Debian, pinned to the version every figure in docs/benchmarks.md
# was measured with: a newer F3D would move the figures without a change of ours. Does nothing when
# that version is installed. F3D needs an X display even for --output: run it under xvfb-run -a.
#
#   scripts/install-f3d.sh
set -euo pipefail
want="1.3.1+dfsg-5"  # Debian 12 (bookworm)
have=$(dpkg-query -W -f='${Version}' f3d 2>/dev/null || true)
[ "$have" = "$want" ] && exit 0
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -q
$sudo_cmd apt-get install -y -q --no-install-recommends "f3d=$want"

#!/usr/bin/env python3
"""Holds docs/materials.md's comparison table to its targets: skinview's render of every job in
jobs.json against the committed Khronos render (reference/), as compare.sh --reference prints it.

Each model row must have at least 85% of its footprint within 8/255 and 95% within 16/255, unless
it is one of the rows below whose cause is a documented error of the Khronos renderer against a
specification (docs/materials.md, "Why rows are below"); such a row must still be below, or its
entry here is stale and goes. Each control_ row (the Khronos render with one thing switched off)
must fall below a target: a control that passes means the comparison cannot see that thing.
A self-test runs first on made-up tables, so a checker that has gone blind fails too.

    check_targets.py BUILD_DIR SOURCE_DIR
"""
import os
import re
import subprocess
import sys
import tempfile

WITHIN_8, WITHIN_16 = 85.0, 95.0

# Model -> the documented reason (docs/materials.md, "Why rows are below").
RENDERER_ERRORS = {
    "SheenChair": "reads its sheen table, which holds sRGB(E), as E",
    "SpecGlossVsMetalRough": "uploads the specular-glossiness textures as linear, not sRGB",
    "AnimationPointer_1.85s": "never draws a STEP track's last key",
    "DiffuseTransmissionSpheres": "weights the back lights' diffuse transmission by the reflection half vector's Fresnel",
}
# A control that stays within the targets (the environment turned 90 degrees on smooth spheres, the
# emissive strength on a test whose emission is most of the picture only where it is strong) must
# still move its model's within-8 figure by this many points.
MIN_DROP = 3.0
# Controls that cannot discriminate, and why: the model itself is a renderer-error row.
BLIND_CONTROLS = {"control_SheenChair_no_sheen": "SheenChair"}


def parse(table):
    rows = {}
    for line in table.splitlines():
        m = re.match(r"\|\s*([^|]+?)\s*\|\s*\d+\s*\|\s*([\d.]+)%\s*\|\s*([\d.]+)%\s*\|", line)
        if m:
            rows[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    return rows


def problems(rows):
    out = []
    for name, (w8, w16) in rows.items():
        meets = w8 >= WITHIN_8 and w16 >= WITHIN_16
        if name.startswith("control_"):
            # Its model: the longest row name that follows "control_" and is followed by "_".
            model = max((m for m in rows if name.startswith("control_" + m + "_")), key=len, default=None)
            dropped = model is not None and rows[model][0] - w8 >= MIN_DROP
            if meets and not dropped and name not in BLIND_CONTROLS:
                out.append(f"{name}: {w8}% / {w16}% meets the targets and lies within {MIN_DROP} points of "
                           f"{model}'s row: the comparison does not see what it switched off")
        elif name in RENDERER_ERRORS:
            if meets:
                out.append(f"{name}: {w8}% / {w16}% meets the targets now: its renderer-error entry is stale")
        elif not meets:
            out.append(f"{name}: {w8}% / {w16}% within 8 / 16 of 255, below {WITHIN_8}% / {WITHIN_16}%")
    for name in list(RENDERER_ERRORS) + list(BLIND_CONTROLS):
        if name not in rows:
            out.append(f"{name}: listed here but not compared")
    return out


def self_test():
    base = "| model | px | a | b | c |\n|---|\n"
    good = base + "| Duck | 10 | 99.0% | 99.9% | 1/255 |\n| control_Duck_off | 10 | 20.0% | 30.0% | 9/255 |\n"
    for name in list(RENDERER_ERRORS) + list(BLIND_CONTROLS):
        good += f"| {name} | 10 | 10.0% | 20.0% | 9/255 |\n"
    assert problems(parse(good)) == [], problems(parse(good))
    for bad, says in [
        (good.replace("| Duck | 10 | 99.0%", "| Duck | 10 | 84.9%"), "Duck"),
        (good.replace("| Duck | 10 | 99.0% | 99.9%", "| Duck | 10 | 99.0% | 94.9%"), "Duck"),
        (good.replace("| control_Duck_off | 10 | 20.0% | 30.0%", "| control_Duck_off | 10 | 96.5% | 99.0%"),
         "control_Duck_off"),
        (good.replace("| SheenChair | 10 | 10.0% | 20.0%", "| SheenChair | 10 | 98.0% | 99.0%"), "stale"),
        (good.replace("| SheenChair |", "| SheenChairX |"), "not compared"),
    ]:
        found = problems(parse(bad))
        assert any(says in p for p in found), (says, found)


def main():
    build, root = sys.argv[1], sys.argv[2]
    self_test()
    # The models live in ../shared (never copied in): without them the table cannot be drawn.
    # Skipped by hand, failed under CI=true, as every test that reads ../shared.
    if not os.path.isdir(os.path.join(root, "..", "shared", "khronos")):
        print("check_targets: SKIPPED: ../shared/khronos is missing", file=sys.stderr)
        return 1 if os.environ.get("CI") else 77
    here = os.path.join(root, "tests", "khronos_reference")
    generated = os.path.join(here, "generated")
    os.makedirs(generated, exist_ok=True)
    subprocess.run([os.path.join(build, "anim", "skinview_make_assets"), generated, "--khronos"], check=True,
                   stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as diff:
        r = subprocess.run([os.path.join(build, "tests", "khronos_compare"), "--jobs", os.path.join(here, "jobs.json"),
                            "--khronos", os.path.join(here, "reference"), "--size", "640x480", "--diff", diff,
                            "--markdown"], cwd=root, capture_output=True, text=True)
    print(r.stdout)
    if r.returncode != 0:
        print(r.stderr, file=sys.stderr)
        print("check_targets: khronos_compare could not compare every job", file=sys.stderr)
        return 1
    rows = parse(r.stdout)
    if len(rows) < 50:
        print(f"check_targets: {len(rows)} rows read; the table's format changed?", file=sys.stderr)
        return 1
    found = problems(rows)
    for p in found:
        print("check_targets: " + p, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The table of docs/settings.md names exactly the keys the settings reader accepts.

    check_settings_keys.py ROOT SKINVIEW

The keys come from the program, not from reading its source: a settings file holding one unknown
key is refused (exit 2) with the reader's list of every key it accepts (ui/src/viewer_settings.cpp,
settings_keys()), and that list is held against the first column of the "## Keys" table (a cell
may name several keys, each in backticks). Exit 0 when the two sets are equal, 1 naming each key
the table lacks or names in excess, or when the program's list cannot be read.
"""
import os
import re
import subprocess
import sys
import tempfile

PROBE = "no_such_key_docs_probe"


def program_keys(skinview):
    """The reader's keys, as the program lists them when refusing an unknown one."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = os.path.join(tmp, "probe.json")
        with open(settings, "w") as f:
            f.write('{"%s": 1}\n' % PROBE)
        env = dict(os.environ)
        env.setdefault("SKINVIEW_EGL_PLATFORM", "surfaceless")
        r = subprocess.run([skinview, "render", "--settings", settings, "-o", os.path.join(tmp, "x.png"),
                            "--size", "16x16"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, env=env, timeout=120)
    m = re.search(r"unknown key '%s' \(keys: ([^)]*)\)" % PROBE, r.stderr)
    if r.returncode != 2 or not m:
        raise RuntimeError("the program did not refuse the unknown key %r with its key list (exit %d): %s"
                           % (PROBE, r.returncode, r.stderr.strip()))
    return set(k.strip() for k in m.group(1).split(","))


def table_keys(page_text):
    """Keys named in the first column of the page's "## Keys" table."""
    keys = set()
    in_section = False
    for line in page_text.split("\n"):
        if line.startswith("## "):
            in_section = line.strip() == "## Keys"
            continue
        if not in_section or not line.startswith("| `"):
            continue
        first_cell = line.split("|")[1]
        keys.update(re.findall(r"`([^`]+)`", first_cell))
    return keys


def problems(page_text, keys):
    documented = table_keys(page_text)
    out = []
    if not documented:
        out.append("docs/settings.md: no '## Keys' table found")
    for k in sorted(keys - documented):
        out.append("docs/settings.md: the reader accepts '%s', which the table lacks" % k)
    for k in sorted(documented - keys):
        out.append("docs/settings.md: the table names '%s', which the reader does not accept" % k)
    return out


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    root, skinview = argv[1], argv[2]
    with open(os.path.join(root, "docs", "settings.md"), encoding="utf-8") as f:
        page = f.read()
    try:
        keys = program_keys(skinview)
    except RuntimeError as e:
        print("check_settings_keys: %s" % e)
        return 1
    found = problems(page, keys)
    for p in found:
        print(p)
    print("check_settings_keys: %d keys in the reader, %d in the table, %d problems"
          % (len(keys), len(table_keys(page)), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

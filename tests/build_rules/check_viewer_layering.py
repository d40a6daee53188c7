#!/usr/bin/env python3
"""viewer/ in three parts by what each depends on, checked over the includes.

    check_viewer_layering.py SOURCE_DIR

  session/   no window and no command line: includes no header of app/ or commands/, and none of
             GLFW, ImGui or CLI11
  app/       the window: includes no header of commands/ and not CLI11
  platform/  what differs between the desktop window and the browser page (the frame loop, the
             window system's answers), one implementation a build: includes no header of
             session/, app/ or commands/, and not CLI11
  commands/  the verbs and main(): may include anything
Every source and header under viewer/ is in one of the four (a file at viewer/'s top level is a
part nobody chose). A header is known by its file name, as the sources include it ("x.h"): two
parts holding the same name would make that ambiguous and are refused too. A negative control runs
first: made-up files breaking each rule must be caught.
"""
import os
import re
import sys

PARTS = ("session", "app", "platform", "commands")
FORBIDDEN_SYSTEM = {
    "session": ("GLFW/", "imgui", "CLI/"),
    "app": ("CLI/",),
    "platform": ("CLI/",),
    "commands": (),
}
MAY_INCLUDE = {"session": {"session"}, "app": {"session", "app", "platform"}, "platform": {"platform"},
               "commands": set(PARTS)}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def problems(files):
    """files: {relative path under viewer/: text}"""
    out, owner = [], {}
    for path in files:
        part = path.split("/")[0] if "/" in path else None
        if part not in PARTS:
            out.append(f"viewer/{path}: not in session/, app/, platform/ or commands/")
            continue
        name = os.path.basename(path)
        if name.endswith(".h"):
            if name in owner and owner[name] != part:
                out.append(f"viewer/{path}: a header of that name is also in {owner[name]}/")
            owner[name] = part
    for path, text in files.items():
        part = path.split("/")[0] if "/" in path else None
        if part not in PARTS:
            continue
        for inc in INCLUDE.findall(text):
            if any(inc.startswith(p) for p in FORBIDDEN_SYSTEM[part]):
                out.append(f"viewer/{path}: includes <{inc}>, which {part}/ must not depend on")
            other = owner.get(os.path.basename(inc)) if "/" not in inc else None
            if other and other not in MAY_INCLUDE[part]:
                out.append(f"viewer/{path}: includes {other}/{inc} ({part}/ may include {sorted(MAY_INCLUDE[part])})")
    return out


def negative_control():
    bad = {
        "loose.cpp": "",
        "session/a.h": '#include "b.h"\n',
        "session/c.cpp": "#include <GLFW/glfw3.h>\n",
        "app/b.h": '#include "d.h"\n',
        "commands/d.h": "",
        "app/e.cpp": "#include <CLI/CLI.hpp>\n",
        "platform/web/f.cpp": '#include "b.h"\n',
    }
    good = {"session/a.h": "", "app/b.h": '#include "a.h"\n#include <GLFW/glfw3.h>\n#include "g.h"\n',
            "platform/g.h": "", "platform/desktop/g.cpp": '#include "g.h"\n#include <GLFW/glfw3.h>\n',
            "commands/m.cpp": '#include "a.h"\n#include "b.h"\n#include <CLI/CLI.hpp>\n'}
    return len(problems(bad)) == 6 and not problems(good)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    if not negative_control():
        print("check_viewer_layering: the negative control was not caught; the check cannot fail")
        return 1
    root = os.path.join(sys.argv[1], "viewer")
    files = {}
    for d, _, names in os.walk(root):
        for n in names:
            if n.endswith((".cpp", ".h")):
                p = os.path.join(d, n)
                with open(p, encoding="utf-8") as f:
                    files[os.path.relpath(p, root)] = f.read()
    found = problems(files)
    for p in found:
        print(p)
    print(f"check_viewer_layering: {len(files)} files, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

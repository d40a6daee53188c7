#!/usr/bin/env python3
"""The compile commands a fresh clone in another folder can take from the compiler cache.

    check_cache_portable.py BUILD_DIR SOURCE_DIR

ccache with CCACHE_BASEDIR (scripts/ccache-env.sh) rewrites the absolute paths of include and
source options under the checkout, so a second clone hits the first one's objects. It cannot
rewrite a path inside a macro value, nor the absolute __FILE__ that GoogleTest's assertions expand:
either one makes every object that sees it a miss in a clone elsewhere (this is how CI once missed
on every test object). The rules, over build/compile_commands.json:
  1. no -DNAME=VALUE carries the source or build folder's absolute path (the paths tests need come
     from one generated source, tests/support/test_config.h);
  2. every command maps the source folder out of __FILE__ (-fmacro-prefix-map=SOURCE/=);
  3. the commit id (SKINVIEW_GIT_COMMIT), which changes with every commit, is defined for one
     source only (viewer/commands/skinview_main.cpp), so a new commit recompiles one object.
A negative control runs first: a made-up command list breaking each rule must be caught, so a check
that can no longer fail fails here.
"""
import json
import re
import sys


def problems(commands, source, build):
    out = []
    for e in commands:
        cmd = e.get("command") or " ".join(e.get("arguments", []))
        f = e["file"]
        for name, value in re.findall(r"-D(\w+)=(\S*)", cmd):
            if source in value or build in value:
                out.append(f"{f}: -D{name} carries an absolute path ({value})")
            if name == "SKINVIEW_GIT_COMMIT" and not f.endswith("viewer/commands/skinview_main.cpp"):
                out.append(f"{f}: defines SKINVIEW_GIT_COMMIT (every commit would recompile it)")
        if f"-fmacro-prefix-map={source}/=" not in cmd:
            out.append(f"{f}: no -fmacro-prefix-map={source}/= (__FILE__ would be absolute)")
    return out


def negative_control():
    src, bld = "/x/src", "/x/src/build"
    ok = f"-fmacro-prefix-map={src}/="
    bad = [
        {"file": f"{src}/tests/a.cpp", "command": f"c++ {ok} -DDATA=\"{src}/assets\" -c a.cpp"},
        {"file": f"{src}/tests/b.cpp", "command": "c++ -c b.cpp"},
        {"file": f"{src}/viewer/c.cpp", "command": f"c++ {ok} -DSKINVIEW_GIT_COMMIT=abc -c c.cpp"},
    ]
    found = problems(bad, src, bld)
    good = [{"file": f"{src}/viewer/commands/skinview_main.cpp", "command": f"c++ {ok} -DSKINVIEW_GIT_COMMIT=abc -c m.cpp"}]
    return len(found) == 3 and not problems(good, src, bld)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    build, source = sys.argv[1].rstrip("/"), sys.argv[2].rstrip("/")
    if not negative_control():
        print("check_cache_portable: the negative control was not caught; the check cannot fail")
        return 1
    try:
        with open(f"{build}/compile_commands.json") as f:
            commands = json.load(f)
    except (OSError, ValueError) as e:
        print(f"check_cache_portable: cannot read {build}/compile_commands.json: {e}")
        return 1
    found = problems(commands, source, build)
    for p in found:
        print(p)
    print(f"check_cache_portable: {len(commands)} commands, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Every `skinview` command the documentation gives, run against the built program, with the exit
status the documentation says it has.

    check_doc_commands.py ROOT SKINVIEW [--list]

The commands are found in README.md, docs/*.md and the man page's EXAMPLES (docs/skinview.1):
- in ```sh blocks, every line (with its backslash continuations) that starts with `skinview`;
- in ```yaml blocks (the CI recipes), every step that runs `build/viewer/skinview`, with the lines
  the step folds onto it;
- inline, a code span that is a whole command: `skinview` and more than a verb's name (`skinview
  suite` names a verb; `skinview render: note: ...` is a message; a usage line with [OPTIONS] is
  the generated grammar).
Sh lines that mention skinview but run something else (an install, a package build, `man`) are
listed as not run, with the reason.

The status a command must exit with is 0 unless its text says otherwise: "exits N" in its trailing
comment, or "exit N" / "exits N" just after an inline span (as "(exit 1: the file needs ...)").

Each page runs in its own scratch folder, in the page's order (so `render --sidecar` writes the
golden the next line's `--ref` reads), holding the names the pages use: `assets/` (a link to the
repository's characters: the built-in character is assets/humanoid.glb), `docs/examples/` (a copy,
so `--bless` writes its goldens into the scratch folder), `view.json` (a saved view, for the lines
that read one before any line writes it) and `../shared` (a link to the third-party files, when the
checkout has them). SUITE.json stands for a suite kept with its goldens, so before the first line
that names it the scratch copy of the suite it stands for is blessed (a bless that fails is a
problem of its own). XDG_STATE_HOME points into the scratch folder, so the viewer's recent-files list
of the person running the tests is not touched.

Grammar in the synopsis lines is read as the reader reads it: an optional `[...]` group is left out
(the command's required form, whose status is the documented one: `[--check]` would change it), and
`a|b` is its first alternative. The few generic placeholders that stay in the pages (the synopsis
is a grammar, and must name its arguments) are replaced by PLACEHOLDERS below.

The viewer (no verb) is run as follows. Without `--frames` it is interactive: a window would wait
for the reader to close it, so it runs with no display, as the headless fallback (what
`scripts/run.sh` does without one). With `--frames` (a scripted run, which exits by itself), or an
option only the window honours (--input, --tab, --keys-help, --window, --retarget: the program's
own list), it needs the window: on $DISPLAY when set, else the whole check runs again under one
xvfb-run when installed (one X server for all of them: a server a command costs 1 to 2 s each),
else it is skipped with the reason. A command that needs the window and has no `--frames` gets
`--frames 2` (the reader closes the window; the test closes it after two frames).

Exit 1 when any command does not exit as documented, a table entry below matches no command (the
page changed under it), or no command is found at all.
"""
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

VERBS = {"render", "suite", "audit", "diagnose", "bake", "fix", "frame-table", "write-sky", "write-tables"}
WINDOW_ONLY = {"--input", "--tab", "--keys-help", "--window", "--retarget"}  # skinview_main.cpp's list

# The generic placeholders that stay in the pages: the synopsis of docs/command-line.md and the
# prose that names a command's shape (FILE, DIR, SUITE.json). Each is replaced by a real name the
# scratch folder holds; ordered, the longer names first (OUT.xml before OUT). What would make one
# wrong: a page using the same word for something else; the replacement is then a wrong file and
# the command's status says so.
PLACEHOLDERS = [
    (r"\bSUITE\.json\b", "docs/examples/humanoid.suite.json"),
    (r"\bNAME=DIR\b", "chars=assets"),
    (r"\bDIR/index\.html\b", "suite-report/index.html"),
    (r"\bOUT\.xml\b", "out.xml"),
    (r"\bOUT\.obj\b", "out.obj"),
    (r"\bOUT\.png\b", "out.png"),
    (r"(?<=-o )OUT\b", "fixed.glb"),  # fix IN -o OUT
    (r"\bIN\b", "assets/humanoid.glb"),
    (r"\bFILE2\b|\bSOURCE\b", "assets/humanoid_mixamo.glb"),  # a second character, with a clip
    (r"\bFILE\b", "assets/humanoid.glb"),
    (r"\bPATH\.\.\.", "assets/"),
    (r"\bDIR\b", "tables"),  # write-tables DIR
    (r"(?<=--clip )NAME\b", "walk"),
    (r"(?<=--joint )NAME\b|\bJOINT\b", "LeftForeArm"),
    (r"(?<=--time )T\b", "0.5"),
    (r"(?<=-j )N\b|(?<=--frames )N\b", "2"),
    (r"\bK/N\b", "1/2"),
    (r"\bVIEW\b", "view.json"),
    (r"\bWxH\b", "320x240"),
    # The CI recipes' matrix variables (GitHub's and GitLab's): shard 1 of 4.
    (r"\$\{\{ matrix\.shard \}\}", "1"),
    (r"\$CI_NODE_INDEX", "1"),
    (r"\$CI_NODE_TOTAL", "4"),
]

# Commands whose FILE must be another file than the built-in character, and why.
FILE_FOR = [
    ("--camera file:0", "../shared/khronos/Cameras/glTF/Cameras.gltf",
     "file:0 is the file's first camera, and the built-in characters have none"),
]

# Text that looks like a command and is not run, with the reason. Matched against the command as the
# page writes it (inline spans) or its first words (sh lines that run something else).
NOT_RUN = [
    ("skinview render --correction off|on",
     "names the option the two pictures above differ by; scripts/readme-images.sh draws them"),
    ("skinview sunflower_4096.glb --frames N --tab joints",
     "a dated measurement's record: the file is generated by skinview_make_assets and run under perf"),
]
OTHER_PROGRAMS = [
    ("cmake --install", "installs into a prefix, outside the scratch folder"),
    ("(cd build && cpack", "builds the Debian package (minutes; install.InstallMovePackage does it)"),
    ("sudo apt-get", "installs or removes a system package"),
    ("man skinview", "reads the installed man page; docs.command_line holds docs/skinview.1 to --help"),
    ("node tests/web/page_benchmark.js",
     "the page benchmark: minutes in headless Chromium over build-web/ (scripts/web.sh); the page it "
     "times is held by web.page, which CI's web step runs"),
]

STATUS_IN_COMMENT = re.compile(r"\bexits ([012])\b")
STATUS_AFTER_SPAN = re.compile(r"^[^.;]{0,12}?\bexits? ([012])\b(?!\s*/)")
INLINE = re.compile(r"`(skinview [^`]+)`")
BEGIN_GENERATED = "<!-- BEGIN generated"
END_GENERATED = "<!-- END generated -->"


class Command:
    def __init__(self, where, text, status, inline=False):
        self.where, self.text, self.status, self.inline = where, text, status, inline


def pages(root):
    out = [os.path.join(root, "README.md")]
    docs = os.path.join(root, "docs")
    out += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    return out


def strip_comment(line):
    """(command, comment) of a sh line: the comment starts at a # outside quotes."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1:]
    return line.rstrip(), ""


def markdown_commands(path, rel, excluded):
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    fence = None  # the language of the open fence
    generated = False
    i = 0
    while i < len(lines):
        line = lines[i]
        n = i + 1
        i += 1
        stripped = line.strip()
        if stripped.startswith(BEGIN_GENERATED):
            generated = True
        elif stripped.startswith(END_GENERATED):
            generated = False
        if stripped.startswith("```"):
            fence = None if fence is not None else (stripped[3:].strip() or "text")
            continue
        if fence in ("sh", "bash"):
            text = stripped
            while text.endswith("\\") and i < len(lines):
                text = text[:-1].rstrip() + " " + lines[i].strip()
                i += 1
            command, comment = strip_comment(text)
            other = next((r for p, r in OTHER_PROGRAMS if command.startswith(p)), None)
            if command == "skinview" or command.startswith("skinview "):
                m = STATUS_IN_COMMENT.search(comment)
                found.append(Command("%s:%d" % (rel, n), command, int(m.group(1)) if m else 0))
            elif other is not None:
                excluded.append(("%s:%d" % (rel, n), command, other))
            elif "skinview" in command:
                found.append(Command("%s:%d" % (rel, n), command, None))  # reported as unknown
        elif fence == "yaml":
            m = re.match(r"^(\s*)-\s+(?:run:\s+)?(build/viewer/skinview\b.*)$", line)
            if m:
                indent = len(m.group(1))
                text = m.group(2).strip()
                # A plain scalar folds the more-indented lines that follow onto one line.
                while i < len(lines) and lines[i].strip() and len(lines[i]) - len(lines[i].lstrip()) > indent + 2:
                    text += " " + lines[i].strip()
                    i += 1
                command, comment = strip_comment(text)
                m2 = STATUS_IN_COMMENT.search(comment)
                found.append(Command("%s:%d" % (rel, n), command[len("build/viewer/"):],
                                     int(m2.group(1)) if m2 else 0))
        elif fence is None and not generated:
            for m in INLINE.finditer(line):
                span = m.group(1)
                words = span.split()
                if len(words) < 2 or words[1].endswith(":") or "[OPTIONS]" in span:
                    continue  # the program's name, a message, or the generated usage line
                if len(words) == 2 and words[1] in VERBS:
                    continue  # a verb's name
                reason = next((r for t, r in NOT_RUN if t == span), None)
                if reason is not None:
                    excluded.append(("%s:%d" % (rel, n), span, reason))
                    continue
                after = STATUS_AFTER_SPAN.search(line[m.end():])
                found.append(Command("%s:%d" % (rel, n), span, int(after.group(1)) if after else 0, inline=True))
    return found


def man_examples(path, rel):
    """The commands of the man page's EXAMPLES section (.nf blocks), roff escapes undone."""
    found = []
    section = None
    for n, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if line.startswith(".SH "):
            section = line[4:].strip().strip('"')
            continue
        if section != "EXAMPLES" or line.startswith("."):
            continue
        text = line.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "")
        command, comment = strip_comment(text.strip())
        if command.startswith("skinview "):
            m = STATUS_IN_COMMENT.search(comment)
            found.append(Command("%s:%d" % (rel, n), command, int(m.group(1)) if m else 0))
    return found


def bless_command(command):
    """The bless that makes SUITE.json a suite with its goldens, or None when the command has none."""
    if not re.search(r"\bSUITE\.json\b", command.text):
        return None
    suite = next(v for p, v in PLACEHOLDERS if p == r"\bSUITE\.json\b")
    return ["skinview", "suite", suite, "--bless"]


def concrete(command):
    """The command as run: optional groups left out, first alternatives, placeholders replaced."""
    text = command.text
    while True:
        t = re.sub(r"\s*\[[^\[\]]*\]", "", text)
        if t == text:
            break
        text = t
    for needle, file, _ in FILE_FOR:
        if needle in text:
            text = re.sub(r"\bFILE\b", file, text)
    for pattern, value in PLACEHOLDERS:
        text = re.sub(pattern, value, text)
    args = shlex.split(text)
    args = [a.split("|")[0] if "|" in a and not a.startswith("'") else a for a in args]
    stdout = None
    if ">" in args:
        k = args.index(">")
        stdout = args[k + 1]
        args = args[:k] + args[k + 2:]
    return args, stdout


def needs_window(args):
    if len(args) > 1 and args[1] in VERBS:
        return False
    given = set(a.split("=")[0] for a in args[1:])
    return "--frames" in given or bool(given & WINDOW_ONLY)


def scratch(root, tmp):
    work = os.path.join(tmp, "work")
    os.makedirs(os.path.join(work, "docs"))
    os.symlink(os.path.join(root, "assets"), os.path.join(work, "assets"))
    shutil.copytree(os.path.join(root, "docs", "examples"), os.path.join(work, "docs", "examples"),
                    ignore=shutil.ignore_patterns("golden"))
    shutil.copy(os.path.join(root, "docs", "examples", "views", "left-hand-weights.json"),
                os.path.join(work, "view.json"))
    shared = os.path.join(os.path.dirname(root), "shared")
    if os.path.isdir(shared):
        os.symlink(shared, os.path.join(tmp, "shared"))
    return work


def run(command, args, stdout, skinview, work, display):
    args = [skinview] + args[1:]
    env = dict(os.environ)
    env["XDG_STATE_HOME"] = os.path.join(work, ".state")
    if needs_window(args):
        if "--frames" not in args:
            args += ["--frames", "2"]
        if display == "skip":
            return None, "needs the window, and there is no display and no xvfb-run"
    else:
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
    out = open(os.path.join(work, stdout), "w") if stdout else subprocess.PIPE
    try:
        r = subprocess.run(args, cwd=work, env=env, stdout=out, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=120)
    finally:
        if stdout:
            out.close()
    said = (r.stderr or "").strip() or (r.stdout or "").strip()
    return r.returncode, said.split("\n")[-1]


def collect(root):
    commands, excluded = [], []
    for path in pages(root):
        rel = os.path.relpath(path, root)
        commands += markdown_commands(path, rel, excluded)
    man = os.path.join(root, "docs", "skinview.1")
    if os.path.exists(man):
        commands += man_examples(man, "docs/skinview.1")
    return commands, excluded


def suite_blocks(root):
    """Problems of the suite files the pages show: each ```json block with "entries" must be, as
    JSON, one of docs/examples/*.suite.json, so the suite a page shows is the one its commands run."""
    examples = os.path.join(root, "docs", "examples")
    files = {}
    for f in sorted(os.listdir(examples)):
        if f.endswith(".suite.json"):
            files[f] = json.load(open(os.path.join(examples, f), encoding="utf-8"))
    out = []
    for path in pages(root):
        rel = os.path.relpath(path, root)
        block, start = None, 0
        for n, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
            s = line.strip()
            if block is None and s == "```json":
                block, start = [], n
            elif block is not None and s == "```":
                text = "\n".join(block)
                if '"entries"' in text:
                    try:
                        shown = json.loads(text)
                    except ValueError as e:
                        out.append("%s:%d: the suite shown is not JSON: %s" % (rel, start, e))
                    else:
                        if shown not in files.values():
                            out.append("%s:%d: the suite shown is none of docs/examples/*.suite.json (%s)"
                                       % (rel, start, ", ".join(files)))
                block = None
            elif block is not None:
                block.append(line)
    return out


def run_page(root, skinview, cs, display):
    """([log line], [problem]) of one page's commands, run in order in one scratch folder."""
    lines, out = [], []
    with tempfile.TemporaryDirectory() as tmp:
        work = scratch(root, tmp)
        blessed = False
        for c in cs:
            if c.status is None:
                out.append("%s: `%s` names skinview and is neither a skinview command nor a known "
                           "other program (add it to OTHER_PROGRAMS with the reason)" % (c.where, c.text))
                continue
            args, stdout = concrete(c)
            bless = bless_command(c)
            if bless and not blessed:
                rc, last = run(c, bless, None, skinview, work, display)
                blessed = True
                if rc != 0:
                    out.append("%s: blessing %s for SUITE.json exited %s: %s" % (c.where, bless[2], rc, last))
            rc, last = run(c, args, stdout, skinview, work, display)
            shown = " ".join(shlex.quote(a) for a in args)
            if rc is None:
                lines.append("[ skipped ] %s: %s (%s)" % (c.where, shown, last))
            elif rc == c.status:
                lines.append("[ ok ] %s: exit %d: %s" % (c.where, rc, shown))
            else:
                out.append("%s: `%s` (run as `%s`) exited %d, the page says %d: %s"
                           % (c.where, c.text, shown, rc, c.status, last))
    return lines, out


def problems(root, skinview, commands, excluded, log=print):
    display = "display" if os.environ.get("DISPLAY") else "skip"
    out = suite_blocks(root)
    by_page = {}
    for c in commands:
        by_page.setdefault(c.where.split(":")[0], []).append(c)
    # Pages run two at a time, each in its own scratch folder: the commands are mostly waiting on
    # llvmpipe and process start, and the check's wall time is what a developer waits for.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda cs: run_page(root, skinview, cs, display), by_page.values()))
    for lines, found in results:
        for line in lines:
            log(line)
        out += found
    for where, text, reason in excluded:
        log("[ not run ] %s: %s (%s)" % (where, text, reason))
    seen = set(t for _, t, _ in excluded)
    for text, _ in NOT_RUN:
        if text not in seen:
            out.append("NOT_RUN names `%s`, which no page has any more: remove it" % text)
    if not commands:
        out.append("no skinview command found in README.md, docs/*.md or docs/skinview.1's EXAMPLES")
    return out


def main(argv):
    args = [a for a in argv[1:] if a != "--list"]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root, skinview = os.path.abspath(args[0]), os.path.abspath(args[1])
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run") and "--list" not in argv:
        # The commands that need the window share one X server; the others unset DISPLAY.
        return subprocess.call(["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24 -noreset", sys.executable,
                                os.path.abspath(__file__)] + argv[1:])
    commands, excluded = collect(root)
    if "--list" in argv:
        for c in commands:
            print("%s: %s (exit %s)" % (c.where, c.text, c.status))
        for where, text, reason in excluded:
            print("%s: not run: %s (%s)" % (where, text, reason))
        return 0
    found = problems(root, skinview, commands, excluded)
    for p in found:
        print(p)
    print("check_doc_commands: %d commands, %d not run, %d problems" % (len(commands), len(excluded), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

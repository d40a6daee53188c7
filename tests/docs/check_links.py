#!/usr/bin/env python3
"""Every relative link of the project's Markdown resolves: the file or folder it names exists, and
an #anchor names a heading of that page by GitHub's anchor rule (lower case, punctuation but '-'
and '_' dropped, spaces to '-', a repeated heading's anchor suffixed -1, -2, ...).

    check_links.py ROOT            README.md, CONTRIBUTING.md, CHANGES.md and docs/*.md under ROOT

Links to the web (http:, https:, mailto:) are not fetched: the checks run offline, and a dead
external page is not a broken tree. An anchor into a file that is not Markdown cannot be checked
and is refused, so no link silently escapes the check. Exit 0 when every link resolves, 1 naming
each that does not (file:line: link: reason).
"""
import os
import re
import sys

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REF_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1)[^\n]|\n(?!\n))+?\1")


def prose_lines(text):
    """(line number, line) outside fenced code blocks."""
    in_fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m:
            if in_fence is None:
                in_fence = m.group(1)
            elif m.group(1) == in_fence:
                in_fence = None
            continue
        if in_fence is None:
            yield n, line


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text stays, its target goes
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text):
    seen = {}
    out = set()
    for _, line in prose_lines(text):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        out.add(base if n == 0 else "%s-%d" % (base, n))
        seen[base] = n + 1
    return out


def links(text):
    """(line number, target) of every link and image outside code. The text is read whole, with
    fenced blocks blanked and inline code removed, so a link whose text wraps onto the next line is
    still found (a line-by-line reading would miss it, and skip its check)."""
    kept = [""] * len(text.split("\n"))
    for n, line in prose_lines(text):
        kept[n - 1] = line
    prose = "\n".join(kept)
    prose = INLINE_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), prose)
    for m in LINK.finditer(prose):
        yield prose.count("\n", 0, m.start(1)) + 1, m.group(1)
    for n, line in enumerate(prose.split("\n"), 1):
        m = REF_DEF.match(line)
        if m:
            yield n, m.group(1)


def problems(root, files):
    out = []
    anchor_cache = {}

    def anchors_of(path):
        if path not in anchor_cache:
            with open(path, encoding="utf-8") as f:
                anchor_cache[path] = anchors(f.read())
        return anchor_cache[path]

    for rel in files:
        path = os.path.join(root, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for n, target in links(text):
            where = "%s:%d: %s" % (rel, n, target)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # http:, https:, mailto: are not this check's
            file_part, _, frag = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(dest):
                out.append(where + ": no such file " + os.path.relpath(dest, root))
                continue
            if not os.path.realpath(dest).startswith(os.path.realpath(root) + os.sep):
                out.append(where + ": leaves the repository")
                continue
            if frag:
                if not dest.endswith(".md"):
                    out.append(where + ": an anchor into a file that is not Markdown cannot be checked")
                elif frag not in anchors_of(dest):
                    out.append(where + ": no heading of %s makes the anchor #%s" % (os.path.relpath(dest, root), frag))
    return out


def documented_files(root):
    files = [f for f in ("README.md", "CONTRIBUTING.md", "CHANGES.md") if os.path.exists(os.path.join(root, f))]
    docs = os.path.join(root, "docs")
    files += sorted("docs/" + f for f in os.listdir(docs) if f.endswith(".md"))
    return files


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1])
    files = documented_files(root)
    found = problems(root, files)
    for p in found:
        print(p)
    count = sum(1 for f in files for _ in links(open(os.path.join(root, f), encoding="utf-8").read()))
    print("check_links: %d links in %d files, %d broken" % (count, len(files), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

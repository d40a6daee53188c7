#!/usr/bin/env python3
"""Negative controls of the documentation checks: each check, run on a copy of the pages broken in
one known way, must report it. A check that passes a broken copy has gone blind, and this exits 1
naming it. The untouched pages must pass (0 problems), or the controls prove nothing.

    check_controls.py ROOT SKINVIEW
"""
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))

import check_doc_commands  # noqa: E402
import check_links  # noqa: E402
import check_readme_size  # noqa: E402
import check_settings_keys  # noqa: E402
import cli_reference  # noqa: E402


def copy_tree(root, dest):
    for f in ("README.md", "CONTRIBUTING.md", "CHANGES.md", "THIRD_PARTY.md"):
        if os.path.exists(os.path.join(root, f)):
            shutil.copy(os.path.join(root, f), dest)
    shutil.copytree(os.path.join(root, "docs"), os.path.join(dest, "docs"))


def edit(path, old, new):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if old not in text:
        raise SystemExit("check_controls: %s no longer holds %r; update the control" % (path, old))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    root, skinview = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    blind = []

    def expect(name, found, must_mention):
        hit = [p for p in found if must_mention in p]
        print("[ control ] %s: %s (%d problems%s)" % (name, "red" if hit else "NOT CAUGHT", len(found),
                                                     (": " + hit[0]) if hit else ""))
        if not hit:
            blind.append(name)

    def links_of(tree):
        return check_links.problems(tree, check_links.documented_files(tree))

    clean = links_of(root)
    print("[ clean ] links: %d problems" % len(clean))
    if clean:
        blind.append("links on the untouched pages")

    link_cases = [
        ("link to a missing page", "README.md", "## Install", "[x](docs/no-such-page.md)\n\n## Install",
         "no-such-page.md"),
        ("anchor no heading makes", "docs/viewer.md", "# The viewer", "# The viewer\n\n[x](settings.md#no-such-key)",
         "#no-such-key"),
        ("heading renamed under its links", "docs/settings.md", "## Keys\n", "## Key list\n", "#keys"),
        ("image that is not there", "README.md", "## Install", "![x](docs/images/missing.png)\n\n## Install",
         "missing.png"),
    ]
    for name, rel, old, new, mention in link_cases:
        with tempfile.TemporaryDirectory() as tmp:
            copy_tree(root, tmp)
            edit(os.path.join(tmp, rel), old, new)
            expect("links: " + name, links_of(tmp), mention)

    readme = os.path.getsize(os.path.join(root, "README.md"))
    expect("README size: one byte past the limit", check_readme_size.problems(check_readme_size.LIMIT), "over the")
    if check_readme_size.problems(readme):
        blind.append("README size on the untouched README")

    cli = cli_reference.read_cli(skinview)
    ver = cli_reference.version(skinview)
    page = open(os.path.join(root, "docs", "command-line.md"), encoding="utf-8").read()
    man = open(os.path.join(root, "docs", "skinview.1"), encoding="utf-8").read()
    clean = cli_reference.problems(page, man, cli, ver)
    print("[ clean ] command line: %d problems" % len(clean))
    if clean:
        blind.append("command line on the untouched page")
    expect("command line: an option no verb has, in prose",
           cli_reference.problems(page.replace("## Exit status\n", "## Exit status\n\nSee `--no-such-option`.\n", 1),
                                  man, cli, ver), "--no-such-option")
    gen_line = next(l for l in page.split("\n") if l.startswith("- `--shift-tolerance"))
    expect("command line: an option's line deleted from the generated list",
           cli_reference.problems(page.replace(gen_line + "\n", "", 1), man, cli, ver), "differ from --help")
    expect("command line: the man page one option short",
           cli_reference.problems(page, man.replace(".B \\-\\-shift\\-tolerance", ".B \\-\\-shift", 1), cli, ver),
           "skinview.1")

    expect("man page: no date", cli_reference.problems(page, re.sub(r'^(\.TH SKINVIEW 1 )"[^"]*"', r'\1""', man,
                                                                      flags=re.M), cli, ver), "no date")
    prose = next(l for l in man.split("\n") if len(l) > 60 and not l.startswith("."))
    expect("man page: a prose line past 80 columns",
           cli_reference.problems(page, man.replace(prose, prose + " " + "x" * 80, 1), cli, ver), "prose line")
    expect("man page: ENVIRONMENT one variable short of what the sources read",
           cli_reference.problems(page, man, cli, ver, cli_reference.getenv_names(root) | {"SKINVIEW_NEW"}),
           "SKINVIEW_NEW")
    if not {"SKINVIEW_CACHE", "SKINVIEW_TIMINGS", "XDG_CACHE_HOME"} <= cli_reference.getenv_names(root):
        blind.append("man page: the getenv search found none of SKINVIEW_CACHE, SKINVIEW_TIMINGS, XDG_CACHE_HOME")

    keys = check_settings_keys.program_keys(skinview)
    settings = open(os.path.join(root, "docs", "settings.md"), encoding="utf-8").read()
    clean = check_settings_keys.problems(settings, keys)
    print("[ clean ] settings keys: %d problems" % len(clean))
    if clean:
        blind.append("settings keys on the untouched page")
    row = next(l for l in settings.split("\n") if l.startswith("| `look_at` |"))
    expect("settings: a key the reader accepts, its row removed",
           check_settings_keys.problems(settings.replace(row + "\n", "", 1), keys), "'look_at'")
    expect("settings: a row for a key the reader refuses",
           check_settings_keys.problems(settings.replace(row, row + "\n| `no_such_key` | x | `1` |", 1), keys),
           "'no_such_key'")
    expect("settings: the reader grows a key the table lacks",
           check_settings_keys.problems(settings, keys | {"new_key"}), "'new_key'")

    # The docs' commands: each control breaks one README line in a copy and runs only the commands
    # collected from that line (the whole run is docs.commands' minute), in a scratch folder over
    # the real tree's assets.
    command_cases = [
        ("a clip name misspelt in a command", "--clip walk --time 0.5 --camera front",
         "--clip Walk --time 0.5 --camera front", "exited 2, the page says 0"),
        ("a documented exit 1 dropped from its comment", "    # exits 1: fix would change it", "",
         "exited 1, the page says 0"),
    ]
    for name, old, new, mention in command_cases:
        with tempfile.TemporaryDirectory() as tmp:
            copy_tree(root, tmp)
            edit(os.path.join(tmp, "README.md"), old, new)
            line = next(n for n, l in enumerate(open(os.path.join(tmp, "README.md"), encoding="utf-8"), 1)
                        if (new or "fix --check assets/humanoid.glb") in l)
            commands = [c for c in check_doc_commands.markdown_commands(os.path.join(tmp, "README.md"), "README.md", [])
                        if c.where == "README.md:%d" % line]
            if not commands:
                blind.append("doc commands: %s (the broken line was not collected)" % name)
                continue
            _, found = check_doc_commands.run_page(root, skinview, commands, "skip")
            expect("doc commands: " + name, found, mention)

    if blind:
        print("check_controls: %d checks did not see what they must: %s" % (len(blind), "; ".join(blind)))
        return 1
    print("check_controls: every control red, every untouched page clean")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

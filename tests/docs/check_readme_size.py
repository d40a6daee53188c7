#!/usr/bin/env python3
"""The README stays a README: under 15,000 bytes, so the two commands and the first steps are what a
newcomer reads, and everything else has its page under docs/ (CONTRIBUTING, "Documentation").

    check_readme_size.py ROOT [LIMIT]

Exit 0 when README.md is under LIMIT bytes (default 15000), 1 saying by how much it is over.
"""
import os
import sys

LIMIT = 15000


def problems(size, limit=LIMIT):
    if size < limit:
        return []
    return ["README.md is %d bytes, %d over the %d limit: move the new text to its page under docs/ and link it"
            % (size, size - limit + 1, limit)]


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    limit = int(argv[2]) if len(argv) == 3 else LIMIT
    size = os.path.getsize(os.path.join(argv[1], "README.md"))
    found = problems(size, limit)
    for p in found:
        print(p)
    print("check_readme_size: README.md %d bytes, limit %d" % (size, limit))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/python3
"""Fail when a folder of tests/unit has no twin in the source tree.

tests/unit mirrors the source tree (tests/README.md): the tests of a folder <f> live in tests/unit/<f>.
Every folder under tests/unit that holds files must name a folder of the repository, except
tests/unit/layering, whose test is about the whole tree, and the data/ folders that hold the input
files of their parent folder's tests (tests/unit/topology/data). Prints each folder without a twin and
exits 1. --root DIR checks another tree.
"""

import os
import sys

NO_TWIN = {"layering"}


def orphans(root):
    unit = os.path.join(root, "tests", "unit")
    found = []
    for folder, dirs, files in os.walk(unit):
        dirs.sort()
        rel = os.path.relpath(folder, unit).replace(os.sep, "/")
        parts = rel.split("/")
        fixtures = len(parts) > 1 and parts[-1] == "data"
        if rel == "." or not files or parts[0] in NO_TWIN or fixtures:
            continue
        if not os.path.isdir(os.path.join(root, rel)):
            found.append(rel)
    return found


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    if len(argv) == 3 and argv[1] == "--root":
        root = argv[2]
    bad = orphans(root)
    for rel in bad:
        print(f"tests/unit/{rel}: no folder {rel}/ in the source tree (tests/README.md)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

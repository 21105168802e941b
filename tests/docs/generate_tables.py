#!/usr/bin/python3
"""The generated blocks of the documentation, compared with (or rewritten from) `arsim list`.

A generated block is the output of an `arsim list` command between two markers:

    <!-- generated: arsim list --keys coallocation --markdown -->

    | key | type | default | unit | allowed | meaning |
    ...

    <!-- end generated -->

The key tables of scenarios/README.md are such blocks: `arsim list` prints them from the
declarations (sim/scenario/key_text.hpp), so a table cannot drift from the code. Without --write
every block of every Markdown file under scenarios/, docs/, sim/ and schedulers/ is compared with
what the binary prints now; a block that differs is printed as a diff, with the command that
rewrites it, and the exit status is 1 (the docs_tables test). With --write the blocks are
rewritten and the prose around them is kept.

    /usr/bin/python3 tests/docs/generate_tables.py --arsim build/arsim [--write]

Before comparing, the comparison is checked on a block with a changed row (--self-test runs only
that), so the check cannot silently accept everything.
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDERS = ("scenarios", "docs", "sim", "schedulers")
BLOCK = re.compile(r"(<!-- generated: arsim (list[^>]*?) -->\n)(.*?)(<!-- end generated -->)",
                   re.DOTALL)
REGENERATE = "/usr/bin/python3 tests/docs/generate_tables.py --arsim build/arsim --write"


def markdown_files():
    for folder in FOLDERS:
        for top, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".md"):
                    yield os.path.join(top, name)


def body_of(output):
    """What a block holds for a command's output: a blank line either side."""
    return "\n" + output + "\n"


def regenerate(text, run):
    """(text with every block rewritten from run(args), [(command, old body, new body)])."""
    changes = []

    def replace(m):
        new = body_of(run(shlex.split(m.group(2))))
        if new != m.group(3):
            changes.append((m.group(2), m.group(3), new))
        return m.group(1) + new + m.group(4)

    return BLOCK.sub(replace, text), changes


def arsim_runner(binary):
    def run(args):
        done = subprocess.run([binary] + args, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"arsim {' '.join(args)}: exit status {done.returncode}: {done.stderr.strip()}")
        return done.stdout

    return run


def self_test():
    """A block whose row differs from the output must be found, and --write must restore it."""
    table = "| key | type |\n|---|---|\n| `a` | int |\n"
    stale = ("prose\n<!-- generated: arsim list --keys k --markdown -->\n"
             + body_of(table.replace("int", "double")) + "<!-- end generated -->\nmore prose\n")
    fixed, changes = regenerate(stale, lambda args: table)
    if len(changes) != 1 or changes[0][0] != "list --keys k --markdown":
        sys.exit("self-test: a stale block was not found")
    if regenerate(fixed, lambda args: table)[1] or "more prose" not in fixed:
        sys.exit("self-test: a rewritten block still differs, or the prose was lost")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--arsim", help="the arsim binary (build/arsim)")
    parser.add_argument("--write", action="store_true", help="rewrite the blocks")
    parser.add_argument("--self-test", action="store_true", help="only check the comparison")
    args = parser.parse_args()
    self_test()
    if args.self_test:
        return 0
    if not args.arsim:
        parser.error("--arsim is required")
    run = arsim_runner(args.arsim)
    blocks = stale = 0
    for path in markdown_files():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        blocks += len(BLOCK.findall(text))
        new, changes = regenerate(text, run)
        rel = os.path.relpath(path, ROOT)
        for command, old, fresh in changes:
            stale += 1
            if not args.write:
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), fresh.splitlines(True),
                    f"{rel} (generated: arsim {command})", f"arsim {command} now"))
        if changes and args.write:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            print(f"{rel}: {len(changes)} block(s) rewritten")
    if blocks == 0:
        sys.exit("no generated block found (<!-- generated: arsim list ... -->)")
    if stale and not args.write:
        print(f"\n{stale} generated block(s) differ from what arsim prints now; regenerate them "
              f"with:\n  {REGENERATE}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

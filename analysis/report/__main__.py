"""python3 -m analysis.report DIR [--out FILE]: write the HTML report of an arsim output folder
and print its path. Exit status 2, with one line, when DIR is not a results folder or a file in
it cannot be read."""
import argparse
import sys

from . import write_report


def main(argv=None):
    parser = argparse.ArgumentParser(prog="arsim report", description=__doc__.split("\n")[0])
    parser.add_argument("dir", help="output folder of arsim run (one run or a sweep)")
    parser.add_argument("--out", help="HTML file to write (default DIR/report.html)")
    args = parser.parse_args(argv)
    try:
        path = write_report(args.dir, args.out)
    except (ValueError, OSError) as e:
        print(f"arsim report: {e}", file=sys.stderr)
        return 2
    print(f"report: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

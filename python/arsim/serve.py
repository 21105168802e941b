"""python3 -m arsim.serve FILE.py:Class [key=value ...]: the class of FILE.py answering arsim's
messages on stdin and stdout (arsim/algorithm.py, docs/guide/protocol.md). The scenario names it
as the command of the algorithm `external`:

    <grc algorithm="external" frames="10">
      <param name="command" value="/usr/bin/python3 -m arsim.serve greedy.py:Greedy max_hops=2"/>
    </grc>

FILE.py is found from the current folder (arsim starts the command in the scenario's folder);
key=value pairs override the parameters hello gives, converted like them to the type of the
class's declared default. A bad command line prints one line and exits with status 2."""

import importlib.util
import os
import sys

from .algorithm import serve

USAGE = "usage: python3 -m arsim.serve FILE.py:Class [key=value ...]"


class UsageError(Exception):
    pass


def load_class(spec):
    """The class named by FILE.py:Class."""
    path, sep, name = spec.rpartition(":")
    if not sep or not path or not name:
        raise UsageError(f"'{spec}': expected FILE.py:Class")
    if not os.path.isfile(path):
        raise UsageError(f"{path}: no such file")
    module_name = os.path.splitext(os.path.basename(path))[0]
    module_spec = importlib.util.spec_from_file_location(module_name, path)
    if module_spec is None:
        raise UsageError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(module_spec)
    # Dataclasses and pickling look the module up by name while it executes.
    sys.modules[module_name] = module
    module_spec.loader.exec_module(module)
    cls = getattr(module, name, None)
    if not isinstance(cls, type):
        raise UsageError(f"{path}: no class {name}")
    return cls


def parse_overrides(words):
    """key=value words as a dict of strings."""
    out = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise UsageError(f"'{word}': expected key=value")
        out[key] = value
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        if not argv or argv[0] in ("-h", "--help"):
            raise UsageError(USAGE)
        cls = load_class(argv[0])
        serve(cls, parse_overrides(argv[1:]))
    except SyntaxError as e:
        print(f"{e.filename}:{e.lineno}: {e.msg}", file=sys.stderr)
        return 2
    except (UsageError, ValueError) as e:
        print(f"arsim.serve: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

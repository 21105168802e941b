"""A planner client of the protocol (docs/guide/protocol.md) that misbehaves at its first `plan`
as argv[1] says: malformed (not JSON), shape (a plan without sites), infeasible (every component
on one site), error (an error answer), silent (never answers), exits (exits without answering).
argv[2] is a marker the tests look for among the running processes."""

import json
import sys
import time


def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1]
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            answer({"protocol": 1})
        elif kind == "end":
            return
        elif kind != "plan":
            answer({})
        elif mode == "malformed":
            sys.stdout.write("plans: none\n")
            sys.stdout.flush()
        elif mode == "shape":
            answer({"plans": [{"frame": 0, "routes": []}]})
        elif mode == "infeasible":
            request = message["request"]
            answer({"plans": [{"frame": 0, "sites": [0] * len(request["components"]),
                               "routes": [[] for _ in request["pairs"]]}]})
        elif mode == "error":
            answer({"error": "no idea"})
        elif mode == "silent":
            time.sleep(3600)
        elif mode == "exits":
            sys.exit(3)


if __name__ == "__main__":
    main()

"""arsim.algorithms() and arsim.keys() list what `arsim list` and `arsim list --keys` print: the
same names in the same order, and the same parameters of each algorithm."""

import re
import subprocess

import arsim
import pytest

# The heading of each family in `arsim list` (sim/main.cpp) -> its key in algorithms().
FAMILIES = {"run kinds": "kinds", "planners": "planners", "interval schedulers": "intervals",
            "resource matchers": "matchers", "gang matchers": "gang_matchers",
            "offline experiments": "experiments"}


def list_output(*args):
    return subprocess.run([arsim.binary(), "list", *args], check=True, capture_output=True,
                          text=True).stdout


def parse_list():
    """{family: [(name, [parameter names])]} from `arsim list`."""
    out, family = {}, None
    for line in list_output().splitlines():
        if not line.startswith(" "):
            family = FAMILIES[next(h for h in FAMILIES if line.startswith(h))]
            out[family] = []
        elif re.match(r"^  \S", line):
            out[family].append((line.split()[0], []))
        elif re.match(r"^      \S", line):
            out[family][-1][1].append(line.split()[0])
    return out


def test_algorithms_name_what_arsim_list_prints():
    listed = parse_list()
    got = arsim.algorithms()
    assert set(listed) == set(FAMILIES.values())
    for family, entries in listed.items():
        assert [e["name"] for e in got[family]] == [name for name, _ in entries], family
        if family != "kinds":
            assert [[p["name"] for p in e["params"]] for e in got[family]] == \
                [params for _, params in entries], family
    assert got["default_kind"] == "coallocation"


def test_a_parameter_carries_its_declaration():
    ctaap = next(p for p in arsim.algorithms()["planners"] if p["name"] == "ctaap")
    beta0 = next(p for p in ctaap["params"] if p["name"] == "beta0")
    assert beta0["type"] == "double" and beta0["default"] == "0.5"
    assert "annealing" in beta0["help"] and beta0["allowed"]
    ip = next(p for p in arsim.algorithms()["planners"] if p["name"] == "ctaap-ip")
    time_limit = next(p for p in ip["params"] if p["name"] == "time_limit")
    assert time_limit["unit"] == "s"


def key_names(text):
    return [line.split()[0] for line in text.splitlines() if re.match(r"^  \S", line)]


def test_keys_name_what_arsim_list_keys_prints():
    every = arsim.keys()
    kinds = [k["name"] for k in arsim.algorithms()["kinds"]]
    assert sorted(every) == sorted(["scenario"] + kinds)
    for which in ["scenario"] + kinds:
        assert [k["name"] for k in arsim.keys(which)] == key_names(list_output("--keys", which))
        assert [k["name"] for k in every[which]] == key_names(list_output("--keys", which))
    seed = next(k for k in arsim.keys("scenario") if k["name"] == "scenario.seed")
    assert seed["type"] == "uint64" and seed["default"] == "1"


def test_keys_of_an_unknown_kind_is_refused_as_the_command_line_refuses_it():
    with pytest.raises(ValueError, match="--keys nosuch: expected scenario or a run kind"):
        arsim.keys("nosuch")

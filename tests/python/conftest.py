"""Shared by the tests of the arsim package: the source root, a tiny scenario and a scenario file
made from it in a test's folder."""

import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TINY = os.path.join(ROOT, "tests", "sim", "data", "tiny_greedy.xml")
PLATFORM = os.path.join(ROOT, "platforms", "tiny.xml")


def scenario_text(extra="", grc='<grc planner="greedy" frames="4" order="time" hold_timeout="60"/>'):
    """tiny_greedy.xml with an absolute platform path, its <grc> replaced by `grc` and `extra`
    (a <sweep>, say) added at its end."""
    with open(TINY) as f:
        text = f.read()
    text = text.replace('file="../../../platforms/tiny.xml"', f'file="{PLATFORM}"')
    text = re.sub(r"<grc [^>]*/>", grc, text)
    return text.replace("</scenario>", extra + "</scenario>")


@pytest.fixture
def write_scenario(tmp_path):
    def write(name, text):
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    return write

#!/usr/bin/python3
"""Fail when a document or a comment cites a repository path that does not exist.

Scans every tracked Markdown file (all of its text), the comments of every C++, CMake, XML, shell
and Makefile file, and the comments and strings of every Python file (docstrings, and the text of
the reports analysis/ writes) for repository paths, and prints FILE:LINE and the cited path for
each one missing from the repository, then exits 1.

A repository path is a token that starts with a top-level folder of the repository (the first
component of a tracked file's path, e.g. the folders of code, scenarios and docs) or is a
top-level file. Ignored: URLs, relative paths starting with ./ or ../, tokens starting with
anything else (results folders, build outputs, SimGrid's own folders), placeholders (a token
holding <, >, {, }, $ or ...) and names with a parameter (a benchmark's name:N). A token with *
must match at least one tracked file. A trailing :LINE is not part of the path. Markdown links
](target) that are not URLs or anchors are also checked relative to the linking file.
A Markdown file cited with a quoted section right after it (PATH.md, "Heading") must have a
heading that starts with that text.

The repository root is two folders above this script. --root DIR checks another tree;
--self-test checks a small generated tree with known broken citations (run before every check,
so the check cannot silently accept everything).
"""

import fnmatch
import io
import os
import re
import subprocess
import sys
import tempfile
import tokenize

CXX_EXT = (".cpp", ".hpp", ".h", ".cc")
HASH_COMMENT_EXT = (".cmake", ".sh")
HASH_COMMENT_NAMES = ("CMakeLists.txt", "Makefile")

URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://\S+")
# A path token: path characters, with placeholder characters kept so the token can be skipped.
TOKEN = re.compile(r"[A-Za-z0-9_.+\-/<>{}$*]+")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
PLACEHOLDER = re.compile(r"[<>{}$]|\.\.\.")
# A section cited after a Markdown file: `notes/x.md`, "Heading" (the heading's start suffices).
SECTION = re.compile(r'`?(?:,\s*| )"([^"]{1,80})"')


def list_files(root):
    """Tracked and untracked-but-not-ignored files, or every file when root is no git tree."""
    if os.path.exists(os.path.join(root, ".git")):
        out = subprocess.run(
            ["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            check=True, capture_output=True).stdout.decode()
        names = set(out.split("\0"))
        return sorted(f for f in names if f and os.path.exists(os.path.join(root, f)))
    found = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith((".", "build", "results"))]
        for name in names:
            found.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return sorted(found)


class Repo:
    def __init__(self, root):
        self.root = root
        self.files = list_files(root)
        self.paths = set(self.files)
        for f in self.files:
            parts = f.split("/")
            for i in range(1, len(parts)):
                self.paths.add("/".join(parts[:i]) + "/")
        self.top_dirs = {f.split("/")[0] for f in self.files if "/" in f}
        self.top_files = {f for f in self.files if "/" not in f}
        self.headings = {}

    def has_section(self, path, section):
        """Whether Markdown file `path` has a heading that starts with `section`."""
        if path not in self.headings:
            with open(os.path.join(self.root, path), encoding="utf-8") as f:
                self.headings[path] = [normal(line.lstrip("#")) for line in f
                                       if re.match(r"#+ ", line)]
        return any(h.startswith(normal(section)) for h in self.headings[path])

    def exists(self, path):
        if "*" in path:
            pattern = path.rstrip("/")
            return any(fnmatch.fnmatch(f, pattern) or fnmatch.fnmatch(f, pattern + "/*")
                       for f in self.files)
        return path in self.paths or path + "/" in self.paths

    def is_repo_path(self, token):
        first = token.split("/")[0]
        if "/" in token:
            return first in self.top_dirs
        return token in self.top_files


def citations(repo, text):
    """(offset, path, section) of every repository path cited in text; section is the quoted
    heading that follows a cited Markdown file (`notes/x.md`, "Heading"), or None."""
    text = URL.sub(lambda m: " " * len(m.group(0)), text)
    for m in TOKEN.finditer(text):
        token, start = m.group(0), m.start()
        if start > 0 and text[start - 1] in ":@\\":
            continue  # part of host:path, user@host or an escaped name
        if re.match(r":[A-Za-z]", text[m.end():m.end() + 2]):
            continue  # a name with a parameter (a benchmark's classad/parse_ad/attrs:N)
        if PLACEHOLDER.search(token):
            continue
        token = token.rstrip(".")
        if token.startswith(("./", "../")) or not repo.is_repo_path(token):
            continue
        section = SECTION.match(text, m.end()) if token.endswith(".md") else None
        yield start, token, " ".join(section.group(1).split()) if section else None


def normal(heading):
    return " ".join(heading.replace("`", "").lower().split())


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def cxx_comments(text):
    """(offset, comment text) of the // and /* */ comments of C++ source."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            yield i, text[i:end]
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            yield i, text[i:end]
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            open_paren = text.find("(", i)
            delim = text[i + 2:open_paren]
            end = text.find(")" + delim + '"', open_paren)
            i = n if end < 0 else end + len(delim) + 2
        elif c == '"' or (c == "'" and (i == 0 or not text[i - 1].isalnum())):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1


def hash_comments(text):
    """(offset, comment text) of # comments outside quotes (CMake, shell, Makefile)."""
    offset = 0
    for line in text.splitlines(keepends=True):
        quote = None
        for k, c in enumerate(line):
            if quote:
                if c == quote:
                    quote = None
            elif c in "\"'":
                quote = c
            elif c == "#" and (k == 0 or line[k - 1] in " \t("):
                yield offset + k, line[k:]
                break
        offset += len(line)


def xml_comments(text):
    for m in re.finditer(r"<!--.*?-->", text, re.S):
        yield m.start(), m.group(0)


def python_comments(text):
    """(offset, text) of comments and string literals (docstrings, and the text of reports)."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.COMMENT, tokenize.STRING):
                yield starts[tok.start[0] - 1] + tok.start[1], tok.string
    except (tokenize.TokenError, SyntaxError):
        return


def pieces(name, text):
    """The parts of a file that may cite paths, as (offset, text)."""
    base = os.path.basename(name)
    if name.endswith(".md"):
        return [(0, text)]
    if name.endswith(CXX_EXT):
        return cxx_comments(text)
    if name.endswith(".py"):
        return python_comments(text)
    if name.endswith(".xml"):
        return xml_comments(text)
    if name.endswith(HASH_COMMENT_EXT) or base in HASH_COMMENT_NAMES:
        return hash_comments(text)
    return []


def markdown_links(repo, name, text):
    """Relative Markdown link targets that do not exist, as (offset, target)."""
    folder = os.path.dirname(name)
    for m in MD_LINK.finditer(text):
        target = m.group(1).split("#")[0]
        if not target or URL.match(m.group(1)) or target.startswith("mailto:"):
            continue
        resolved = os.path.normpath(os.path.join(folder, target)).replace(os.sep, "/")
        if resolved.startswith("..") or not repo.exists(resolved):
            yield m.start(1), target


def check(root):
    """Every broken citation of the tree at root, as (file, line, cited path)."""
    repo = Repo(root)
    broken = []
    for name in repo.files:
        try:
            with open(os.path.join(root, name), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, IsADirectoryError):
            continue
        for offset, piece in pieces(name, text):
            for start, path, section in citations(repo, piece):
                line = line_of(text, offset + start)
                if not repo.exists(path):
                    broken.append((name, line, path))
                elif section and not repo.has_section(path, section):
                    broken.append((name, line, '%s, "%s"' % (path, section)))
        if name.endswith(".md"):
            for start, target in markdown_links(repo, name, text):
                broken.append((name, line_of(text, start), target))
    return sorted(set(broken))


# The self-test tree's folders (src/, notes/) are not folders of the repository, so these strings
# cite nothing when the repository itself is checked.
SELF_TEST_FILES = {
    "README.md": "See `notes/guide.md`, `notes/gone.md`, notes/ and `src/a.cpp:12`.\n"
                 "Ignored: https://example.org/notes/gone.md, results/x/gone.csv, build/arsim,\n"
                 "`src/<kind>/gone.md`, ../notes/gone.md. Glob: `src/*.cpp`, `src/*.hpp`.\n"
                 "[link](notes/guide.md) [broken](guide/none.md)\n",
    "notes/guide.md": "# Guide\n\n## Run `kinds`\n\nBack to [the top](../README.md).\n"
                      "See `notes/guide.md`, \"Run kinds\", and notes/guide.md, \"Gone\".\n",
    "src/a.cpp": "// cites src/missing.hpp, not the benchmark src/bench/x:N\n"
                 "const char* s = \"src/in_a_string.hpp\";\n"
                 "/* and notes/guide.md,\n   and src/gone/ */ int x = 1'000; // src/a.cpp\n",
    "src/b.py": '"""Docstring citing src/nope.py."""\nX = f"src/{X}.py"  # src/a.cpp\n'
                'print("report text citing src/report_gone.md")\n',
    "src/CMakeLists.txt": "add_test(NAME x COMMAND \"src/#not\")  # src/cmake_gone.txt\n",
    "src/s.xml": "<a file=\"src/attr_is_not_a_comment.xml\"/><!-- src/xml_gone.xml -->\n",
}
SELF_TEST_EXPECTED = [
    ("README.md", 1, "notes/gone.md"),
    ("README.md", 3, "src/*.hpp"),
    ("README.md", 4, "guide/none.md"),
    ("notes/guide.md", 6, 'notes/guide.md, "Gone"'),
    ("src/CMakeLists.txt", 1, "src/cmake_gone.txt"),
    ("src/a.cpp", 1, "src/missing.hpp"),
    ("src/a.cpp", 4, "src/gone/"),
    ("src/b.py", 1, "src/nope.py"),
    ("src/b.py", 3, "src/report_gone.md"),
    ("src/s.xml", 1, "src/xml_gone.xml"),
]


def self_test():
    """Check a generated tree whose broken citations are known; True when exactly found."""
    with tempfile.TemporaryDirectory() as root:
        for name, text in SELF_TEST_FILES.items():
            os.makedirs(os.path.join(root, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                f.write(text)
        found = check(root)
    if found != SELF_TEST_EXPECTED:
        print("check_citations self-test failed:\n  expected %s\n  found    %s"
              % (SELF_TEST_EXPECTED, found), file=sys.stderr)
        return False
    return True


def main(argv):
    if not self_test():
        return 1
    if argv[1:] == ["--self-test"]:
        print("check_citations self-test passed")
        return 0
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if len(argv) == 3 and argv[1] == "--root":
        root = argv[2]
    elif len(argv) != 1:
        print("usage: check_citations.py [--self-test | --root DIR]", file=sys.stderr)
        return 2
    broken = check(root)
    for name, line, path in broken:
        print("%s:%d: cites %s, which does not exist" % (name, line, path), flush=True)
    if broken:
        print("%d broken citation(s)" % len(broken), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

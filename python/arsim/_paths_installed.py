"""Where the arsim binary is once installed: PREFIX/bin/arsim for this package in
PREFIX/lib/python3/dist-packages/arsim (python/CMakeLists.txt), so the prefix can be moved."""

import os

ARSIM_BINARY = os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "bin", "arsim"))

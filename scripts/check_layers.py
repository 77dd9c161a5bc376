#!/usr/bin/env python3
"""Fails on an include from a lower layer to a higher one (docs/architecture.md).

The layer table is the first fenced block of docs/architecture.md: one row per folder, highest
layer first, `path  description`. A row indented under another is beside it (same layer). A file
belongs to the row with the longest matching path (`include/` holds every header no other row
claims: the CANN paths). Every quoted or angled #include in src/ and include/ that resolves to a
file of ours must point to the file's own layer or one below it.

    scripts/check_layers.py              # check this checkout
    scripts/check_layers.py --self-test  # show that an upward include is caught
"""
import re
import sys
import tempfile
from pathlib import Path

SOURCES = (".h", ".hpp", ".inc", ".cpp", ".cc", ".cxx")
# Where an include is looked up, after the including file's folder (the targets' include dirs).
SEARCH = ("src", "include", "include/torch_shim")
INCLUDE = re.compile(r'^\s*#\s*include\s*["<]([^">]+)[">]', re.M)
ROW = re.compile(r"^( *)(\S+)\s{2,}\S")


def ReadLayers(doc):
    """{path prefix: layer index}, 0 the highest, from the doc's first fenced block."""
    text = Path(doc).read_text()
    block = text.split("```", 2)[1]
    layers, index = {}, -1
    for line in block.splitlines():
        m = ROW.match(line)
        if not m or not re.match(r"^(src|include)(/|$)", m.group(2)):
            continue
        if not m.group(1) or index < 0:
            index += 1
        layers[m.group(2).rstrip("/")] = index
    return layers


def LayerOf(path, layers):
    best = None
    for prefix in layers:
        if (path == prefix or path.startswith(prefix + "/")) and (best is None or len(prefix) > len(best)):
            best = prefix
    return best


def Resolve(root, including, name):
    for base in (including.parent, *(root / s for s in SEARCH)):
        target = (base / name).resolve()
        if target.is_file() and root in target.parents:
            return target.relative_to(root).as_posix()
    return None


def Violations(root, layers):
    root = root.resolve()
    problems = []
    for top in ("src", "include"):
        for f in sorted((root / top).rglob("*")):
            if f.suffix not in SOURCES or not f.is_file():
                continue
            rel = f.relative_to(root).as_posix()
            own = LayerOf(rel, layers)
            if own is None:
                problems.append(f"{rel}: in no row of the layer table")
                continue
            text = f.read_text(errors="replace")
            for m in INCLUDE.finditer(text):
                target = Resolve(root, f, m.group(1))
                if target is None:
                    continue
                theirs = LayerOf(target, layers)
                if theirs is not None and layers[theirs] < layers[own]:
                    line = text.count("\n", 0, m.start()) + 1
                    problems.append(f"{rel}:{line}: includes {target} of the higher layer {theirs} "
                                    f"(this file is in {own})")
    return problems


def SelfTest():
    """A two-layer tree: the downward include passes, an added upward one is reported."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "docs").mkdir()
        (root / "docs/architecture.md").write_text(
            "```\nsrc/top    uses low\n  src/side   beside top\ninclude/   the headers\n```\n")
        for name, text in {"src/top/a.cpp": '#include "low.h"\n#include "side/b.h"\n',
                           "src/side/b.h": '#include "top/a.h"\n', "src/top/a.h": "",
                           "include/low.h": "#include <vector>\n"}.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        layers = ReadLayers(root / "docs/architecture.md")
        assert layers == {"src/top": 0, "src/side": 0, "include": 1}, layers
        assert Violations(root, layers) == [], Violations(root, layers)
        (root / "include/low.h").write_text('#include <vector>\n#include "top/a.h"\n')
        found = Violations(root, layers)
        assert found == ["include/low.h:2: includes src/top/a.h of the higher layer src/top (this file is in include)"], found
    print("self-test passed")
    return 0


def main(argv):
    if argv == ["--self-test"]:
        return SelfTest()
    root = Path(__file__).resolve().parent.parent
    layers = ReadLayers(root / "docs/architecture.md")
    problems = Violations(root, layers)
    for p in problems:
        print(p)
    print(f"{len(problems)} layering problem(s) in src/ and include/ ({len(layers)} rows)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

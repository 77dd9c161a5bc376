#!/usr/bin/env python3
"""Rewrites paths of files the layout change of issue 16 moved (docs/architecture.md's table).

Every spelling of a moved file is rewritten: the include form (`akg/sim.h`, `run/runner.h`) and
the repository form (`include/akg/sim.h`, `src/run/runner.h`), wherever the path is not the tail
of a longer one. Run it on code written against the old layout (another branch's new files):

    scripts/rewrite_includes.py                 # every tracked file
    scripts/rewrite_includes.py FILE...         # only these
    scripts/rewrite_includes.py --map           # print the rename map as JSON

It also requalifies run::RefInputOf / run::InputUpdatedInPlace, now host::. Not a rename, so not
rewritten: CreateVecIndex moved from src/sim/vec_brcb.cpp to src/sim/vec_createvecindex.cpp.

Rewriting twice changes nothing: no new path contains an old one as a whole path.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Repository paths, old -> new. The include form is the path under include/ or src/.
RENAMES = {
    # The device language under every device header: qualifiers, scalar types, the <<<>>> target.
    "include/akg/device_lang.h": "include/akg/lang/device_lang.h",
    "include/akg/launch_syntax.h": "include/akg/lang/launch_syntax.h",
    # The simulator's entry points the CANN device headers call.
    "include/akg/sim.h": "include/akg/sim/sim.h",
    "include/akg/vec.h": "include/akg/sim/vec.h",
    # The CCE compiler builtins, at the level of the CANN headers (kernel_operator.h includes them).
    "include/akg/cce_intrinsics.h": "include/akg/intrinsics/cce_intrinsics.h",
    # Launching kernels on the simulator and timing them: what src/run and src/harness drive.
    "include/akg/platform.h": "include/akg/launch/platform.h",
    "include/akg/launch.h": "include/akg/launch/launch.h",
    "include/akg/cost.h": "include/akg/launch/cost.h",
    "include/akg/kernel_launcher.h": "include/akg/launch/kernel_launcher.h",
    # One folder per library behind a harness-facing interface.
    "include/akg/host_registry.h": "include/akg/host/host_registry.h",
    "include/akg/opapi.h": "include/akg/opapi/opapi.h",
    "include/akg/pyshim.h": "include/akg/pyshim/pyshim.h",
    # src/sim files named after the CANN header family they implement.
    "src/sim/vec_cast.cpp": "src/sim/vec_vconv.cpp",
    "src/sim/vec_sort.cpp": "src/sim/vec_proposal.cpp",
    "src/sim/datacopy.cpp": "src/sim/data_copy.cpp",
    "src/sim/sync.cpp": "src/sim/block_sync.cpp",
    "src/sim/sysvar.cpp": "src/sim/sys_var.cpp",
    # One runner per meaning.
    "src/host/runner.cpp": "src/host/host_calls.cpp",
    "src/run/runner.cpp": "src/run/op_runner.cpp",
    "src/run/runner.h": "src/run/op_runner.h",
}


def Spellings(old, new):
    """(pattern, replacement) for the repository form and the include form of one path."""
    top, rest = old.split("/", 1)
    new_rest = new.split("/", 1)[1]
    # Not the tail of a longer path or name: no word character, '/' or '.' right before it.
    pattern = re.compile(r"(?<![\w/.])(" + re.escape(top) + r"/)?" + re.escape(rest) + r"(?![\w])")
    return pattern, lambda m: (m.group(1) or "") + new_rest


PATTERNS = [Spellings(o, n) for o, n in RENAMES.items()]
# Functions that moved namespace with a file: the operator facts now sit beside host::OpInfo.
PATTERNS.append((re.compile(r"\brun::(RefInputOf|InputUpdatedInPlace)\b"), lambda m: "host::" + m.group(1)))


def Rewrite(text):
    for pattern, repl in PATTERNS:
        text = pattern.sub(repl, text)
    return text


def main(argv):
    if argv == ["--map"]:
        print(json.dumps(RENAMES, indent=2))
        return 0
    files = argv or subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True,
                                   check=True).stdout.split()
    changed = 0
    for name in files:
        path = Path(name) if argv else ROOT / name
        # This file spells the old paths on purpose.
        if not path.is_file() or path.is_symlink() or path.resolve() == Path(__file__).resolve():
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        new = Rewrite(text)
        if new != text:
            path.write_text(new)
            changed += 1
            print(path)
    print(f"{changed} file(s) rewritten", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

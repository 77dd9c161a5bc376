#!/usr/bin/env python3
"""scripts/corpus/make_tasks.py carries the files of sibling operators that an operator's sources
include by a relative path, at the same place relative to the operator (answer/0 is the operator
directory, answer/<sibling>/... its sibling; docs/anticheat.md "The answer project"), and never a
path that climbs out of the task's answer/ directory. Runs on a small repository checkout."""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAKE_TASKS = os.path.join(ROOT, "scripts", "corpus", "make_tasks.py")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        repo, specs, out = (os.path.join(tmp, d) for d in ("repo", "specs", "out"))
        write(os.path.join(repo, "objdetect/blend/op_kernel/blend.cpp"),
              '#include "kernel_operator.h"\n#include "../../scheduler/op_kernel/sched.h"\n'
              '#include "../../../outside.h"\n')
        write(os.path.join(repo, "objdetect/blend/op_host/blend_tiling.cpp"), '#include "register/op_def_registry.h"\n')
        write(os.path.join(repo, "objdetect/scheduler/op_kernel/sched.h"), '#pragma once\n#include "sched_util.h"\n')
        write(os.path.join(repo, "objdetect/scheduler/op_kernel/sched_util.h"), "#pragma once\n")
        write(os.path.join(repo, "outside.h"), "#pragma once\n")
        spec = {"path": "objdetect/blend", "level": 1, "category": "ObjDetect", "name": "Blend", "function": "blend",
                "op_type": "Blend", "summary": "test", "inputs": [{"name": "x", "shape": [4], "dtype": "float32"}],
                "outputs": [{"name": "y", "shape": "[4]", "dtype": "float32"}],
                "reference": "def reference(x):\n    return x\n", "columns": ["n"], "cases": [[4]]}
        write(os.path.join(specs, "ops_cv", "blend.json"), json.dumps(spec))
        subprocess.run([sys.executable, MAKE_TASKS, "--mirror", "ops_cv=" + repo, "--specs", specs, "--out", out],
                       check=True, stdout=subprocess.DEVNULL)
        answer = os.path.join(out, "level1", "ObjDetect", "Blend", "answer")
        files = sorted(os.path.relpath(os.path.join(d, n), answer) for d, _, ns in os.walk(answer) for n in ns)
        expected = ["0/op_host/blend_tiling.cpp", "0/op_kernel/blend.cpp",
                    "scheduler/op_kernel/sched.h", "scheduler/op_kernel/sched_util.h"]
        if files != expected:
            print("FAIL: answer holds %s, expected %s" % (files, expected))
            return 1
        if os.path.exists(os.path.join(out, "level1", "ObjDetect", "outside.h")) or \
                os.path.exists(os.path.join(out, "outside.h")):
            print("FAIL: a path climbing out of answer/ was copied")
            return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())

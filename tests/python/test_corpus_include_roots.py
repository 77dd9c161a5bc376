#!/usr/bin/env python3
"""scripts/corpus/make_tasks.py resolves an operator's quoted includes through ops-transformer's
include roots as its cmake/variables.cmake sets them (mc2/3rd, mc2/common/inc, ...), carries the
source the repository compiles for such a common header (mc2/common/inc/x.h -> mc2/common/src/x.cpp,
mc2/3rd/common/op_host beside its header), and takes a header from the repository's package stand-ins
(common/stub/op_tiling) only where our include/ has no header of that name. Runs on a small
repository checkout."""
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
        op = "mc2/3rd/mm"
        write(os.path.join(repo, op, "op_kernel/mm.cpp"), '#include "kernel_operator.h"\n')
        write(os.path.join(repo, op, "op_host/mm_infershape.cpp"),
              '#include "common/op_host/infer_util.h"\n#include "mc2_log.h"\n'
              '#include "stub_only.h"\n#include "register/op_def_registry.h"\n')
        write(os.path.join(repo, "mc2/3rd/common/op_host/infer_util.h"), "#pragma once\n")
        write(os.path.join(repo, "mc2/3rd/common/op_host/infer_util.cpp"), '#include "infer_util.h"\n')
        write(os.path.join(repo, "mc2/common/inc/mc2_log.h"), "#pragma once\n")
        write(os.path.join(repo, "mc2/common/src/mc2_log.cpp"), '#include "mc2_log.h"\n')
        write(os.path.join(repo, "common/stub/op_tiling/stub_only.h"), "#pragma once\n")
        # a stand-in for a header our include/ provides: must not be copied over ours
        write(os.path.join(repo, "common/stub/op_tiling/register/op_def_registry.h"), "#error stub\n")
        spec = {"path": op, "level": 3, "category": "Matmul", "name": "Mm", "function": "mm", "op_type": "Mm",
                "summary": "test", "inputs": [{"name": "x", "shape": [4], "dtype": "float32"}],
                "outputs": [{"name": "y", "shape": "[4]", "dtype": "float32"}],
                "reference": "def reference(x):\n    return x\n", "columns": ["n"], "cases": [[4]]}
        write(os.path.join(specs, "ops_transformer", "mm.json"), json.dumps(spec))
        subprocess.run([sys.executable, MAKE_TASKS, "--mirror", "ops_transformer=" + repo, "--specs", specs,
                        "--out", out], check=True, stdout=subprocess.DEVNULL)
        answer = os.path.join(out, "level3", "Matmul", "Mm", "answer", "0")
        files = sorted(os.path.relpath(os.path.join(d, n), answer) for d, _, ns in os.walk(answer) for n in ns)
        # the carried sources land flattened in op_host/, their own includes beside them
        expected = ["op_host/common/op_host/infer_util.h", "op_host/infer_util.h",
                    "op_host/mc2_3rd_common_op_host_infer_util.cpp", "op_host/mc2_common_src_mc2_log.cpp",
                    "op_host/mc2_log.h", "op_host/mm_infershape.cpp", "op_host/stub_only.h", "op_kernel/mm.cpp"]
        if files != sorted(expected):
            print("FAIL: answer holds %s, expected %s" % (files, sorted(expected)))
            return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())

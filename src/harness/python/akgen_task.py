#!/usr/bin/python3
"""The Python steps of evaluating an NPUKernelBench-layout task (design section 6).

The task's own validation code (module.py, prepare_inputs.py, test_cases.csv) runs here on
Debian's CPU PyTorch, with stand-ins for torch_npu and for the compiled kernel module:

  golden TASK CASES SEED OUT EXPECTED
      For each case: generate the inputs with the task's get_inputs, compute the expected
      outputs with its reference Model (float16/bfloat16 computed in float32 and rounded), and
      record the call ModelNew makes into kernel_gen_ops (function name and arguments). Writes
      OUT/case<ID>/{inputs/, call/, case.json} and the expected outputs to EXPECTED/case<ID>/,
      where the harness keeps them out of the candidate's reach. (For inspecting a task by hand;
      the harness sends the same step as a request to `serve`.)

  serve
      The golden step and judging as requests, one JSON object per line on stdin, one reply per line on
      the original stdout (the task code's own prints go to stderr): {"cmd": "golden", "task",
      "cases", "seed", "out", "expected"} and {"cmd": "judge", "task", "case_dir",
      "expected_dir", "returned_dir", "rule"}. Keeps torch and the task modules loaded between
      requests, which is what makes a warm `akgen bench` fast. With "defer_native", a case the
      harness judges in C++ is answered {"native": true} instead (src/harness/native_judge.h).

Goldens are made by akgen_golden.py, the comparison rules live in akgen_checks.py; everything
in between (building and running the candidate) happens in C++.
"""

import errno
import json
import os
import sys

import torch

from akgen_checks import default_check, stats, strict_check, LAST_MISMATCHES
from akgen_golden import (KERNEL_OPS, LowPrecisionOnCpu, all_cases, cmd_golden, decode, flatten,
                          task_modules)


class ForwardProbe:
    """What the kernel call returns while checking whether ModelNew.forward returns it as it is."""


def returns_kernel_value(module, init, inputs):
    """Whether ModelNew.forward returns the kernel call's value unchanged: then the outputs to
    judge are that value itself and the harness's C++ judge may compare them (docs/judge.md)."""
    probe = ForwardProbe()
    KERNEL_OPS.recording, KERNEL_OPS.replay = False, probe
    try:
        return module.ModelNew(*init)(*inputs) is probe
    except Exception:  # forward works on the value (a cast, a reshape): only Python can judge it
        return False
    finally:
        KERNEL_OPS.replay = None


def judge_case(task, case_dir, expected_dir, returned_dir, rule="default", defer_native=False):
    """Finishes ModelNew.forward with what the replayed kernel call returned and compares it
    with the expected outputs under `rule` ("default", "strict"); a task's own
    custom_check_precision takes precedence, as in the benchmark. With `defer_native`, a case
    the harness's C++ judge decides the same way (no custom check, a forward that returns the
    kernel's value) is not judged here: the result is {"native": True}."""
    module, prepare = task_modules(task)
    check = getattr(prepare, "custom_check_precision", None)
    rows = all_cases(task)
    with open(os.path.join(case_dir, "case.json")) as f:
        manifest = json.load(f)
    cid = str(manifest["case_id"])
    result = {"case_id": manifest["case_id"]}
    try:
        arguments = lambda: ([decode(v, os.path.join(case_dir, "inputs")) for v in manifest["init"]],
                             [decode(v, os.path.join(case_dir, "inputs")) for v in manifest["inputs"]])
        if defer_native and check is None and rule in ("default", "strict") and \
                returns_kernel_value(module, *arguments()):
            return dict(result, native=True)
        init, inputs = arguments()  # afresh: the probe's forward may have written to its inputs
        with open(os.path.join(returned_dir, "value.json")) as f:
            value = decode(json.load(f), returned_dir)
        with open(os.path.join(expected_dir, "expected.json")) as f:
            expected = [decode(v, expected_dir) for v in json.load(f)]
        KERNEL_OPS.recording, KERNEL_OPS.replay = False, value
        actual = flatten(module.ModelNew(*init)(*inputs))
        if check is not None:
            result.update(verdict(expected, actual, "custom", lambda exp, act: check(rows[cid], exp, act)))
        else:
            result.update(verdict(expected, actual, rule))
    except Exception as e:  # the comparison itself failed: shapes, dtypes, missing outputs
        result.update({"passed": False, "error": "%s: %s" % (type(e).__name__, e)})
    return result


def element_count(values):
    """Elements of the tensors in a flattened output list."""
    return sum(int(v.numel()) for v in values if isinstance(v, torch.Tensor))


def verdict(expected, actual, used, check=None):
    """The judge's result for the flattened output lists under the rule `used` ("default",
    "strict", or "custom" with the task's `check`)."""
    exp = expected if len(expected) != 1 else expected[0]
    act = actual if len(actual) != 1 else actual[0]
    LAST_MISMATCHES[0] = None
    check = check or (strict_check if used == "strict" else default_check)
    ok, abs_diff, rel_diff = check(exp, act)
    result = {"passed": bool(ok), "check": used if used in ("custom", "strict") else "default"}
    abs_diff, rel_diff = torch.as_tensor(abs_diff).reshape(-1), torch.as_tensor(rel_diff).reshape(-1)
    result.update(stats(abs_diff, rel_diff))
    if LAST_MISMATCHES[0] is not None:
        result["mismatches"] = LAST_MISMATCHES[0]
    elif used == "custom" and abs_diff.numel() != element_count(expected):
        # The task's check returned summaries (NPUKernelBench's form: the maximum errors as
        # one-element tensors), not one error per element: counting over them would report
        # "1 mismatch" for any number of wrong elements.
        del result["mismatches"]
    if len(expected) != len(actual):
        counts = "ModelNew returned %d output tensor(s); the reference Model returns %d" % (
            len(actual), len(expected))
        if not ok:
            result["error"] = counts
        else:  # the default rule compared the first min(...) pairs, as the benchmark does
            result["note"] = counts + ": compared the first %d" % min(len(actual), len(expected))
    return result


def check_outputs(expected_dir, returned_dir, rule):
    """The rule alone on stored outputs, as if ModelNew returned the kernel's value: what the C++
    judge computes (tests/harness/native_judge_test.cpp compares the two)."""
    with open(os.path.join(returned_dir, "value.json")) as f:
        actual = flatten(decode(json.load(f), returned_dir))
    with open(os.path.join(expected_dir, "expected.json")) as f:
        expected = [decode(v, expected_dir) for v in json.load(f)]
    try:
        return verdict(expected, actual, rule)
    except Exception as e:
        return {"passed": False, "error": "%s: %s" % (type(e).__name__, e)}


def cmd_serve():
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # task code that prints must not corrupt the replies
    sys.stdout = sys.stderr
    for line in sys.stdin:
        if not line.strip():
            continue
        req = None
        try:
            req = json.loads(line)
            if req["cmd"] == "golden":
                cmd_golden(req["task"], [str(c) for c in req["cases"]], int(req["seed"]), req["out"], req["expected"])
                reply = {"ok": True}
            elif req["cmd"] == "judge":
                reply = {"ok": True, "result": judge_case(req["task"], req["case_dir"], req["expected_dir"],
                                                          req["returned_dir"], req.get("rule", "default"),
                                                          req.get("defer_native", False))}
            elif req["cmd"] == "check":
                reply = {"ok": True, "result": check_outputs(req["expected_dir"], req["returned_dir"], req["rule"])}
            else:
                reply = {"ok": False, "error": "unknown command %r" % req["cmd"]}
        except Exception as e:
            reply = {"ok": False, "error": "%s: %s" % (type(e).__name__, e)}
            # A full disk is the machine's failure, not the task's: the harness stops the run.
            if isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT):
                reply["disk_full"] = True
        reply["id"] = req.get("id") if isinstance(req, dict) else None
        replies.write(json.dumps(reply) + "\n")
        replies.flush()


def main(argv):
    # Task code (references, ModelNew's own torch ops, custom checks) runs with NPU-like
    # low-precision support.
    with LowPrecisionOnCpu():
        return run_command(argv)


def run_command(argv):
    if len(argv) >= 7 and argv[1] == "golden":
        cmd_golden(argv[2], [c for c in argv[3].split(",") if c], int(argv[4]), argv[5], argv[6])
    elif len(argv) >= 2 and argv[1] == "serve":
        cmd_serve()
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))


#!/usr/bin/python3
"""The Python steps of evaluating an NPUKernelBench-layout task (design section 6).

The task's own validation code (module.py, prepare_inputs.py, test_cases.csv) runs here on
Debian's CPU PyTorch, with stand-ins for torch_npu and for the compiled kernel module:

  golden TASK CASES SEED OUT
      For each case: generate the inputs with the task's get_inputs, compute the expected
      outputs with its reference Model (float16/bfloat16 computed in float32 and rounded), and
      record the call ModelNew makes into kernel_gen_ops (function name and arguments). Writes
      OUT/case<ID>/{inputs/, expected/, call/, case.json}.

  judge TASK OUT
      For each OUT/case<ID> that has a returned/ directory (what the replayed pybind function
      returned on the simulator), finish ModelNew.forward with that return value and compare
      with the expected outputs using the task's custom_check_precision, or the benchmark's
      default rule. Prints one JSON line per case.

Everything in between (building and running the candidate) happens in C++.
"""

import importlib.util
import json
import math
import os
import random
import sys
import types

import numpy as np
import torch

ABS_TOL = 1e-3
REL_TOL = 1e-3


# ---------------------------------------------------------------- stand-ins for NPU packages

def install_stand_ins():
    """torch_npu and friends, reduced to what validation code touches on a CPU."""
    torch_npu = types.ModuleType("torch_npu")
    npu = types.SimpleNamespace(synchronize=lambda *a, **k: None, set_device=lambda *a, **k: None,
                                current_device=lambda: 0, is_available=lambda: False,
                                device_count=lambda: 1)
    torch_npu.npu = npu
    contrib = types.ModuleType("torch_npu.contrib")
    transfer = types.ModuleType("torch_npu.contrib.transfer_to_npu")
    contrib.transfer_to_npu = transfer
    torch_npu.contrib = contrib
    sys.modules.update({"torch_npu": torch_npu, "torch_npu.contrib": contrib,
                        "torch_npu.contrib.transfer_to_npu": transfer})
    torch.npu = npu
    torch.Tensor.npu = lambda self, *a, **k: self

    # On the NPU, torch.randn/rand also produce integer tensors (values drawn as floats, then
    # converted); CPU torch refuses. Validation code relies on the NPU behaviour.
    def integral_capable(fn):
        def wrapped(*args, dtype=None, **kwargs):
            if dtype is not None and not (dtype.is_floating_point or dtype.is_complex):
                return fn(*args, dtype=torch.float32, **kwargs).to(dtype)
            return fn(*args, dtype=dtype, **kwargs)
        return wrapped
    for name in ("randn", "rand", "randn_like", "rand_like"):
        if not hasattr(getattr(torch, name), "_akg_wrapped"):
            wrapped = integral_capable(getattr(torch, name))
            wrapped._akg_wrapped = True
            setattr(torch, name, wrapped)

    framework = types.ModuleType("framework")
    utils = types.ModuleType("framework.utils")
    utils.check_precision = default_check
    framework.utils = utils
    sys.modules.update({"framework": framework, "framework.utils": utils})


class KernelOps(types.ModuleType):
    """kernel_gen_ops, the compiled operator module. Validation code imports it at module level
    or inside forward; either way calls reach the current mode: while recording, the first
    call is captured and stops the model; while judging, calls return what the simulator's
    replay of the pybind function returned."""

    class Captured(Exception):
        pass

    def __init__(self):
        super().__init__("kernel_gen_ops")
        self.call = None
        self.replay = None
        self.recording = True

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)

        def call(*args, **kwargs):
            if self.recording:
                self.call = (name, args, kwargs)
                raise KernelOps.Captured()
            return self.replay
        return call


KERNEL_OPS = KernelOps()
sys.modules["kernel_gen_ops"] = KERNEL_OPS


# ---------------------------------------------------------------- task loading

def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Row(dict):
    """A test_cases.csv row with pandas-like typing: a column whose every value is an integer
    becomes int, a numeric column float, otherwise str; empty cells are NaN."""


def read_cases(task):
    path = os.path.join(task, "validation", "test_cases.csv")
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n\r") for l in f if l.strip()]
    header = [h.strip() for h in lines[0].split(";")]
    rows = [[c.strip() for c in l.split(";")] for l in lines[1:]]

    def number(s):
        try:
            return float(s)
        except ValueError:
            return None

    columns = {}
    for j, h in enumerate(header):
        cells = [r[j] if j < len(r) else "" for r in rows]
        nums = [number(c) for c in cells if c != ""]
        if cells and all(c == "" or number(c) is not None for c in cells) and nums:
            if all(n == int(n) for n in nums) and all(c != "" for c in cells):
                columns[h] = [int(number(c)) for c in cells]
            else:
                columns[h] = [number(c) if c != "" else float("nan") for c in cells]
        else:
            columns[h] = [c if c != "" else float("nan") for c in cells]
    out = []
    for i in range(len(rows)):
        out.append(Row({h: columns[h][i] for h in header}))
    return out


def task_modules(task):
    install_stand_ins()
    module = load_module("akg_task_module", os.path.join(task, "validation", "module.py"))
    if hasattr(module, "get_init_inputs"):
        prepare = module
    else:
        prepare = load_module("akg_task_prepare", os.path.join(task, "validation", "prepare_inputs.py"))
    return module, prepare


# ---------------------------------------------------------------- values <-> files

LOW_PRECISION = (torch.float16, torch.bfloat16)


def save_tensor(t, path):
    """Writes a tensor as .npy; bfloat16 is stored as its 16-bit pattern (the manifest says so)."""
    t = t.detach().cpu().contiguous()
    if t.dtype == torch.bfloat16:
        np.save(path, t.view(torch.int16).numpy())
    else:
        np.save(path, t.numpy())
    return {"tensor": os.path.basename(path), "dtype": str(t.dtype).replace("torch.", ""), "shape": list(t.shape)}


def load_tensor(entry, directory):
    arr = np.load(os.path.join(directory, entry["tensor"]))
    t = torch.from_numpy(arr)
    if entry["dtype"] == "bfloat16":
        t = t.view(torch.bfloat16)
    return t.reshape(entry["shape"])


def encode(value, directory, prefix, counter):
    """A Python value as JSON, tensors written to `directory`."""
    if isinstance(value, torch.Tensor):
        counter[0] += 1
        return save_tensor(value, os.path.join(directory, "%s%d.npy" % (prefix, counter[0])))
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"int": value}
    if isinstance(value, float):
        return {"float": value}
    if isinstance(value, str):
        return {"str": value}
    if value is None:
        return {"none": None}
    if isinstance(value, torch.dtype):
        return {"str": str(value).replace("torch.", "")}
    if isinstance(value, (list, tuple)):
        return {"list": [encode(v, directory, prefix, counter) for v in value]}
    if isinstance(value, np.generic):
        return encode(value.item(), directory, prefix, counter)
    raise TypeError("cannot record a %s argument" % type(value).__name__)


def decode(entry, directory):
    if "tensor" in entry:
        return load_tensor(entry, directory)
    if "list" in entry:
        return [decode(v, directory) for v in entry["list"]]
    for k in ("bool", "int", "float", "str"):
        if k in entry:
            return entry[k]
    return None


def flatten(outputs):
    """The tensors of a (nested) result, in order; a bare number becomes a 0-d tensor."""
    if isinstance(outputs, torch.Tensor):
        return [outputs]
    if isinstance(outputs, (list, tuple)):
        out = []
        for o in outputs:
            out.extend(flatten(o))
        return out
    if isinstance(outputs, (bool, int, float)):
        return [torch.as_tensor(outputs)]
    return []


def clone(values):
    if isinstance(values, torch.Tensor):
        return values.clone()
    if isinstance(values, (list, tuple)):
        return type(values)(clone(v) for v in values)
    return values


def upcast(values):
    """float16/bfloat16 tensors as float32: Debian's CPU torch lacks most half kernels, and the
    device computes in float32 anyway."""
    if isinstance(values, torch.Tensor):
        return values.float() if values.dtype in LOW_PRECISION else values
    if isinstance(values, (list, tuple)):
        return type(values)(upcast(v) for v in values)
    return values


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed % (2 ** 32))
    torch.manual_seed(seed)


def reference_outputs(module, init, inputs):
    """The reference Model's outputs. Low-precision inputs are computed in float32; the result
    is rounded to the dtype the model produces natively when it can run natively, else to the
    inputs' low-precision dtype."""
    low = [t.dtype for t in flatten(inputs) if t.dtype in LOW_PRECISION]
    if not low:
        return flatten(module.Model(*init)(*clone(inputs)))
    native = None
    try:
        native = flatten(module.Model(*init)(*clone(inputs)))
    except Exception:
        pass
    wide = flatten(module.Model(*upcast(init))(*upcast(clone(inputs))))
    out = []
    for k, w in enumerate(wide):
        target = native[k].dtype if native is not None and k < len(native) else \
            (low[0] if w.dtype == torch.float32 else w.dtype)
        out.append(w.to(target))
    return out


# ---------------------------------------------------------------- checks

def default_check(outputs, outputs_new, max_abs_error=ABS_TOL, max_rel_error=REL_TOL):
    """NPUKernelBench's default rule: an element fails when both its absolute and relative
    error exceed the tolerance; any non-finite value fails the case."""
    outputs = outputs if isinstance(outputs, list) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, list) else [outputs_new]
    ok = True
    abs_all, rel_all = [], []
    for out, new in zip(outputs, outputs_new):
        if new.dtype == torch.bool or out.dtype == torch.bool:
            out, new = out.to(torch.int), new.to(torch.int)
        if out.is_complex():
            out, new = torch.view_as_real(out), torch.view_as_real(new.to(out.dtype))
        out64, new64 = out.double(), new.double()
        abs_diff = (out64 - new64).abs()
        rel_diff = abs_diff / (out64.abs() + 1e-7)
        abs_all.append(abs_diff.reshape(-1))
        rel_all.append(rel_diff.reshape(-1))
        if not torch.isfinite(out64).all() or not torch.isfinite(new64).all():
            ok = False
        if ((abs_diff > max_abs_error) & (rel_diff > max_rel_error)).any():
            ok = False
    if len(outputs) != len(outputs_new):
        ok = False
    abs_cat = torch.cat(abs_all) if abs_all else torch.zeros(1)
    rel_cat = torch.cat(rel_all) if rel_all else torch.zeros(1)
    return (1 if ok else 0), abs_cat, rel_cat


def stats(abs_diff, rel_diff):
    a = abs_diff.double()
    r = rel_diff.double()
    finite = lambda x: float(x) if math.isfinite(float(x)) else str(float(x))
    return {"max_abs_error": finite(a.max()) if a.numel() else 0.0,
            "max_rel_error": finite(r.max()) if r.numel() else 0.0,
            "mismatches": int(((a > ABS_TOL) & (r > REL_TOL)).sum()) if a.numel() else 0}


# ---------------------------------------------------------------- commands

def cmd_golden(task, case_ids, seed, out):
    module, prepare = task_modules(task)
    rows = {str(r.get("case_id", i)): r for i, r in enumerate(read_cases(task))}
    for cid in case_ids:
        row = rows[str(cid)]
        d = os.path.join(out, "case%s" % cid)
        for sub in ("inputs", "expected", "call"):
            os.makedirs(os.path.join(d, sub), exist_ok=True)
        seed_everything(seed)
        init = prepare.get_init_inputs(row, device=None)
        inputs = prepare.get_inputs(row, device=None)
        inputs = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
        init = list(init) if isinstance(init, (list, tuple)) else [init]
        counter = [0]
        manifest = {"case_id": cid, "seed": seed, "row": {k: (v if not (isinstance(v, float) and math.isnan(v)) else None)
                                                            for k, v in row.items()},
                    "inputs": [encode(v, os.path.join(d, "inputs"), "in", counter) for v in inputs],
                    "init": [encode(v, os.path.join(d, "inputs"), "init", counter) for v in init]}
        KERNEL_OPS.recording, KERNEL_OPS.call = True, None
        try:
            module.ModelNew(*clone(init))(*clone(inputs))
        except KernelOps.Captured:
            pass
        if KERNEL_OPS.call is None:
            raise RuntimeError("ModelNew.forward never called kernel_gen_ops")
        name, args, kwargs = KERNEL_OPS.call
        if kwargs:
            raise RuntimeError("keyword arguments to kernel_gen_ops.%s are not supported" % name)
        counter = [0]
        manifest["call"] = {"function": name,
                            "args": [encode(v, os.path.join(d, "call"), "arg", counter) for v in args]}
        counter = [0]
        expected = reference_outputs(module, init, inputs)
        manifest["expected"] = [encode(v, os.path.join(d, "expected"), "out", counter) for v in expected]
        with open(os.path.join(d, "case.json"), "w") as f:
            json.dump(manifest, f, indent=1)


def cmd_judge(task, out):
    module, prepare = task_modules(task)
    check = getattr(prepare, "custom_check_precision", None)
    rows = {str(r.get("case_id", i)): r for i, r in enumerate(read_cases(task))}
    for name in sorted(os.listdir(out)):
        d = os.path.join(out, name)
        returned = os.path.join(d, "returned", "value.json")
        if not name.startswith("case") or not os.path.exists(returned):
            continue
        with open(os.path.join(d, "case.json")) as f:
            manifest = json.load(f)
        cid = str(manifest["case_id"])
        result = {"case_id": manifest["case_id"]}
        try:
            with open(returned) as f:
                value = decode(json.load(f), os.path.join(d, "returned"))
            inputs = [decode(v, os.path.join(d, "inputs")) for v in manifest["inputs"]]
            init = [decode(v, os.path.join(d, "inputs")) for v in manifest["init"]]
            expected = [decode(v, os.path.join(d, "expected")) for v in manifest["expected"]]
            KERNEL_OPS.recording, KERNEL_OPS.replay = False, value
            actual = flatten(module.ModelNew(*init)(*inputs))
            exp = expected if len(expected) != 1 else expected[0]
            act = actual if len(actual) != 1 else actual[0]
            if check is not None:
                ok, abs_diff, rel_diff = check(rows[cid], exp, act)
            else:
                ok, abs_diff, rel_diff = default_check(exp, act)
            result.update({"passed": bool(ok), "check": "custom" if check else "default"})
            result.update(stats(abs_diff.reshape(-1), rel_diff.reshape(-1)))
        except Exception as e:  # the comparison itself failed: shapes, dtypes, missing outputs
            result.update({"passed": False, "error": "%s: %s" % (type(e).__name__, e)})
        print(json.dumps(result), flush=True)


def main(argv):
    if len(argv) >= 6 and argv[1] == "golden":
        cmd_golden(argv[2], [c for c in argv[3].split(",") if c], int(argv[4]), argv[5])
    elif len(argv) >= 4 and argv[1] == "judge":
        cmd_judge(argv[2], argv[3])
    elif len(argv) >= 3 and argv[1] == "cases":
        print(json.dumps([dict(r) for r in read_cases(argv[2])], default=str))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

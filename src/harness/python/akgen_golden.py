"""Goldens of an NPUKernelBench-layout task (design section 6): the task's own validation code
(module.py, prepare_inputs.py, test_cases.csv) runs on Debian's CPU PyTorch with stand-ins for
torch_npu and for the compiled kernel module. For each case it generates the inputs with the
task's get_inputs, computes the expected outputs with its reference Model (float16/bfloat16
computed in float32 and rounded) and records the call ModelNew makes into kernel_gen_ops.

The harness keys its golden cache by this file's content (with the task's validation files and
the seed): whatever changes what a golden contains belongs here, and nothing else does.
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

from akgen_checks import default_check

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
    """A test_cases.csv row with pandas-like typing: a column of True/False values becomes bool,
    a column whose every value is an integer int, a numeric column float, otherwise str; empty
    cells are NaN."""


def all_cases(task):
    """Public and hidden cases (validation/hidden_cases.csv, same columns), keyed by case id."""
    rows = {str(r.get("case_id", i)): r for i, r in enumerate(read_cases(task))}
    if os.path.exists(os.path.join(task, "validation", "hidden_cases.csv")):
        rows.update({str(r.get("case_id", i)): r for i, r in enumerate(read_cases(task, "hidden_cases.csv"))})
    return rows


def read_cases(task, name="test_cases.csv"):
    path = os.path.join(task, "validation", name)
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n\r") for l in f if l.strip()]
    header = [h.strip() for h in lines[0].split(";")]
    rows = [[c.strip() for c in l.split(";")] for l in lines[1:]]

    def number(s):
        try:
            return float(s)
        except ValueError:
            return None

    booleans = {"True": True, "False": False, "true": True, "false": False, "TRUE": True, "FALSE": False}
    columns = {}
    for j, h in enumerate(header):
        cells = [r[j] if j < len(r) else "" for r in rows]
        nums = [number(c) for c in cells if c != ""]
        if cells and all(c == "" or c in booleans for c in cells) and any(c != "" for c in cells):
            columns[h] = [booleans[c] if c != "" else float("nan") for c in cells]
        elif cells and all(c == "" or number(c) is not None for c in cells) and nums:
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


TASK_MODULES = {}


def task_modules(task):
    """The task's module.py and prepare_inputs.py, loaded once per process."""
    key = os.path.realpath(task)
    if key not in TASK_MODULES:
        TASK_MODULES[key] = load_task_modules(task)
    return TASK_MODULES[key]


def load_task_modules(task):
    install_stand_ins()
    module = load_module("akg_task_module", os.path.join(task, "validation", "module.py"))
    if hasattr(module, "get_init_inputs"):
        prepare = module
    else:
        prepare = load_module("akg_task_prepare", os.path.join(task, "validation", "prepare_inputs.py"))
    return module, prepare


# ---------------------------------------------------------------- values <-> files

LOW_PRECISION = (torch.float16, torch.bfloat16)


def write_npy(path, arr):
    """np.save's file, written by Python's own I/O: on a full disk numpy's writer raises an
    OSError without an errno, this one raises ENOSPC, which the harness recognises."""
    arr = arr if arr.flags.c_contiguous else arr.copy(order="C")
    with open(path, "wb") as f:
        np.lib.format.write_array_header_1_0(f, np.lib.format.header_data_from_array_1_0(arr))
        f.write(arr.reshape(-1).view(np.uint8).data)


def save_tensor(t, path):
    """Writes a tensor as .npy; bfloat16 is stored as its 16-bit pattern (the manifest says so)."""
    t = t.detach().cpu().contiguous()
    write_npy(path, t.view(torch.int16).numpy() if t.dtype == torch.bfloat16 else t.numpy())
    return {"tensor": os.path.basename(path), "dtype": str(t.dtype).replace("torch.", ""), "shape": list(t.shape)}


def load_tensor(entry, directory):
    # Mapped copy-on-write: a judge touches only what it compares, and NPUKernelBench tensors
    # reach gigabytes; writes (a forward that works in place) stay private to this process.
    arr = np.load(os.path.join(directory, entry["tensor"]), mmap_mode="c")
    t = torch.from_numpy(arr)
    if entry["dtype"] == "bfloat16":
        t = t.view(torch.bfloat16)
    return t.reshape(entry["shape"])


def encode(value, directory, prefix, counter, known=None):
    """A Python value as JSON, tensors written to `directory`. A tensor equal to one in
    `known` (a list of (tensor, entry) already written) refers to that file instead: the kernel
    call's arguments are mostly the case's inputs, and NPUKernelBench inputs reach gigabytes."""
    if isinstance(value, torch.Tensor) and value.layout == torch.sparse_coo:
        # A sparse COO input (CoalesceSparse) is kept as its index and value tensors, as stored,
        # with its size and whether it is coalesced; decode rebuilds the same tensor.
        return {"sparse_coo": {"indices": encode(value._indices(), directory, prefix, counter, known),
                               "values": encode(value._values(), directory, prefix, counter, known),
                               "size": list(value.shape), "coalesced": value.is_coalesced()}}
    if isinstance(value, torch.Tensor):
        for t, entry in known or []:
            if t.dtype == value.dtype and t.shape == value.shape and torch.equal(t, value):
                return entry
        counter[0] += 1
        entry = save_tensor(value, os.path.join(directory, "%s%d.npy" % (prefix, counter[0])))
        if known is not None:
            known.append((value, dict(entry, tensor=os.path.join("..", os.path.basename(directory), entry["tensor"]))))
        return entry
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"int": value}
    if isinstance(value, float):
        # JSON has no inf/NaN: those travel as the strings "inf", "-inf", "nan".
        return {"float": value if math.isfinite(value) else repr(value)}
    if isinstance(value, str):
        return {"str": value}
    if value is None:
        return {"none": None}
    if isinstance(value, torch.dtype):
        return {"str": str(value).replace("torch.", "")}
    if isinstance(value, (list, tuple)):
        return {"list": [encode(v, directory, prefix, counter, known) for v in value]}
    if isinstance(value, np.generic):
        return encode(value.item(), directory, prefix, counter, known)
    raise TypeError("cannot record a %s argument" % type(value).__name__)


def decode(entry, directory):
    if "tensor" in entry:
        return load_tensor(entry, directory)
    if "sparse_coo" in entry:
        sp = entry["sparse_coo"]
        t = torch.sparse_coo_tensor(decode(sp["indices"], directory), decode(sp["values"], directory), sp["size"])
        return t._coalesced_(sp["coalesced"])
    if "list" in entry:
        return [decode(v, directory) for v in entry["list"]]
    if "float" in entry:
        return float(entry["float"])
    for k in ("bool", "int", "str"):
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


def map_tensors(values, fn):
    if isinstance(values, torch.Tensor):
        return fn(values)
    if isinstance(values, (list, tuple)):
        return type(values)(map_tensors(v, fn) for v in values)
    if isinstance(values, dict):
        return {k: map_tensors(v, fn) for k, v in values.items()}
    return values


class LowPrecisionOnCpu(torch.overrides.TorchFunctionMode):
    """Debian's CPU torch lacks float16/bfloat16 kernels for many ops an NPU runs natively
    (gelu, erf, ...). Such an op runs in float32 and its float32 results are rounded to the
    low-precision dtype of its inputs, so a model keeps the dtypes it has on the device and
    every other op still runs as written."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        try:
            return func(*args, **kwargs)
        except RuntimeError as e:
            if "Half" not in str(e) and "BFloat16" not in str(e):
                raise
            low = []
            map_tensors((args, kwargs), lambda t: low.append(t.dtype) if t.dtype in LOW_PRECISION else None)
            if not low:
                raise
            wide = lambda t: t.float() if t.dtype in LOW_PRECISION else t
            result = func(*map_tensors(args, wide), **map_tensors(kwargs, wide))
            return map_tensors(result, lambda t: t.to(low[0]) if t.dtype == torch.float32 else t)


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed % (2 ** 32))
    torch.manual_seed(seed)


def reference_outputs(module, init, inputs):
    """The reference Model's outputs, computed as NPUKernelBench computes them: on the CPU in
    the inputs' own dtypes."""
    return flatten(module.Model(*init)(*clone(inputs)))



def json_number(v):
    """A CSV cell as JSON can hold it: an empty cell (NaN) is null, an infinity its repr."""
    if isinstance(v, float) and not math.isfinite(v):
        return None if math.isnan(v) else repr(v)
    return v


def cmd_golden(task, case_ids, seed, out, expected_root):
    module, prepare = task_modules(task)
    rows = all_cases(task)
    for cid in case_ids:
        row = rows[str(cid)]
        d = os.path.join(out, "case%s" % cid)
        expected_dir = os.path.join(expected_root, "case%s" % cid)
        for sub in (os.path.join(d, "inputs"), os.path.join(d, "call"), expected_dir):
            os.makedirs(sub, exist_ok=True)
        seed_everything(seed)
        init = prepare.get_init_inputs(row, device=None)
        inputs = prepare.get_inputs(row, device=None)
        inputs = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
        init = list(init) if isinstance(init, (list, tuple)) else [init]
        counter = [0]
        written = []
        manifest = {"case_id": cid, "seed": seed, "row": {k: json_number(v) for k, v in row.items()},
                    "inputs": [encode(v, os.path.join(d, "inputs"), "in", counter, written) for v in inputs],
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
                            "args": [encode(v, os.path.join(d, "call"), "arg", counter, list(written)) for v in args]}
        counter = [0]
        expected = reference_outputs(module, init, inputs)
        expected_manifest = [encode(v, expected_dir, "out", counter) for v in expected]
        with open(os.path.join(expected_dir, "expected.json"), "w") as f:
            json.dump(expected_manifest, f, indent=1)
        # Written last, and whole or not at all (a full disk): its presence marks a complete case.
        with open(os.path.join(d, "case.json.tmp"), "w") as f:
            json.dump(manifest, f, indent=1)
        os.replace(os.path.join(d, "case.json.tmp"), os.path.join(d, "case.json"))

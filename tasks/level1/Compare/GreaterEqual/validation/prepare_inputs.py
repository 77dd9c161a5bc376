import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    x1 = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    x2 = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    # Ties decide between >= and >: make a tenth of the pairs equal.
    equal = torch.rand(shape, device=device) < 0.1
    x2 = torch.where(equal, x1, x2)
    return [x1, x2]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """A comparison is exact: every element must match."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    diffs = []
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        diff = (ref.reshape(-1).float() - out.reshape(-1).float()).abs()
        if bool(diff.any()):
            ok = False
        diffs.append(diff)
    if not diffs:
        return 0, torch.zeros(1), torch.zeros(1)
    diff = torch.cat(diffs)
    return int(ok), diff, diff

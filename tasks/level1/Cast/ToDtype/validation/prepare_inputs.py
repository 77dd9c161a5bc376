import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    amplitude = float(param.get("amplitude", 1.0))
    # Values spread over several binades, so every mantissa bit and the rounding matter.
    x = torch.randn(shape, dtype=torch.float32, device=device) * amplitude
    x = x * torch.exp2(torch.randint(-6, 7, shape, device=device).float())
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return [str(param["dst_dtype"])]


def custom_check_precision(param, outputs, outputs_new):
    """A conversion has exactly one right answer: require equality, element for element (a
    1e-3 tolerance would accept a wrong rounding mode, whose error is at most one ulp)."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.float().reshape(-1)
        out = out.float().reshape(-1)
        abs_diff = (ref - out).abs()
        rel_diff = abs_diff / (ref.abs() + 1e-7)
        if not torch.equal(ref, out):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

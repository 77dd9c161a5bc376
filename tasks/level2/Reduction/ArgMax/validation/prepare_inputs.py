import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    values = param.get("values", "normal")
    if values == "ties":
        # Few distinct values: many ties, the first maximum must win.
        x = torch.randint(-3, 4, shape, device=device).float()
    elif values == "negative":
        x = -torch.rand(shape, device=device) * 1e4 - 1.0
    else:
        # Distinct after rounding to the dtype is not guaranteed for 16-bit types; ties resolve
        # to the first maximum, as in the reference.
        x = torch.randn(shape, dtype=torch.float32, device=device) * 10.0
    if values == "special":
        r = torch.rand(shape, device=device)
        x = torch.where(r < 0.01, torch.full_like(x, float("-inf")), x)
        x = torch.where((r >= 0.01) & (r < 0.012), torch.full_like(x, float("inf")), x)
        x = torch.where((r >= 0.012) & (r < 0.013), torch.full_like(x, float("nan")), x)
        x = torch.where((r >= 0.013) & (r < 0.05), torch.zeros_like(x), x)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Indices are integers: exact equality (dtype int64 and the shape included)."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if tuple(ref.shape) != tuple(out.shape) or out.dtype != torch.int64:
            ok = False
            continue
        abs_diff = (ref.double() - out.double()).abs().reshape(-1)
        if bool((abs_diff != 0).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(abs_diff / (ref.double().abs().reshape(-1) + 1e-7))
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

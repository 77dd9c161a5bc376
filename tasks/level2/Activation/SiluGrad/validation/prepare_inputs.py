import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    scale = float(param.get("scale", 3.0))
    x = torch.randn(shape, dtype=torch.float32, device=device) * scale
    dy = torch.randn(shape, dtype=torch.float32, device=device)
    special = str(param.get("special", "none"))
    if special != "none" and x.numel() > 0:
        flat_x, flat_dy = x.view(-1), dy.view(-1)
        n = flat_x.numel()
        # Exact zeros in both inputs, and the far ends of the sigmoid.
        pick = torch.randperm(n)[: max(1, n // 16)]
        flat_x[pick[0::4]] = 0.0
        flat_dy[pick[1::4]] = 0.0
        flat_x[pick[2::4]] = 60.0
        flat_x[pick[3::4]] = -60.0
        if special == "inf":
            # +inf and -inf give NaN (inf * 0), as does NaN; the reference defines all three.
            flat_x[pick[0:3]] = torch.tensor([float("inf"), float("-inf"), float("nan")])[: min(3, pick.numel())]
    return [dy.to(dtype), x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """1e-3 absolute or relative; bfloat16 accepts one bfloat16 ulp (2^-7 relative) because
    exp may differ from PyTorch's in the last float32 bit, which can tip the final rounding.
    Non-finite values must be identical (NaN with NaN, inf with inf of the same sign)."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 1e-3
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.reshape(-1).double()
        out = out.reshape(-1).double()
        special = ~torch.isfinite(ref) | ~torch.isfinite(out)
        same = (torch.isnan(ref) & torch.isnan(out)) | (ref == out)
        if bool((special & ~same).any()):
            ok = False
        r, o = ref[~special], out[~special]
        if r.numel() == 0:
            continue
        abs_diff = (r - o).abs()
        rel_diff = abs_diff / (r.abs() + 1e-7)
        if bool(((abs_diff > tol) & (rel_diff > tol)).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return int(ok), torch.zeros(1, dtype=torch.float64), torch.zeros(1, dtype=torch.float64)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

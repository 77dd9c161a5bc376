import ast
import math

import torch


def _edge_safe(x, bins, lo, hi):
    """Replaces values lying within 2% of a bin width of an interior bin edge by a value above the
    range (ignored). Which side of an edge such a value falls on depends on the rounding of
    (x - min) * bins / (max - min), which the operator does not fix; min and max themselves are
    kept (min is bin 0, max is the last bin)."""
    xd = x.double()
    pos = (xd - lo) * bins / (hi - lo)
    frac = pos - torch.floor(pos)
    inside = (xd > lo) & (xd < hi)
    near = inside & ((frac < 0.02) | (frac > 0.98))
    return torch.where(near, torch.full_like(xd, hi + (hi - lo)), xd)


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    bins = int(param["bins"])
    lo = float(param["min"])
    hi = float(param["max"])
    mode = param.get("values", "binned")
    numel = math.prod(shape)
    width = (hi - lo) / bins
    if mode == "normal":
        # A bell over the range, with tails outside it on both sides.
        x = (lo + hi) / 2 + torch.randn(numel, dtype=torch.float64, device=device) * (hi - lo) / 3
    elif mode == "constant":
        # Every value in one bin: the worst case for any per-bin scatter.
        k = bins // 3
        x = torch.full((numel,), lo + (k + 0.5) * width, dtype=torch.float64, device=device)
    else:
        # Uniform over the bins and two bins either side, away from the edges.
        k = torch.randint(-2, bins + 2, (numel,), device=device).double()
        u = 0.1 + 0.8 * torch.rand(numel, dtype=torch.float64, device=device)
        x = lo + (k + u) * width
    if mode == "special" and numel > 0:
        specials = torch.tensor([lo, hi, float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 3.0e38, -3.0e38],
                                dtype=torch.float64, device=device)
        idx = torch.arange(0, numel, 7, device=device)
        x[idx] = specials.repeat(idx.numel() // specials.numel() + 1)[: idx.numel()]
    x = x.to(dtype)                              # round to the input dtype first
    x = _edge_safe(x, bins, lo, hi).to(dtype)
    return [x.reshape(shape)]


def get_init_inputs(param, device=None):
    return [int(param["bins"]), float(param["min"]), float(param["max"])]


def custom_check_precision(param, outputs, outputs_new):
    """Counts are integers (exact in float32 below 2^24, in any order of accumulation), and the
    inputs keep away from the interior bin edges, so every bin must match exactly."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    diffs = []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel() or out.dtype != torch.float32:
            ok = False
            continue
        ref = ref.reshape(-1).double()
        out = out.reshape(-1).double()
        if not bool(torch.equal(ref, out)):
            ok = False
        diffs.append((ref - out).abs().nan_to_num(float("inf")))
    if not diffs:
        return 0, torch.zeros(1), torch.zeros(1)
    diff = torch.cat(diffs)
    return int(ok), diff, diff / (torch.cat([o.reshape(-1).double().abs() for o in outputs]) + 1e-7)

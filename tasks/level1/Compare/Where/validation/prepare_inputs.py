import ast

import torch


def _special(x, big):
    """Signed zeros, large magnitudes, +-inf and NaN: a selection must move them untouched."""
    r = torch.rand(x.shape, device=x.device)
    x = torch.where(r < 0.04, torch.zeros_like(x), x)
    x = torch.where((r >= 0.04) & (r < 0.08), torch.full_like(x, -0.0), x)
    x = torch.where((r >= 0.08) & (r < 0.12), x.sign() * big, x)
    x = torch.where((r >= 0.12) & (r < 0.14), torch.full_like(x, float("inf")), x)
    x = torch.where((r >= 0.14) & (r < 0.16), torch.full_like(x, float("-inf")), x)
    x = torch.where((r >= 0.16) & (r < 0.18), torch.full_like(x, float("nan")), x)
    return x


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    p = float(param.get("true_ratio", 0.5))
    condition = torch.rand(shape, device=device) < p
    if dtype == torch.int32:
        # The whole int32 range: many of these bit patterns are NaNs as float32 (e.g. -1), so a
        # selection that went through float arithmetic would show.
        x = torch.randint(-2**31, 2**31 - 1, shape, dtype=torch.int64, device=device)
        y = torch.randint(-2**31, 2**31 - 1, shape, dtype=torch.int64, device=device)
        if param.get("values", "normal") == "special":
            edges = torch.tensor([-2**31, 2**31 - 1, 0, -1, 0x7FC00001, -0x00400001], device=device)
            pick = torch.randint(0, len(edges), shape, device=device)
            x = torch.where(torch.rand(shape, device=device) < 0.3, edges[pick], x)
            y = torch.where(torch.rand(shape, device=device) < 0.3, edges[pick.flip(-1)], y)
        return [condition, x.to(torch.int32), y.to(torch.int32)]
    x = torch.randn(shape, dtype=torch.float32, device=device)
    y = torch.randn(shape, dtype=torch.float32, device=device)
    if param.get("values", "normal") == "special":
        big = 6.5e4 if dtype == torch.float16 else 3.0e38
        x = _special(x, big)
        y = _special(y, big)
    return [condition, x.to(dtype), y.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """A selection is exact: every output element must equal the reference's, NaN where NaN
    and the same infinity where the "special" cases put +-inf."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.double().reshape(-1)
        out = out.double().reshape(-1)
        same = (ref == out) | (torch.isnan(ref) & torch.isnan(out))
        finite = torch.isfinite(ref) & torch.isfinite(out)
        abs_diff = torch.where(finite, (ref - out).abs(), torch.zeros_like(ref))
        rel_diff = abs_diff / (ref.abs().nan_to_num(0.0, 0.0, 0.0) + 1e-7)
        if not bool(same.all()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    values = param.get("values", "normal")
    if values == "ties":
        # Few distinct values: long runs of equal values, so tie order is exercised everywhere.
        x = torch.randint(-3, 4, shape, device=device).float()
    else:
        x = torch.randn(shape, dtype=torch.float32, device=device) * 100.0
    if values == "special":
        # Zeros of both signs, large magnitudes, +inf and -inf (rows with fewer finite values
        # than k, so -inf entries are selected too). No NaN: outside the contract.
        big = 6.0e4 if dtype == torch.float16 else 1.0e30
        r = torch.rand(shape, device=device)
        x = torch.where(r < 0.05, torch.zeros_like(x), x)
        x = torch.where((r >= 0.05) & (r < 0.08), torch.full_like(x, -0.0), x)
        x = torch.where((r >= 0.08) & (r < 0.10), torch.full_like(x, big), x)
        x = torch.where((r >= 0.10) & (r < 0.12), torch.full_like(x, -big), x)
        x = torch.where((r >= 0.12) & (r < 0.13), torch.full_like(x, float("inf")), x)
        x = torch.where(r >= 0.70, torch.full_like(x, float("-inf")), x)
        flat = x.reshape(-1, shape[-1])
        if flat.shape[0] > 1:
            flat[1] = float("-inf")  # a row of -inf only
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return [int(param.get("k", 1))]


def custom_check_precision(param, outputs, outputs_new):
    """Exact: the values are a selection of the inputs (no arithmetic) and the indices are
    positions, with ties ordered by ascending position (the operator's definition, see
    module.py). Non-finite values must equal the reference (same infinity)."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel() or ref.dtype != out.dtype:
            ok = False
            continue
        ref = ref.double().reshape(-1)
        out = out.double().reshape(-1)
        same = (ref == out) | (torch.isnan(ref) & torch.isnan(out))
        if not bool(same.all()):
            ok = False
        finite = torch.isfinite(ref) & torch.isfinite(out)
        abs_diff = torch.where(finite, (ref - out).abs(), torch.where(same, 0.0, float("inf")))
        rel_diff = abs_diff / (ref.abs().nan_to_num(0.0, 0.0, 0.0) + 1e-7)
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

import ast

import torch


def _special(x, big):
    """Exact zeros, large magnitudes (sums that overflow to inf), +-inf and NaN."""
    r = torch.rand(x.shape, device=x.device)
    x = torch.where(r < 0.05, torch.zeros_like(x), x)
    x = torch.where((r >= 0.05) & (r < 0.10), x.sign() * big * (0.5 + torch.rand_like(x)), x)
    x = torch.where((r >= 0.10) & (r < 0.12), torch.full_like(x, float("inf")), x)
    x = torch.where((r >= 0.12) & (r < 0.14), torch.full_like(x, float("-inf")), x)
    x = torch.where((r >= 0.14) & (r < 0.15), torch.full_like(x, float("nan")), x)
    return x


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1, 1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    x = torch.randn(shape, dtype=torch.float32, device=device)
    bias = torch.randn([shape[-1]], dtype=torch.float32, device=device)
    if param.get("values", "normal") == "special":
        big = 4.0e4 if dtype == torch.float16 else 2.0e38
        x = _special(x, big)
        bias = _special(bias, big)
    return [x.to(dtype), bias.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """The benchmark's default rule (tolerance 1e-3), except that the "special" cases feed +-inf
    and NaN on purpose: a non-finite output passes where the reference has the same value,
    instead of failing the whole case as the default rule does for any non-finite value."""
    return _check(outputs, outputs_new, 1e-3)


def _check(outputs, outputs_new, tol):
    """Elements fail when both their absolute and relative errors exceed `tol`; a non-finite
    element passes only where the reference holds the same value (the same infinity, or NaN
    where the reference has NaN). Returns (ok, abs_diff, rel_diff) as the benchmark expects."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.double().reshape(-1)
        out = out.double().reshape(-1)
        special = ~torch.isfinite(ref) | ~torch.isfinite(out)
        same = (torch.isnan(ref) & torch.isnan(out)) | (ref == out)
        abs_diff = torch.where(special, torch.zeros_like(ref), (ref - out).abs())
        rel_diff = abs_diff / (ref.abs().nan_to_num(0.0, 0.0, 0.0) + 1e-7)
        if bool((special & ~same).any()) or bool(((abs_diff > tol) & (rel_diff > tol)).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

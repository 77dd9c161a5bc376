import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    scale = float(param.get("scale", 3.0))
    x = torch.randn(shape, dtype=torch.float32, device=device) * scale
    if param.get("values", "normal") == "special":
        # Exact zeros, magnitudes large enough that x^3 overflows float32 (and the float16
        # range ends), +-inf and NaN; GELU(-inf) is NaN in the tanh form (-inf * 0).
        r = torch.rand(shape, device=device)
        big = 6.0e4 if dtype == torch.float16 else 1.0e30
        x = torch.where(r < 0.05, torch.zeros_like(x), x)
        x = torch.where((r >= 0.05) & (r < 0.10), x.sign() * big * torch.rand_like(x), x)
        x = torch.where((r >= 0.10) & (r < 0.11), torch.full_like(x, float("inf")), x)
        x = torch.where((r >= 0.11) & (r < 0.12), torch.full_like(x, float("-inf")), x)
        x = torch.where((r >= 0.12) & (r < 0.13), torch.full_like(x, float("nan")), x)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Default rule (an element fails when its absolute and its relative error both exceed the
    tolerance), with tolerance 1e-3, except bfloat16: one bfloat16 ulp (2^-7 relative) is
    accepted there, because the kernel's exp form and the reference's tanh form agree only to
    float32 rounding, which occasionally tips the final rounding to bfloat16. The "special"
    cases feed +-inf and NaN on purpose: a non-finite output passes where the reference holds
    the same value (the default rule would fail any non-finite value)."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 1e-3
    return _check(outputs, outputs_new, tol)


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

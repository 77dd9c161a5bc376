import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    values = param.get("values", "normal")
    density = float(param.get("mask_density", 0.3))
    # Attention scores: a per-row offset on top of noise (the max subtraction keeps exp finite).
    x = torch.randn(shape, dtype=torch.float32, device=device) * 3.0
    x = x + torch.randn(list(shape[:-1]) + [1], dtype=torch.float32, device=device) * 20.0
    mask = torch.rand(shape, device=device) < density
    if values == "causal" and len(shape) >= 2:
        # A causal mask over the last two axes (Sq, Sk), key positions after the query masked.
        sq, sk = shape[-2], shape[-1]
        q = torch.arange(sq, device=device).unsqueeze(1)
        k = torch.arange(sk, device=device).unsqueeze(0)
        mask = (k > q + (sk - sq)).expand(shape).clone()
    elif values == "special":
        # Large magnitudes (one huge score takes its row), zeros, constant rows, rows with a
        # single unmasked position, and unmasked -> every position kept.
        big = 6.0e4 if dtype == torch.float16 else 1.0e30
        r = torch.rand(shape, device=device)
        x = torch.where(r < 0.05, torch.zeros_like(x), x)
        x = torch.where((r >= 0.05) & (r < 0.06), torch.full_like(x, big), x)
        x = torch.where((r >= 0.06) & (r < 0.07), torch.full_like(x, -big), x)
        flat_x = x.reshape(-1, shape[-1])
        flat_m = mask.reshape(-1, shape[-1])
        rows = flat_x.shape[0]
        if rows > 1:
            flat_x[1] = 7.0
            flat_m[1] = False
        if rows > 2:
            flat_m[2] = True
            flat_m[2, shape[-1] // 2] = False
    if values != "causal":
        # Every row keeps at least one position (an all-masked row is NaN, see api_desc.md),
        # unless the case asks for fully masked rows.
        flat_m = mask.reshape(-1, shape[-1])
        flat_m[:, 0] = False
        if values == "allmasked" and flat_m.shape[0] > 3:
            flat_m[3] = True
    if param.get("mask_kind", "bool") == "additive":
        # The same positions as -inf in an additive mask, plus a bias (like a relative-position
        # bias) on the kept ones; one bias in eight is a large finite negative value.
        bias = torch.randn(shape, device=device) * 2.0
        bias = torch.where(torch.rand(shape, device=device) < 0.125, torch.full_like(bias, -1.0e4), bias)
        mask = torch.where(mask, torch.full_like(bias, float("-inf")), bias).to(dtype)
    return [x.to(dtype), mask]


def get_init_inputs(param, device=None):
    return [float(param.get("scale", 1.0))]


def custom_check_precision(param, outputs, outputs_new):
    """The benchmark's default rule (tolerance 1e-3) for float16 and float32. bfloat16 accepts
    one bfloat16 ulp (relative 2^-7): kernel and reference agree to float32 rounding (exp and
    the row sum in another order), which can tip the final rounding to bfloat16. A fully masked
    row is NaN in both (compared for equality, like every non-finite element)."""
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

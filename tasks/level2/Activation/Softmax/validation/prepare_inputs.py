import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    scale = float(param.get("scale", 3.0))
    # A per-row offset: the max subtraction is what keeps exp() finite.
    x = torch.randn(shape, dtype=torch.float32, device=device) * scale
    x = x + torch.randn(list(shape[:-1]) + [1], dtype=torch.float32, device=device) * 20.0
    if param.get("values", "normal") == "special":
        # Masked positions (-inf, whose probability is exactly 0), a huge logit that takes the
        # whole row, and constant rows (a uniform distribution); every row keeps at least one
        # finite value, so no row is all -inf.
        big = 6.0e4 if dtype == torch.float16 else 1.0e30
        r = torch.rand(shape, device=device)
        x = torch.where(r < 0.10, torch.full_like(x, float("-inf")), x)
        x = torch.where((r >= 0.10) & (r < 0.11), torch.full_like(x, big), x)
        x[..., 0] = torch.randn(list(shape[:-1]), device=device)
        if x.dim() > 1 and x.shape[0] > 1:
            x[1] = 7.0
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """The benchmark's default rule (tolerance 1e-3) for float16 and float32. bfloat16 accepts
    one bfloat16 ulp (relative 2^-7): kernel and reference agree to float32 rounding (exp and
    the row sum in another order), which can tip the final rounding to bfloat16."""
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

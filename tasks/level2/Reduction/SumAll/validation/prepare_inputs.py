import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    values = param.get("values", "normal")
    # A positive mean keeps the sum away from zero, so the relative error is meaningful.
    x = torch.rand(shape, dtype=torch.float32, device=device) * 2.0 - 0.75
    if values == "large":
        # Large magnitudes with a positive mean (the sum stays finite in the output dtype).
        x = x * (10.0 if dtype == torch.float16 else 1.0e30)
    elif values in ("inf", "nan"):
        # One +inf makes the sum +inf; a -inf next to it makes it NaN.
        flat = x.reshape(-1)
        flat[flat.numel() // 3] = float("inf")
        if values == "nan":
            flat[(2 * flat.numel()) // 3] = float("-inf")
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """The benchmark's default rule (tolerance 1e-3, relative to a sum kept away from zero),
    except that the "inf" and "nan" cases produce a non-finite sum on purpose: it passes when it
    equals the reference (+inf, or NaN), instead of failing the case as the default rule does.
    bfloat16 accepts one bfloat16 ulp (relative 2^-7): the float32 sums of kernel and reference
    add in different orders, and their last bits can tip the final rounding to bfloat16."""
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

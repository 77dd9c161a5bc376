import ast

import torch


def operand(shape, dtype, values, device=None):
    """A matmul operand: normal values, or the stress patterns below. Every value is finite."""
    t = torch.randn(shape, dtype=torch.float32, device=device)
    if values == "special":
        # Zero rows and columns, an all-negative stretch, exact small integers (their sums are
        # exact in any order), and isolated large entries.
        flat = t.reshape(-1, shape[-1])
        flat[0::7] = 0.0
        flat[:, 1::9] = 0.0
        flat[2::7] = -flat[2::7].abs()
        flat[3::7] = torch.randint(-4, 5, flat[3::7].shape, device=device).float()
        flat[4::7, 0] = 100.0
    elif values == "large":
        # Large magnitudes that stay finite: float16 results near 1e3-1e4, bfloat16 far beyond
        # float16's range.
        t = t * (8.0 if dtype == torch.float16 else 1.0e10)
    return t.to(dtype)


def get_inputs(param, device=None):
    sizes = ast.literal_eval(str(param["group_sizes"]))
    k, n = int(param["k"]), int(param["n"])
    dtype = getattr(torch, param.get("dtype", "float16"))
    values = param.get("values", "normal")
    m = sum(sizes)
    group_list = torch.cumsum(torch.tensor(sizes, dtype=torch.int64), 0)
    return [operand([m, k], dtype, values, device), operand([len(sizes), k, n], dtype, values, device), group_list]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """A grouped matmul sums K products in float32 in another order than the reference, which moves each
    result by rounding errors of the size of its terms, not of its value: an element passes when
    its error is within tol * (|reference| + mean |reference|), tol 1e-3 for float16 and one
    bfloat16 ulp (2^-7) for bfloat16, whose final rounding can tip either way. Non-finite
    elements must equal the reference's."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 1e-3
    return _check(outputs, outputs_new, tol)


def _check(outputs, outputs_new, tol):
    """Returns (ok, abs_diff, rel_diff) as the benchmark expects."""
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
        finite_ref = torch.where(special, torch.zeros_like(ref), ref)
        scale = finite_ref.abs().mean() if ref.numel() > 0 else torch.tensor(0.0, dtype=torch.float64)
        abs_diff = torch.where(special, torch.zeros_like(ref), (ref - out).abs())
        rel_diff = abs_diff / (finite_ref.abs() + scale + 1e-30)
        if bool((special & ~same).any()) or bool((rel_diff > tol).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

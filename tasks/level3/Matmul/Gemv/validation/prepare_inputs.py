import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1, 1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    values = param.get("values", "normal")
    k = shape[-1]
    a = torch.randn(shape, dtype=torch.float32, device=device)
    x = torch.randn([k], dtype=torch.float32, device=device)
    if values == "special":
        # Zero rows, a zero x stretch, all-negative rows, exact small integers (sums exact in any
        # order) and one large entry per row.
        flat = a.reshape(-1, k)
        flat[0::5] = 0.0
        flat[1::5] = -flat[1::5].abs()
        flat[2::5] = torch.randint(-4, 5, flat[2::5].shape, device=device).float()
        flat[3::5, 0] = 200.0
        x[k // 2:] = 0.0
        if k > 2:
            x[1] = -3.0
    elif values == "large":
        # Large magnitudes that stay finite in the dtype: results near 1e4 for float16, far beyond
        # float16's range for float32 and bfloat16.
        big = 8.0 if dtype == torch.float16 else 1.0e6
        a = a * big
        x = x * big
    return [a.to(dtype), x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """A dot product's float32 sum in another order differs from the reference by rounding errors of
    the size of its terms, not of its result: an element passes when its error is within tol times
    (|reference| + the mean |reference| of the tensor), tol 1e-3 for float16/float32 and one
    bfloat16 ulp (2^-7) for bfloat16, whose final rounding can tip either way. Non-finite elements
    must equal the reference's."""
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

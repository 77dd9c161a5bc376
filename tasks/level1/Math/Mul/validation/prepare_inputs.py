import ast

import torch

ABS_TOL = 1e-3
REL_TOL = 1e-3


def _shape(param):
    return [int(v) for v in ast.literal_eval(str(param.get("shape", "[1]")))]


def _sprinkle(x, specials, fraction=0.1):
    """Overwrites about `fraction` of the elements with values drawn from `specials`; a tiny
    tensor gets them in its leading elements instead, so that it still meets them."""
    flat = x.reshape(-1).clone()
    n = flat.numel()
    values = torch.tensor(specials, dtype=torch.float64 if flat.is_floating_point() else torch.int64)
    if n <= 2 * len(specials):
        k = min(n, len(specials))
        flat[:k] = values[:k].to(flat.dtype)
        return flat.reshape(x.shape)
    hit = torch.rand(n) < fraction
    pick = torch.randint(0, len(specials), (n,))
    flat[hit] = values[pick[hit]].to(flat.dtype)
    return flat.reshape(x.shape)


def _spread(shape, lo, hi):
    """Random signs and magnitudes 2^e with e uniform in [lo, hi): many binades at once."""
    e = torch.rand(shape) * (hi - lo) + lo
    sign = torch.where(torch.rand(shape) < 0.5, -1.0, 1.0)
    return sign * torch.exp2(e)


def _exp_range(dtype):
    """A binade range that stays well inside the finite range of `dtype`."""
    return (-12.0, 12.0) if dtype == torch.float16 else (-60.0, 60.0)


def _float_specials(dtype):
    info = torch.finfo(dtype)
    inf, nan = float("inf"), float("nan")
    return [0.0, -0.0, inf, -inf, nan, info.max, -info.max, info.tiny, -info.tiny, 1.0, -1.0]


def get_inputs(param, device=None):
    shape = _shape(param)
    dtype = getattr(torch, param.get("dtype", "float32"))
    mode = param.get("values", "normal")
    if dtype == torch.int32:
        if mode == "normal":
            low, high = -1000, 1000
        else:
            # The full int32 range: sums, differences and products wrap around modulo 2^32.
            low, high = -2 ** 31, 2 ** 31
        x1 = torch.randint(low, high, shape, dtype=torch.int64)
        x2 = torch.randint(low, high, shape, dtype=torch.int64)
        if mode == "special":
            edges = [0, 1, -1, 2 ** 31 - 1, -2 ** 31]
            x1, x2 = _sprinkle(x1, edges, 0.2), _sprinkle(x2, edges, 0.2)
        return [x1.to(torch.int32).to(device), x2.to(torch.int32).to(device)]
    if mode == "normal":
        x1, x2 = torch.randn(shape), torch.randn(shape)
    else:
        lo, hi = _exp_range(dtype)
        x1, x2 = _spread(shape, lo, hi), _spread(shape, lo, hi)
    x1, x2 = x1.to(dtype), x2.to(dtype)
    if mode == "special":
        specials = _float_specials(dtype)
        x1, x2 = _sprinkle(x1, specials, 0.15), _sprinkle(x2, specials, 0.15)
    return [x1.to(device), x2.to(device)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """The default rule fails a case as soon as any value is non-finite, but this operator's reference
    defines inf and NaN results (0 * inf = NaN, overflow to inf). Rule: a non-finite reference
    value must be matched exactly (NaN by NaN, +inf by +inf, -inf by -inf); finite values pass
    within the default tolerance (absolute or relative error at most 1e-3); int32 results must
    be equal."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    max_abs, max_rel = 0.0, 0.0
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.reshape(-1)
        out = out.reshape(-1)
        if not ref.is_floating_point():
            if not torch.equal(ref, out):
                ok = False
                diff = (ref.to(torch.int64) - out.to(torch.int64)).abs()
                max_abs = max(max_abs, float(diff.max()))
                max_rel = max(max_rel, float((diff / (ref.to(torch.int64).abs() + 1e-7)).max()))
            continue
        # float32 holds every float16, bfloat16 and float32 value exactly.
        ref, out = ref.float(), out.float()
        finite = torch.isfinite(ref) & torch.isfinite(out)
        if not bool(finite.all()):
            same = (torch.isnan(ref) & torch.isnan(out)) | (ref == out)
            if not bool((finite | same).all()):
                ok = False
                max_abs, max_rel = float("inf"), float("inf")
            ref = torch.where(finite, ref, torch.zeros_like(ref))
            out = torch.where(finite, out, torch.zeros_like(out))
        abs_diff = (ref - out).abs()
        rel_diff = abs_diff / (ref.abs() + 1e-7)
        if bool(((abs_diff > ABS_TOL) & (rel_diff > REL_TOL)).any()):
            ok = False
        if abs_diff.numel():
            max_abs = max(max_abs, float(abs_diff.max()))
            max_rel = max(max_rel, float(rel_diff.max()))
    return int(ok), torch.tensor([max_abs], dtype=torch.float64), torch.tensor([max_rel], dtype=torch.float64)

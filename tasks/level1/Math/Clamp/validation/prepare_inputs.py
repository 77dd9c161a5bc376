import ast

import torch

# Planted at every 5th element when a case sets special=1.
FLOAT_SPECIALS = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), 6.0e4, -6.0e4, 1e-7, -1e-7]
INT32_SPECIALS = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 65536, -65536]


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    scale = float(param.get("scale", 1.0))
    special = int(param.get("special", 0)) != 0
    numel = 1
    for d in shape:
        numel *= d
    if dtype.is_floating_point:
        x = (torch.randn(numel, dtype=torch.float32, device=device) * scale).to(dtype)
        specials = FLOAT_SPECIALS
    else:
        bound = int(scale)
        x = torch.randint(-bound, bound + 1, (numel,), dtype=torch.int64, device=device).to(dtype)
        specials = INT32_SPECIALS
    if special and numel > 0:
        idx = torch.arange(0, numel, 5, device=device)
        vals = torch.tensor(specials, dtype=torch.float64 if dtype.is_floating_point else torch.int64,
                            device=device).repeat(idx.numel() // len(specials) + 1)[: idx.numel()]
        x[idx] = vals.to(dtype)
    return [x.reshape(shape)]


def get_init_inputs(param, device=None):
    return [float(param["min"]), float(param["max"])]


def custom_check_precision(param, outputs, outputs_new):
    """Clamping is exact: every output is its input or one of the bounds (rounded to the dtype
    as the reference rounds it), so every element must match; NaN must stay NaN and the
    infinities must match. The default rule cannot be used because it fails any case whose
    outputs contain a non-finite value, which the special-value cases do by design."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    diffs = []
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.reshape(-1).double()
        out = out.reshape(-1).double()
        same = (ref == out) | (torch.isnan(ref) & torch.isnan(out))
        if not bool(same.all()):
            ok = False
        diffs.append(torch.where(same, torch.zeros_like(ref), (ref - out).abs().nan_to_num(float("inf"))))
    if not diffs:
        return 0, torch.zeros(1), torch.zeros(1)
    diff = torch.cat(diffs)
    return int(ok), diff, diff

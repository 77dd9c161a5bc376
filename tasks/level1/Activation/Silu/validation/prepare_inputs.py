import ast

import torch

# Planted at every 7th element when a case sets special=1: signed zeros, infinities, NaN, the
# saturation region on both sides and tiny magnitudes.
SPECIALS = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), 30.0, -30.0, 1e4, -1e4, 1e-6, -1e-6, 88.0, -88.0]


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    scale = float(param.get("scale", 1.0))
    special = int(param.get("special", 0)) != 0
    x = torch.randn(shape, dtype=torch.float32, device=device) * scale
    if special and x.numel() > 0:
        flat = x.reshape(-1)
        idx = torch.arange(0, flat.numel(), 7, device=device)
        vals = torch.tensor(SPECIALS, dtype=torch.float32, device=device)
        flat[idx] = vals.repeat(idx.numel() // len(SPECIALS) + 1)[: idx.numel()]
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """The default rule (an element fails when both its absolute and its relative error exceed
    1e-3), with two changes:
    - non-finite values are allowed where the reference has the same value (NaN inputs give NaN),
      since the special-value cases feed NaN on purpose and the default rule fails any case
      with a non-finite output;
    - bfloat16 accepts one bfloat16 ulp (2^-7 relative): the kernel and the reference both
      compute in float32 and round once, but float32 results that differ in the last bit can
      still round to neighbouring bfloat16 values."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 1e-3
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.reshape(-1).double()
        out = out.reshape(-1).double()
        finite = torch.isfinite(ref) & torch.isfinite(out)
        same_special = (torch.isnan(ref) & torch.isnan(out)) | (ref == out)
        abs_diff = torch.where(finite, (ref - out).abs(), torch.zeros_like(ref))
        rel_diff = abs_diff / (ref.abs() + 1e-7)
        bad = (abs_diff > tol) & (rel_diff > tol)
        bad |= ~finite & ~same_special
        if bool(bad.any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

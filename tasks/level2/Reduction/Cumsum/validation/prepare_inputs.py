import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    values = param.get("values", "normal")
    x = torch.randn(shape, dtype=torch.float32, device=device)
    if values == "positive":
        # Monotone growth: the running sum reaches thousands (float16 keeps its range).
        x = torch.rand(shape, device=device) * 2.0
    elif values == "special":
        r = torch.rand(shape, device=device)
        x = torch.where(r < 0.1, torch.zeros_like(x), x)
        x = torch.where((r >= 0.1) & (r < 0.101), torch.full_like(x, float("inf")), x)
        x = torch.where((r >= 0.101) & (r < 0.102), torch.full_like(x, float("-inf")), x)
        x = torch.where((r >= 0.102) & (r < 0.103), torch.full_like(x, float("nan")), x)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Element-wise check; the tolerance is the default 1e-3 (absolute or relative) for float32
    and float16, and one bfloat16 ulp (2^-7 relative) for bfloat16 (a float32 Add that rounds
    differently from the host's would tip the rounding to bfloat16 by one ulp). Non-finite
    values (inf from an inf input, NaN after inf - inf or a NaN input) must match the reference
    exactly, instead of failing the whole case as the default rule does."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 1e-3
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

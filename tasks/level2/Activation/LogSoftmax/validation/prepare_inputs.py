import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    scale = float(param.get("scale", 3.0))
    values = param.get("values", "normal")
    x = torch.randn(shape, dtype=torch.float32, device=device) * scale
    if values == "special":
        # Masked positions (-inf) as in attention; a few rows with +inf or NaN (all-NaN rows in
        # the reference); a large common offset per row (the max subtraction must cancel it).
        r = torch.rand(shape, device=device)
        x = x + (torch.rand(list(shape[:-1]) + [1], device=device) - 0.5) * 2000.0
        x = torch.where(r < 0.2, torch.full_like(x, float("-inf")), x)
        x = torch.where((r >= 0.2) & (r < 0.201), torch.full_like(x, float("inf")), x)
        x = torch.where((r >= 0.201) & (r < 0.202), torch.full_like(x, float("nan")), x)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Default rule (1e-3 absolute or relative), except bfloat16, where one bfloat16 ulp (2^-7
    relative) is accepted: Exp/Ln and the sum are evaluated in a different order than PyTorch's
    and the last float32 bits can tip the rounding to bfloat16. Non-finite outputs (-inf for a
    masked input, NaN for rows holding +inf or NaN) must match the reference exactly."""
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

import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    values = param.get("values", "normal")
    x1 = torch.randn(shape, dtype=torch.float32, device=device)
    x2 = torch.randn(shape, dtype=torch.float32, device=device) * 0.5
    # Rows of very different scales.
    x1 = x1 * (torch.rand(list(shape[:-1]) + [1], device=device) * 4.0 + 0.25)
    if values == "cancel":
        # x2 nearly cancels x1: small sums, some rows exactly zero (then y = 0).
        x2 = -x1 + 1e-2 * torch.randn(shape, device=device)
        if len(shape) > 1 and shape[0] > 1:
            x2[0] = -x1[0]
    elif values == "large":
        big = {torch.float16: 100.0, torch.bfloat16: 1e15, torch.float32: 1e15}[dtype]
        x1 = x1 * big
    gamma = 1.0 + 0.3 * torch.randn([shape[-1]], dtype=torch.float32, device=device)
    return [x1.to(dtype), x2.to(dtype), gamma.to(dtype)]


def get_init_inputs(param, device=None):
    return [float(param.get("epsilon", 1e-6))]


def custom_check_precision(param, outputs, outputs_new):
    """Default rule with tolerance 1e-3, except bfloat16, where one bfloat16 ulp (2^-7 relative)
    is accepted: the sum of squares is accumulated in a different order than PyTorch's, and the
    last float32 bits can tip the final rounding to bfloat16. Both outputs (y and x) are checked."""
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
        abs_diff = (ref - out).abs()
        rel_diff = abs_diff / (ref.abs() + 1e-7)
        if not bool(torch.isfinite(out).all()) or bool(((abs_diff > tol) & (rel_diff > tol)).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

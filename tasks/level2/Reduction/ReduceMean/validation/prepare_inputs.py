import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    values = param.get("values", "normal")
    x = torch.randn(shape, dtype=torch.float32, device=device)
    if values == "offset":
        # Large common offset: the mean is dominated by it, cancellation-free but large sums.
        x = x + 1000.0
    elif values == "wide":
        # Magnitudes over several decades, both signs, some exact zeros.
        x = x * torch.pow(10.0, torch.randint(-3, 4, shape, device=device).float())
        x = torch.where(torch.rand(shape, device=device) < 0.1, torch.zeros_like(x), x)
    elif values == "special":
        r = torch.rand(shape, device=device)
        x = torch.where(r < 0.002, torch.full_like(x, float("inf")), x)
        x = torch.where((r >= 0.002) & (r < 0.004), torch.full_like(x, float("-inf")), x)
        x = torch.where((r >= 0.004) & (r < 0.005), torch.full_like(x, float("nan")), x)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    keepdim = str(param.get("keepdim", "False")).strip().lower() in ("1", "true", "yes")
    return [int(param.get("axis", -1)), keepdim]


def custom_check_precision(param, outputs, outputs_new):
    """Default rule (1e-3 absolute or relative), except bfloat16, where one bfloat16 ulp (2^-7
    relative) is accepted: the float32 sum is formed in a different order than PyTorch's and
    its last bits can tip the rounding to bfloat16. Inputs with +-inf/NaN ("special") must give
    the same non-finite results as the reference."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 1e-3
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel() or tuple(ref.shape) != tuple(out.shape):
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

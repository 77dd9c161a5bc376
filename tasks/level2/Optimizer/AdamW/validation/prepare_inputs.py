import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    step = int(param.get("step", 1))
    grad_scale = float(param.get("grad_scale", 1.0))
    p = torch.randn(shape, dtype=torch.float32, device=device)
    g = torch.randn(shape, dtype=torch.float32, device=device) * grad_scale
    if step == 1:
        # The first step starts from zero moments, as torch.optim.AdamW does.
        m = torch.zeros(shape, dtype=torch.float32, device=device)
        v = torch.zeros(shape, dtype=torch.float32, device=device)
    else:
        m = torch.randn(shape, dtype=torch.float32, device=device) * 0.1 * grad_scale
        v = (torch.randn(shape, dtype=torch.float32, device=device) * 0.1 * grad_scale) ** 2 + 1e-4 * grad_scale ** 2
    # Some exact zeros in the gradient (with zero moments at the first step the update is 0/eps).
    if g.numel() > 1:
        g.view(-1)[torch.randperm(g.numel())[: max(1, g.numel() // 10)]] = 0.0
    return [p.to(dtype), g.to(dtype), m.to(dtype), v.to(dtype)]


def get_init_inputs(param, device=None):
    return [float(param.get("lr", 1e-3)), float(param.get("beta1", 0.9)), float(param.get("beta2", 0.999)),
            float(param.get("eps", 1e-8)), float(param.get("weight_decay", 1e-2)), int(param.get("step", 1))]


def custom_check_precision(param, outputs, outputs_new):
    """1e-3 absolute or relative; bfloat16 accepts one bfloat16 ulp (2^-7 relative) because
    the float32 evaluation order differs slightly from the reference, which can tip the final rounding.
    Non-finite values must be identical (NaN with NaN, inf with inf of the same sign)."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 1e-3
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.reshape(-1).double()
        out = out.reshape(-1).double()
        special = ~torch.isfinite(ref) | ~torch.isfinite(out)
        same = (torch.isnan(ref) & torch.isnan(out)) | (ref == out)
        if bool((special & ~same).any()):
            ok = False
        r, o = ref[~special], out[~special]
        if r.numel() == 0:
            continue
        abs_diff = (r - o).abs()
        rel_diff = abs_diff / (r.abs() + 1e-7)
        if bool(((abs_diff > tol) & (rel_diff > tol)).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return int(ok), torch.zeros(1, dtype=torch.float64), torch.zeros(1, dtype=torch.float64)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

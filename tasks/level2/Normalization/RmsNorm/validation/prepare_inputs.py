import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    x = torch.randn(shape, dtype=torch.float32, device=device)
    x = x * (torch.rand(list(shape[:-1]) + [1], device=device) * 4.0 + 0.25)
    gamma = 1.0 + 0.3 * torch.randn([shape[-1]], dtype=torch.float32, device=device)
    if param.get("values", "normal") == "special":
        # Rows of zeros (the rms is sqrt(epsilon), the output 0), constant rows, rows of large
        # magnitude (squares near 1e30, far beyond float16) and rows of tiny values, where
        # epsilon dominates the mean square.
        cols = shape[-1]
        rows = x.reshape(-1, cols)
        big = 1.0e4 if dtype == torch.float16 else 1.0e15
        for i in range(rows.shape[0]):
            kind = i % 5
            if kind == 0:
                rows[i] = 0.0
            elif kind == 1:
                rows[i] = -2.5
            elif kind == 2:
                rows[i] = torch.randn([cols], device=device) * big
            elif kind == 3:
                rows[i] = torch.randn([cols], device=device) * 1.0e-4
        x = rows.reshape(shape)
    return [x.to(dtype), gamma.to(dtype)]


def get_init_inputs(param, device=None):
    return [float(param.get("epsilon", 1e-6))]


def custom_check_precision(param, outputs, outputs_new):
    """Default rule with tolerance 1e-3, except bfloat16, where one bfloat16 ulp (2^-7
    relative) is accepted: the sum of squares is accumulated in a different order than
    PyTorch's, and the last float32 bits can tip the final rounding to bfloat16."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 1e-3
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.float().reshape(-1)
        out = out.float().reshape(-1)
        abs_diff = (ref - out).abs()
        rel_diff = abs_diff / (ref.abs() + 1e-7)
        if not torch.isfinite(out).all() or bool(((abs_diff > tol) & (rel_diff > tol)).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    p = float(param.get("true_ratio", 0.5))
    condition = torch.rand(shape, device=device) < p
    x = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    y = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    return [condition, x, y]


def get_init_inputs(param, device=None):
    return []

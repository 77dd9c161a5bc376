import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    x1 = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    x2 = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    return [x1, x2]


def get_init_inputs(param, device=None):
    return []

import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    x = (torch.randn(shape, dtype=torch.float32, device=device) * 10.0).to(dtype)
    return [x]


def get_init_inputs(param, device=None):
    return []

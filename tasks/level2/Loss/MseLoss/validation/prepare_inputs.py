import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    target = torch.randn(shape, dtype=torch.float32, device=device)
    noise = torch.randn(shape, dtype=torch.float32, device=device) * 0.5
    return [(target + noise).to(dtype), target.to(dtype)]


def get_init_inputs(param, device=None):
    return [str(param.get("reduction", "mean"))]

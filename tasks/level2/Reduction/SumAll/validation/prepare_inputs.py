import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    # A positive mean keeps the sum away from zero, so the relative error is meaningful.
    x = (torch.rand(shape, dtype=torch.float32, device=device) * 2.0 - 0.75).to(dtype)
    return [x]


def get_init_inputs(param, device=None):
    return []

import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    lambd = float(param.get("lambd", 0.5))
    x = torch.randn(shape, dtype=torch.float32, device=device) * 2.0
    # Some values exactly on the thresholds: the comparisons are strict.
    edge = torch.rand(shape, device=device) < 0.02
    x = torch.where(edge, torch.sign(x) * lambd, x)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return [float(param.get("lambd", 0.5))]

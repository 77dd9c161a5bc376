import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    cols = shape[-1]
    # Rows with their own offset and spread, as activations have.
    x = torch.randn(shape, dtype=torch.float32, device=device)
    x = x * (torch.rand(list(shape[:-1]) + [1], device=device) * 3.0 + 0.5)
    x = x + torch.randn(list(shape[:-1]) + [1], device=device) * 2.0
    gamma = 1.0 + 0.2 * torch.randn([cols], dtype=torch.float32, device=device)
    beta = 0.1 * torch.randn([cols], dtype=torch.float32, device=device)
    return [x.to(dtype), gamma.to(dtype), beta.to(dtype)]


def get_init_inputs(param, device=None):
    return [float(param.get("epsilon", 1e-5))]

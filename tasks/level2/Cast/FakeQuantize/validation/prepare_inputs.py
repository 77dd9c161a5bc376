import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    scale = float(param["scale"])
    amplitude = float(param.get("amplitude", 3.0))
    x = torch.randn(shape, dtype=torch.float32, device=device) * amplitude
    # Half of the values sit exactly between two grid points (exact for power-of-two scales),
    # so ties-to-even and ties-away-from-zero rounding give different results.
    ties = (torch.randint(-400, 400, shape, device=device).float() + 0.5) * scale
    pick = torch.rand(shape, device=device) < 0.5
    return [torch.where(pick, ties, x)]


def get_init_inputs(param, device=None):
    return [float(param["scale"]), int(param["zero_point"]), int(param["quant_min"]), int(param["quant_max"])]

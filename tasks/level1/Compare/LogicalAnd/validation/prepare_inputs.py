import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    # Probabilities of True in x1 and x2: 0 and 1 give all-False / all-True tensors.
    p1 = float(param.get("p1", 0.5))
    p2 = float(param.get("p2", 0.5))
    x1 = torch.rand(shape, device=device) < p1
    x2 = torch.rand(shape, device=device) < p2
    return [x1, x2]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """A logical operation is exact: every element must match, and the result must be bool."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    diffs = []
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        diff = (ref.reshape(-1).to(torch.int16) - out.reshape(-1).to(torch.int16)).abs().float()
        if bool(diff.any()):
            ok = False
        diffs.append(diff)
    if not diffs:
        return 0, torch.zeros(1), torch.zeros(1)
    diff = torch.cat(diffs)
    return int(ok), diff, diff

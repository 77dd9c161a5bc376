import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    x1 = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    x2 = torch.randn(shape, dtype=torch.float32, device=device).to(dtype)
    # Ties decide between >= and >: make a tenth of the pairs equal.
    equal = torch.rand(shape, device=device) < 0.1
    x2 = torch.where(equal, x1, x2)
    if param.get("values", "normal") == "special":
        # Signed zeros (0 >= -0 holds), large magnitudes, +-inf (inf >= inf holds) and NaN
        # (every comparison with NaN is false), on either side.
        x1 = _special(x1.float(), param).to(dtype)
        x2 = _special(x2.float(), param).to(dtype)
    return [x1, x2]


def _special(x, param):
    r = torch.rand(x.shape, device=x.device)
    big = 6.0e4 if param.get("dtype") == "float16" else 3.0e38
    x = torch.where(r < 0.04, torch.zeros_like(x), x)
    x = torch.where((r >= 0.04) & (r < 0.08), torch.full_like(x, -0.0), x)
    x = torch.where((r >= 0.08) & (r < 0.12), x.sign() * big, x)
    x = torch.where((r >= 0.12) & (r < 0.15), torch.full_like(x, float("inf")), x)
    x = torch.where((r >= 0.15) & (r < 0.18), torch.full_like(x, float("-inf")), x)
    x = torch.where((r >= 0.18) & (r < 0.21), torch.full_like(x, float("nan")), x)
    return x


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """A comparison is exact: every element must match."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    diffs = []
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        diff = (ref.reshape(-1).float() - out.reshape(-1).float()).abs()
        if bool(diff.any()):
            ok = False
        diffs.append(diff)
    if not diffs:
        return 0, torch.zeros(1), torch.zeros(1)
    diff = torch.cat(diffs)
    return int(ok), diff, diff

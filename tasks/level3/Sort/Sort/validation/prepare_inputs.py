import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    values = param.get("values", "normal")
    if values == "ties":
        # Few distinct values: long runs of equal values, so the stable tie order is exercised.
        x = torch.randint(-3, 4, shape, device=device).float()
    elif values == "sorted":
        # Already sorted and reverse-sorted rows (every other row).
        x = torch.sort(torch.randn(shape, dtype=torch.float32, device=device) * 100.0, dim=-1).values
        flat = x.reshape(-1, shape[-1])
        flat[1::2] = torch.flip(flat[1::2], dims=[-1])
    else:
        x = torch.randn(shape, dtype=torch.float32, device=device) * 100.0
    if values == "special":
        # Zeros of both signs (equal: input order), large magnitudes and both infinities.
        # No NaN: outside the contract.
        big = 6.0e4 if dtype == torch.float16 else 1.0e30
        r = torch.rand(shape, device=device)
        x = torch.where(r < 0.05, torch.zeros_like(x), x)
        x = torch.where((r >= 0.05) & (r < 0.10), torch.full_like(x, -0.0), x)
        x = torch.where((r >= 0.10) & (r < 0.13), torch.full_like(x, big), x)
        x = torch.where((r >= 0.13) & (r < 0.16), torch.full_like(x, -big), x)
        x = torch.where((r >= 0.16) & (r < 0.20), torch.full_like(x, float("inf")), x)
        x = torch.where((r >= 0.20) & (r < 0.24), torch.full_like(x, float("-inf")), x)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Exact: the values are a permutation of the inputs (no arithmetic) and the indices are
    positions in the stable order (equal values, -0.0 and +0.0 included, keep their input order)."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.shape != out.shape or ref.dtype != out.dtype:
            ok = False
            continue
        if not bool(torch.equal(ref, out)):
            ok = False
        ref = ref.double().reshape(-1)
        out = out.double().reshape(-1)
        finite = torch.isfinite(ref) & torch.isfinite(out)
        abs_diff = torch.where(finite, (ref - out).abs(), torch.zeros_like(ref))
        abs_diff = torch.where(~finite & (ref != out), torch.full_like(ref, float("inf")), abs_diff)
        abs_all.append(abs_diff)
        rel_all.append(abs_diff / (ref.abs() + 1e-7))
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

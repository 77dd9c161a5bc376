import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    x = torch.randn(shape, dtype=torch.float32, device=device) * 10.0
    if param.get("values", "normal") == "special":
        # All-negative rows, rows with +inf (the max) or -inf (never the max unless the row is
        # all -inf), rows of signed zeros, and values at the top of the dtype's range.
        cols = shape[-1]
        rows = x.reshape(-1, cols)
        big = 6.5e4 if dtype == torch.float16 else 3.0e38
        r = torch.rand(rows.shape, device=device)
        rows = torch.where(r < 0.03, torch.full_like(rows, float("-inf")), rows)
        rows = torch.where((r >= 0.03) & (r < 0.05), rows.sign() * big, rows)
        for i in range(rows.shape[0]):
            kind = i % 6
            if kind == 0:
                rows[i] = -rows[i].abs() - 1.0
            elif kind == 1:
                rows[i, (i * 7919) % cols] = float("inf")
            elif kind == 2:
                rows[i] = float("-inf")
            elif kind == 3:
                rows[i] = torch.where(r[i] < 0.5, 0.0, -0.0)
        x = rows.reshape(shape)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """The maximum is one of the inputs, so the default rule (tolerance 1e-3) is generous; the
    "special" cases have rows whose maximum is +inf or -inf on purpose: a non-finite output
    passes where the reference has the same value, instead of failing the whole case as the
    default rule does for any non-finite value."""
    return _check(outputs, outputs_new, 1e-3)


def _check(outputs, outputs_new, tol):
    """Elements fail when both their absolute and relative errors exceed `tol`; a non-finite
    element passes only where the reference holds the same value (the same infinity, or NaN
    where the reference has NaN). Returns (ok, abs_diff, rel_diff) as the benchmark expects."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.double().reshape(-1)
        out = out.double().reshape(-1)
        special = ~torch.isfinite(ref) | ~torch.isfinite(out)
        same = (torch.isnan(ref) & torch.isnan(out)) | (ref == out)
        abs_diff = torch.where(special, torch.zeros_like(ref), (ref - out).abs())
        rel_diff = abs_diff / (ref.abs().nan_to_num(0.0, 0.0, 0.0) + 1e-7)
        if bool((special & ~same).any()) or bool(((abs_diff > tol) & (rel_diff > tol)).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

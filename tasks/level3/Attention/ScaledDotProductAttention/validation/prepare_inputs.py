import ast

import torch


def get_inputs(param, device=None):
    heads = ast.literal_eval(str(param.get("heads", "[1]")))
    sq, sk, d = int(param["sq"]), int(param["sk"]), int(param["d"])
    dtype = getattr(torch, param.get("dtype", "float16"))
    values = param.get("values", "normal")
    q = torch.randn(heads + [sq, d], device=device)
    k = torch.randn(heads + [sk, d], device=device)
    v = torch.randn(heads + [sk, d], device=device)
    if values == "peaked":
        # Large scores: one key dominates most rows (softmax close to one-hot), others flat.
        q = q * 6.0
        k = k * 6.0
        k[..., 0, :] = 0.0
    elif values == "special":
        # Zero queries (uniform attention), identical keys (ties), negative and large values.
        q[..., 0::4, :] = 0.0
        if sk > 2:
            k[..., 1, :] = k[..., 2, :]
        v[..., 0::3, :] = -v[..., 0::3, :].abs() * 50.0
    return [q.to(dtype), k.to(dtype), v.to(dtype)]


def get_init_inputs(param, device=None):
    return [float(param.get("scale", 1.0)), str(param.get("causal", "false")).lower() == "true"]


def custom_check_precision(param, outputs, outputs_new):
    """Scores, softmax and P V are float32 sums in another order than the reference, and a
    probability can round the other way to the input dtype: an output element passes when its error
    is within tol * (|reference| + mean |reference|), tol 2e-3 for float16 and 2^-7 (one bfloat16
    ulp) for bfloat16. Inputs are finite."""
    tol = 2.0 ** -7 if param.get("dtype") == "bfloat16" else 2e-3
    return _check(outputs, outputs_new, tol)


def _check(outputs, outputs_new, tol):
    """Returns (ok, abs_diff, rel_diff) as the benchmark expects."""
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
        finite_ref = torch.where(special, torch.zeros_like(ref), ref)
        scale = finite_ref.abs().mean() if ref.numel() > 0 else torch.tensor(0.0, dtype=torch.float64)
        abs_diff = torch.where(special, torch.zeros_like(ref), (ref - out).abs())
        rel_diff = abs_diff / (finite_ref.abs() + scale + 1e-30)
        if bool((special & ~same).any()) or bool((rel_diff > tol).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

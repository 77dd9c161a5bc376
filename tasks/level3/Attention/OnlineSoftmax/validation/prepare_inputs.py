import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float16"))
    scale = float(param.get("scale", 3.0))
    values = param.get("values", "normal")
    # Noise plus a per-row offset (the max subtraction is what keeps exp finite), plus a slow
    # drift along the row so that the running maximum changes from tile to tile.
    cols = shape[-1]
    x = torch.randn(shape, dtype=torch.float32, device=device) * scale
    x = x + torch.randn(list(shape[:-1]) + [1], dtype=torch.float32, device=device) * 20.0
    x = x + torch.linspace(-4.0, 4.0, cols, device=device) * torch.randn(list(shape[:-1]) + [1], device=device)
    if values in ("special", "allmasked"):
        # -inf entries (probability exactly 0), rare huge logits that take the whole row, zeros,
        # and a constant row (uniform distribution).
        big = 6.0e4 if dtype == torch.float16 else 1.0e30
        r = torch.rand(shape, device=device)
        x = torch.where(r < 0.10, torch.full_like(x, float("-inf")), x)
        x = torch.where((r >= 0.10) & (r < 0.10 + 1.0 / (4 * cols)), torch.full_like(x, big), x)
        x = torch.where((r >= 0.2) & (r < 0.25), torch.zeros_like(x), x)
        flat = x.reshape(-1, cols)
        flat[:, 0] = torch.randn(flat.shape[0], device=device)
        if flat.shape[0] > 1:
            flat[1] = 7.0
        if values == "allmasked" and flat.shape[0] > 2:
            flat[2] = float("-inf")  # a fully -inf row: NaN, like the reference
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return []


def custom_check_precision(param, outputs, outputs_new):
    """Stricter than the default rule: rows of up to 1M elements hold probabilities around 1e-6,
    which an absolute tolerance of 1e-3 would accept whatever they are. An element fails when
    |out - ref| > rtol * |ref| + atol with rtol 1e-3 for float16 and float32 and one bfloat16
    ulp (2^-7) for bfloat16 (float32 sums in another order can tip the last rounding); atol is
    one float16 subnormal step, 2^-24 (probabilities below 6e-5 are subnormal in float16, where
    a relative bound means nothing), and negligible for float32 / bfloat16. Non-finite elements (a fully -inf row is NaN) must equal
    the reference."""
    dtype = param.get("dtype")
    rtol = 2.0 ** -7 if dtype == "bfloat16" else 1e-3
    atol = 2.0 ** -24 if dtype == "float16" else 1e-12
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
        rel_diff = abs_diff / (ref.abs().nan_to_num(0.0, 0.0, 0.0) + 1e-30)
        limit = rtol * ref.abs().nan_to_num(0.0, 0.0, 0.0) + atol
        if bool((special & ~same).any()) or bool((abs_diff > limit).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

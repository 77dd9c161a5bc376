import ast

import torch


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    amplitude = float(param.get("amplitude", 1.0))
    # Values spread over several binades, so every mantissa bit and the rounding matter.
    x = torch.randn(shape, dtype=torch.float32, device=device) * amplitude
    x = x * torch.exp2(torch.randint(-6, 7, shape, device=device).float())
    if param.get("values", "normal") == "special":
        # The edges of the formats: signed zeros, values that overflow float16 (-> inf) or sit
        # next to its largest finite value, float16 subnormals and values that underflow it,
        # values near the bfloat16 range ends, +-inf and NaN.
        r = torch.rand(shape, device=device)
        sign = torch.where(torch.rand(shape, device=device) < 0.5, -1.0, 1.0)
        u = torch.rand(shape, device=device)
        x = torch.where(r < 0.04, sign * 0.0, x)
        x = torch.where((r >= 0.04) & (r < 0.10), sign * (6.0e4 + u * 1.0e4), x)       # around 65504
        x = torch.where((r >= 0.10) & (r < 0.14), sign * u * 1.0e-4, x)               # f16 subnormals
        x = torch.where((r >= 0.14) & (r < 0.16), sign * u * 1.0e-8, x)               # f16 underflow
        x = torch.where((r >= 0.16) & (r < 0.19), sign * (1.0 + u) * 1.0e38, x)       # f32/bf16 top
        x = torch.where((r >= 0.19) & (r < 0.21), sign * (1.0 + u) * 1.0e-38, x)      # f32/bf16 bottom
        x = torch.where((r >= 0.21) & (r < 0.23), sign * float("inf"), x)
        x = torch.where((r >= 0.23) & (r < 0.24), torch.full_like(x, float("nan")), x)
    return [x.to(dtype)]


def get_init_inputs(param, device=None):
    return [str(param["dst_dtype"])]


def custom_check_precision(param, outputs, outputs_new):
    """A conversion has exactly one right answer: require equality, element for element (a
    1e-3 tolerance would accept a wrong rounding mode, whose error is at most one ulp). NaN
    must stay NaN, and infinities (including float16 overflow) must match."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.double().reshape(-1)
        out = out.double().reshape(-1)
        same = (ref == out) | (torch.isnan(ref) & torch.isnan(out))
        finite = torch.isfinite(ref) & torch.isfinite(out)
        abs_diff = torch.where(finite, (ref - out).abs(), torch.zeros_like(ref))
        rel_diff = abs_diff / (ref.abs().nan_to_num(0.0, 0.0, 0.0) + 1e-7)
        if not bool(same.all()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

import torch


def get_inputs(param, device=None):
    m, k, n = int(param["m"]), int(param["k"]), int(param["n"])
    values = param.get("values", "normal")
    x = torch.randint(-128, 128, [m, k], dtype=torch.int8, device=device)
    weight = torch.randint(-128, 128, [n, k], dtype=torch.int8, device=device)
    # Typical symmetric-quantisation scales: amax / 127 of the original tensors.
    scale = torch.rand([n], device=device) * 0.002 + 1.0e-4
    pertoken = torch.rand([m], device=device) * 0.02 + 1.0e-3
    if values == "special":
        # The int8 extremes (-128 * -128 products), zero rows / columns, zero scales, and
        # cancelling rows (x row = -(next row)).
        x[0::5] = -128
        weight[0::3] = -128
        x[1::5] = 0
        weight[:, 1::7] = 0
        if n > 2:
            scale[2] = 0.0
        if m > 3:
            pertoken[3] = 0.0
        if m > 6:
            x[6] = torch.clamp(-x[5].int(), -128, 127).to(torch.int8)
    elif values == "large":
        # Large scales: float16 results in the thousands, bfloat16 results far beyond float16's range.
        big = 4.0e-3 if param.get("out_dtype", "float16") == "float16" else 1.0e30
        scale = scale * 0 + big * (0.5 + torch.rand([n], device=device))
        pertoken = pertoken * 0 + (0.5 + torch.rand([m], device=device))
    return [x, weight, scale, pertoken]


def get_init_inputs(param, device=None):
    return [param.get("out_dtype", "float16")]


def custom_check_precision(param, outputs, outputs_new):
    """The int32 product is exact in both, and the two float32 multiplications run in the same
    order: the default rule (abs or rel 1e-3) for float16; for bfloat16 one ulp (relative 2^-7),
    since float32 rounding of acc * scale may differ in the last bit and tip the final rounding."""
    tol = 2.0 ** -7 if param.get("out_dtype") == "bfloat16" else 1e-3
    return _check(outputs, outputs_new, tol)


def _check(outputs, outputs_new, tol):
    """Elements fail when both their absolute and relative errors exceed `tol`; non-finite elements
    must equal the reference's. Returns (ok, abs_diff, rel_diff) as the benchmark expects."""
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

import ast

import torch


def _values(shape, dtype, mode, device):
    """float32: normal values (scaled). float16: multiples of 1/8 in [-1, 1]; bfloat16: -1, 0, 1.
    With the segment lengths of the cases every partial sum of these is exactly representable,
    so the result does not depend on the summation order or on where the cores cut a segment.
    int32: integers."""
    if dtype == torch.int32:
        return torch.randint(-100000, 100001, shape, dtype=torch.int32, device=device)
    if dtype == torch.float16:
        return (torch.randint(-8, 9, shape, device=device).float() / 8.0).to(dtype)
    if dtype == torch.bfloat16:
        return torch.randint(-1, 2, shape, device=device).to(dtype)
    scale = 1.0e3 if mode == "large" else 1.0
    x = torch.randn(shape, dtype=torch.float32, device=device) * scale
    if mode == "zeros":
        x = torch.where(torch.rand(shape, device=device) < 0.5, torch.zeros_like(x), x)
    return x


def _segment_ids(n, s, pattern, device):
    """Sorted int32 ids in [0, s)."""
    if pattern == "one":
        # Every row in one segment (the middle one; the others are empty): it spans all cores.
        ids = torch.full((n,), s // 2, dtype=torch.int64, device=device)
    elif pattern == "unique":
        # One row per segment (s >= n), gaps spread evenly.
        ids = torch.arange(n, device=device) * s // n
    elif pattern == "runs":
        # Few long runs with empty segments between them.
        cuts = torch.sort(torch.randint(0, n, (max(s // 4, 1),), device=device)).values
        ids = torch.bucketize(torch.arange(n, device=device), cuts, right=True) * 4 % s
        ids = torch.sort(ids).values
    else:
        ids = torch.sort(torch.randint(0, s, (n,), device=device)).values
    return ids.to(torch.int32)


def get_inputs(param, device=None):
    shape = ast.literal_eval(str(param.get("shape", "[1]")))
    dtype = getattr(torch, param.get("dtype", "float32"))
    s = int(param.get("num_segments", 1))
    pattern = param.get("pattern", "random")
    mode = param.get("values", "normal")
    data = _values(shape, dtype, mode, device)
    return [data, _segment_ids(shape[0], s, pattern, device)]


def get_init_inputs(param, device=None):
    return [int(param.get("num_segments", 1))]


def custom_check_precision(param, outputs, outputs_new):
    """float16, bfloat16 and int32 are compared exactly: their inputs are chosen so that every
    partial sum is exact, in whatever order the kernel adds (float32 accumulation, and the
    atomic adds of a segment's per-core partials). float32 uses the benchmark's default rule
    (1e-3 absolute or relative): its sums are exact to float32 rounding in another order."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    exact = param.get("dtype") in ("float16", "bfloat16", "int32")
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.shape != out.shape:
            ok = False
            continue
        ref = ref.double().reshape(-1)
        out = out.double().reshape(-1)
        abs_diff = (ref - out).abs()
        rel_diff = abs_diff / (ref.abs() + 1e-7)
        if exact:
            if not bool(torch.equal(ref, out)):
                ok = False
        elif bool(((abs_diff > 1e-3) & (rel_diff > 1e-3)).any()) or not bool(torch.isfinite(out).all()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

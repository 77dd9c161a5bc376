import torch


def _bag_sizes(num_bags, num_indices, pattern, device):
    """Sizes of the bags (they sum to num_indices). "random": cut points drawn uniformly;
    "empty": about half of the bags (the first and the last among them) are empty; "one": every
    index in the first bag, the others empty; "even": equal bags."""
    if pattern == "one":
        sizes = torch.zeros(num_bags, dtype=torch.int64, device=device)
        sizes[0] = num_indices
        return sizes
    if pattern == "even" and num_indices % num_bags == 0:
        return torch.full((num_bags,), num_indices // num_bags, dtype=torch.int64, device=device)
    if pattern == "empty" and num_bags >= 3:
        filled = torch.rand(num_bags, device=device) < 0.5
        filled[0] = False
        filled[-1] = False
        filled[num_bags // 2] = True
        k = int(filled.sum())
        cuts = torch.sort(torch.randint(0, num_indices + 1, (k - 1,), device=device)).values
        bounds = torch.cat([torch.zeros(1, dtype=torch.int64, device=device), cuts,
                            torch.full((1,), num_indices, dtype=torch.int64, device=device)])
        sizes = torch.zeros(num_bags, dtype=torch.int64, device=device)
        sizes[filled] = bounds[1:] - bounds[:-1]
        return sizes
    cuts = torch.sort(torch.randint(0, num_indices + 1, (num_bags - 1,), device=device)).values
    bounds = torch.cat([torch.zeros(1, dtype=torch.int64, device=device), cuts,
                        torch.full((1,), num_indices, dtype=torch.int64, device=device)])
    return bounds[1:] - bounds[:-1]


def get_inputs(param, device=None):
    num_embeddings = int(param.get("num_embeddings", 1))
    dim = int(param.get("dim", 1))
    num_bags = int(param.get("num_bags", 1))
    num_indices = int(param.get("num_indices", 1))
    dtype = getattr(torch, param.get("dtype", "float32"))
    index_dtype = getattr(torch, param.get("index_dtype", "int64"))
    pattern = param.get("pattern", "random")
    values = param.get("values", "normal")

    weight = torch.randn(num_embeddings, dim, dtype=torch.float32, device=device)
    if values == "large":
        # Large magnitudes of one sign (1e4 .. 4e4): sums far beyond float16 precision steps, but
        # no catastrophic cancellation (which would make any float32 order differ from float64).
        weight = (weight.abs() + 1.0) * 1.0e4
    elif values == "zeros":
        weight = torch.where(torch.rand_like(weight) < 0.5, torch.zeros_like(weight), weight)
    elif values == "inf":
        # A few rows carry +inf, -inf or NaN in some columns: a bag that gathers them sums to
        # +-inf, or NaN when +inf meets -inf (compared for equality with the reference).
        rows = torch.randint(0, num_embeddings, (max(1, num_embeddings // 50),), device=device)
        cols = torch.randint(0, dim, (rows.numel(),), device=device)
        special = torch.tensor([float("inf"), float("-inf"), float("nan")], device=device)
        weight[rows, cols] = special[torch.randint(0, 3, (rows.numel(),), device=device)]
    weight = weight.to(dtype)

    if pattern == "same":
        indices = torch.full((num_indices,), num_embeddings - 1, dtype=torch.int64, device=device)
    else:
        indices = torch.randint(0, num_embeddings, (num_indices,), device=device)
    sizes = _bag_sizes(num_bags, num_indices, pattern, device)
    offsets = torch.cat([torch.zeros(1, dtype=torch.int64, device=device), torch.cumsum(sizes, 0)[:-1]])
    return [weight, indices.to(index_dtype), offsets.to(index_dtype)]


def get_init_inputs(param, device=None):
    return [str(param.get("mode", "mean"))]


def custom_check_precision(param, outputs, outputs_new):
    """Finite results: float32 and float16 use the benchmark's default rule (1e-3 absolute or
    relative). bfloat16 allows one bfloat16 ulp (relative 2^-7 = 7.8e-3): the kernel sums in
    float32 in another order than the float64 reference, and a sum lying next to a bfloat16
    rounding boundary may round to the neighbouring value. Non-finite results (the "inf" cases)
    must match the reference exactly (same +inf / -inf / NaN at the same places)."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    tol = 7.9e-3 if param.get("dtype") == "bfloat16" else 1e-3
    ok = len(outputs) == len(outputs_new)
    abs_all, rel_all = [], []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel():
            ok = False
            continue
        ref = ref.double().reshape(-1)
        out = out.double().reshape(-1)
        fin = torch.isfinite(ref)
        if not bool(torch.equal(fin, torch.isfinite(out))):
            ok = False
        if not bool(torch.equal(ref[~fin].nan_to_num(), out[~fin].nan_to_num())) or \
                not bool(torch.equal(ref[~fin].isnan(), out[~fin].isnan())):
            ok = False
        abs_diff = (ref[fin] - out[fin]).abs()
        rel_diff = abs_diff / (ref[fin].abs() + 1e-7)
        if bool(((abs_diff > 1e-3) & (rel_diff > tol)).any()):
            ok = False
        abs_all.append(abs_diff)
        rel_all.append(rel_diff)
    if not abs_all:
        return 0, torch.zeros(1), torch.zeros(1)
    return int(ok), torch.cat(abs_all), torch.cat(rel_all)

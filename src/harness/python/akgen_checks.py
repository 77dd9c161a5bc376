"""The correctness rules of the judge: NPUKernelBench's default rule and a stricter dtype-aware
rule, as pure functions of the expected and the returned tensors (design section 6)."""

import math

import numpy as np
import torch

ABS_TOL = 1e-3
REL_TOL = 1e-3

LAST_MISMATCHES = [None]  # mismatch count of the last default_check, for the report
CHECK_CHUNK = 1 << 24  # elements compared at a time: bounds the judge's memory on huge outputs
BITS = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def same_bits(a, b):
    """Bitwise equality (several times faster than torch.equal on floats); equal bits are equal
    values, so a caller may skip the error computation, and only then."""
    return a.dtype == b.dtype and torch.equal(a.view(BITS[a.element_size()]), b.view(BITS[b.element_size()]))


def finite_max(t):
    """The largest finite element (0 if none): one pass unless the tensor holds inf or NaN."""
    if t.numel() == 0:
        return 0.0
    m = float(t.max())
    if math.isfinite(m):
        return m
    t = t[torch.isfinite(t)]
    return float(t.max()) if t.numel() else 0.0


def all_finite(t):
    if t.dtype in (torch.float16, torch.float32, torch.float64):
        return bool(np.isfinite(t.numpy()).all())  # numpy's is the faster loop on CPU
    return bool(torch.isfinite(t).all())


def default_check(outputs, outputs_new, max_abs_error=ABS_TOL, max_rel_error=REL_TOL):
    """NPUKernelBench's default rule: an element fails when both its absolute and relative
    error exceed the tolerance; any non-finite value fails the case. Outputs are compared in
    pairs up to the shorter list, as the benchmark zips them (the count is the task's glue's, not
    the candidate's). Works in chunks so that multi-GiB outputs fit in memory; returns the maximum
    errors (not per-element arrays)."""
    outputs = outputs if isinstance(outputs, list) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, list) else [outputs_new]
    ok = min(len(outputs), len(outputs_new)) > 0
    max_abs, max_rel, mismatches = 0.0, 0.0, 0
    chunk = CHECK_CHUNK
    for out, new in zip(outputs, outputs_new):
        if out.is_complex():
            out, new = torch.view_as_real(out), torch.view_as_real(new.to(out.dtype))
        if out.shape != new.shape:
            new = new.reshape(out.shape) if new.numel() == out.numel() else new
        if out.numel() != new.numel():
            ok = False
            continue
        wide = torch.float64 if torch.float64 in (out.dtype, new.dtype) or not out.is_floating_point() else torch.float32
        a, b = out.reshape(-1), new.reshape(-1)
        for i in range(0, a.numel(), chunk):
            if same_bits(a[i:i + chunk], b[i:i + chunk]):
                # Equal values (the usual case): no error; only a non-finite value can fail it.
                if out.is_floating_point() and not all_finite(a[i:i + chunk]):
                    ok = False
                continue
            # In-place steps: every temporary of a 16M-element chunk costs page faults.
            x, y = a[i:i + chunk].to(wide), b[i:i + chunk].to(wide)
            abs_diff = torch.sub(x, y).abs_()
            rel_diff = x.abs().add_(1e-7)
            torch.div(abs_diff, rel_diff, out=rel_diff)
            bad = (abs_diff > max_abs_error).logical_and_(rel_diff > max_rel_error)
            finite = torch.isfinite(x).logical_and_(torch.isfinite(y))
            if not bool(finite.all()):
                ok = False
                # A non-finite element fails unless the reference has the same value there (NaN
                # with NaN): never-written outputs are poison NaNs and must show up as mismatches.
                same = (torch.isnan(x) & torch.isnan(y)) | (x == y)
                bad |= ~finite & ~same
            mismatches += int(bad.sum())
            max_abs = max(max_abs, finite_max(abs_diff))
            max_rel = max(max_rel, finite_max(rel_diff))
    if mismatches:
        ok = False
    LAST_MISMATCHES[0] = mismatches
    return (1 if ok else 0), torch.tensor([max_abs], dtype=torch.float64), torch.tensor([max_rel], dtype=torch.float64)


def stats(abs_diff, rel_diff):
    a = abs_diff.double()
    r = rel_diff.double()
    finite = lambda x: float(x) if math.isfinite(float(x)) else str(float(x))
    return {"max_abs_error": finite(a.max()) if a.numel() else 0.0,
            "max_rel_error": finite(r.max()) if r.numel() else 0.0,
            "mismatches": int(((a > ABS_TOL) & (r > REL_TOL)).sum()) if a.numel() else 0}



# Strict rule, in the style of CANN's operator benchmarks: errors measured against a float64
# view of the golden; per output dtype, the mean relative error (MERE) and the maximum relative
# error (MARE) must stay under bounds; where |golden| is below a small-value threshold the
# absolute error is used instead, so that values near zero neither pass nor fail by accident.
# Integers and booleans must match exactly. NaN/Inf must appear at the same places.
STRICT_BOUNDS = {  # dtype: (MERE bound, MARE bound, small-value threshold)
    torch.float16: (2 ** -10, 2 ** -7, 2 ** -11),
    torch.bfloat16: (2 ** -7, 2 ** -4, 2 ** -8),
    torch.float32: (2 ** -13, 2 ** -10, 2 ** -14),
    torch.float64: (2 ** -26, 2 ** -20, 2 ** -30),
}


def strict_check(outputs, outputs_new):
    outputs = outputs if isinstance(outputs, list) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, list) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    max_abs, max_rel, mismatches = 0.0, 0.0, 0
    for out, new in zip(outputs, outputs_new):
        if out.is_complex():
            out, new = torch.view_as_real(out), torch.view_as_real(new.to(out.dtype))
        if out.numel() != new.numel():
            ok = False
            continue
        if same_bits(out.reshape(-1), new.reshape(-1)):
            continue  # equal values, infinities included: no error of any kind
        golden = out.reshape(-1).to(torch.float64)
        actual = new.reshape(-1).to(torch.float64)
        if not out.is_floating_point():
            bad = golden != actual
            mismatches += int(bad.sum())
            if golden.numel():
                max_abs = max(max_abs, float((golden - actual).abs().max()))
            continue
        mere_bound, mare_bound, small = STRICT_BOUNDS.get(out.dtype, STRICT_BOUNDS[torch.float32])
        finite = torch.isfinite(golden)
        special = ~finite | ~torch.isfinite(actual)
        # Non-finite values must agree exactly (NaN with NaN, +inf with +inf).
        same_special = (torch.isnan(golden) & torch.isnan(actual)) | (golden == actual)
        mismatches += int((special & ~same_special).sum())
        g, a = golden[~special], actual[~special]
        if g.numel() == 0:
            continue
        abs_err = (g - a).abs()
        rel_err = torch.where(g.abs() < small, abs_err, abs_err / g.abs())
        mismatches += int((rel_err > mare_bound).sum())
        if float(rel_err.mean()) > mere_bound:
            ok = False
        max_abs = max(max_abs, float(abs_err.max()))
        max_rel = max(max_rel, float(rel_err.max()))
    if mismatches:
        ok = False
    LAST_MISMATCHES[0] = mismatches
    return (1 if ok else 0), torch.tensor([max_abs], dtype=torch.float64), torch.tensor([max_rel], dtype=torch.float64)


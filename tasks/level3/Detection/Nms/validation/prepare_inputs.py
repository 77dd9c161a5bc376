import torch


def _boxes(n, layout, device):
    """[n, 4] float32 (x1, y1, x2, y2), x1 <= x2 and y1 <= y2."""
    if layout == "grid":
        # Disjoint boxes on a grid: nothing overlaps, every box is kept (the longest greedy loop).
        side = int(n ** 0.5) + 1
        k = torch.arange(n, device=device)
        x1 = (k % side).float() * 10.0
        y1 = (k // side).float() * 10.0
        w = 4.0 + torch.rand(n, device=device) * 4.0
        h = 4.0 + torch.rand(n, device=device) * 4.0
        return torch.stack([x1, y1, x1 + w, y1 + h], dim=1)
    if layout == "cluster":
        # A few objects, each with many jittered detections (the usual NMS input).
        centres = torch.rand(max(n // 32, 1), 2, device=device) * 200.0
        pick = torch.randint(0, centres.shape[0], (n,), device=device)
        c = centres[pick] + torch.randn(n, 2, device=device) * 3.0
        wh = 20.0 + torch.randn(n, 2, device=device) * 3.0
        return torch.cat([c - wh / 2, c + wh / 2], dim=1)
    if layout == "degenerate":
        # Zero-width, zero-height and identical boxes mixed with ordinary ones (IoU 0/0 = NaN is
        # not > threshold: such boxes suppress nothing and are never suppressed by each other).
        c = torch.rand(n, 2, device=device) * 50.0
        wh = torch.rand(n, 2, device=device) * 10.0
        kind = torch.randint(0, 4, (n,), device=device)
        wh[kind == 0, 0] = 0.0
        wh[kind == 1] = 0.0
        b = torch.cat([c, c + wh], dim=1)
        dup = torch.randint(0, n, (n // 4,), device=device)
        b[dup] = b[0].clone()
        return b
    # random: scattered boxes of varied size, moderate overlap.
    c = torch.rand(n, 2, device=device) * 300.0 - 100.0
    wh = 1.0 + torch.rand(n, 2, device=device) * 40.0
    return torch.cat([c - wh / 2, c + wh / 2], dim=1)


def _scores(n, mode, device):
    if mode == "ties":
        # Few distinct values: ties are broken by the lower index.
        return torch.randint(0, 5, (n,), device=device).float() / 4.0
    if mode == "signed":
        # Logits of both signs, with +0.0 / -0.0 (equal scores) and large magnitudes.
        s = torch.randn(n, device=device) * 1.0e3
        s[::7] = 0.0
        s[3::7] = -0.0
        return s
    return torch.rand(n, device=device)


def get_inputs(param, device=None):
    batch = int(param.get("batch", 0))
    n = int(param["num_boxes"])
    dtype = getattr(torch, param.get("dtype", "float32"))
    layout = param.get("layout", "random")
    mode = param.get("scores", "uniform")
    nb = max(batch, 1)
    boxes = torch.stack([_boxes(n, layout, device) for _ in range(nb)])
    scores = torch.stack([_scores(n, mode, device) for _ in range(nb)])
    if batch == 0:  # unbatched: boxes [N, 4], scores [N]
        boxes, scores = boxes[0], scores[0]
    return [boxes.to(dtype).contiguous(), scores.to(dtype).contiguous()]


def get_init_inputs(param, device=None):
    return [float(param["iou_threshold"])]


def custom_check_precision(param, outputs, outputs_new):
    """The keep mask is exact: the kernel evaluates the same float32 IoU expression in the same
    order as the reference (correctly rounded), so every decision must match."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    diffs = []
    for ref, out in zip(outputs, outputs_new):
        if ref.numel() != out.numel() or out.dtype != torch.int32:
            ok = False
            continue
        ref = ref.reshape(-1).double()
        out = out.reshape(-1).double()
        if not bool(torch.equal(ref, out)):
            ok = False
        diffs.append((ref - out).abs())
    if not diffs:
        return 0, torch.zeros(1), torch.zeros(1)
    diff = torch.cat(diffs)
    return int(ok), diff, diff

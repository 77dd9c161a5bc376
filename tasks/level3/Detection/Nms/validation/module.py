import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


def _nms_keep(boxes: torch.Tensor, scores: torch.Tensor, thr: float) -> torch.Tensor:
    """torchvision-style greedy NMS on one batch, in float32: visit the boxes in descending score
    order (a stable sort: ties by lower index); a box not yet suppressed is kept and suppresses
    every box whose IoU with it is > thr. IoU = inter / (area_i + area_j - inter) with
    inter = clamp(min(x2) - max(x1), 0) * clamp(min(y2) - max(y1), 0), area = (x2 - x1) * (y2 - y1)."""
    b = boxes.float()
    s = scores.float()
    x1, y1, x2, y2 = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    area = (x2 - x1) * (y2 - y1)
    order = torch.sort(s, descending=True, stable=True).indices.tolist()
    keep = torch.zeros(b.shape[0], dtype=torch.bool)
    suppressed = torch.zeros(b.shape[0], dtype=torch.bool)
    for i in order:
        if suppressed[i]:
            continue
        keep[i] = True
        w = (torch.minimum(x2, x2[i]) - torch.maximum(x1, x1[i])).clamp(min=0)
        h = (torch.minimum(y2, y2[i]) - torch.maximum(y1, y1[i])).clamp(min=0)
        inter = w * h
        iou = inter / ((area + area[i]) - inter)
        suppressed |= iou > thr
    return keep


class Model(nn.Module):
    """Reference: the int32 keep mask (1 = kept) of greedy NMS per batch; boxes [N, 4] or
    [B, N, 4] as (x1, y1, x2, y2), scores [N] or [B, N]."""

    def __init__(self, iou_threshold: float = 0.5):
        super().__init__()
        self.iou_threshold = iou_threshold

    def forward(self, boxes: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        bb = boxes.cpu().reshape(-1, boxes.shape[-2], 4)
        ss = scores.cpu().reshape(-1, boxes.shape[-2])
        keep = torch.stack([_nms_keep(bb[k], ss[k], self.iou_threshold) for k in range(bb.shape[0])])
        return keep.reshape(scores.shape).to(torch.int32).to(scores.device)


class ModelNew(nn.Module):
    def __init__(self, iou_threshold: float = 0.5):
        super().__init__()
        self.iou_threshold = iou_threshold

    def forward(self, boxes: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.nms(boxes, scores, self.iou_threshold)

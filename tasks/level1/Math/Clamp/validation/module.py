import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.clamp(x, min, max) = min(max(x, min), max), in the dtype of x.
    For integer x the bounds are integral (they are passed to torch as ints, so the result
    stays int32 instead of being promoted to float)."""

    def __init__(self, min_value: float, max_value: float):
        super().__init__()
        self.min_value = min_value
        self.max_value = max_value

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        lo, hi = self.min_value, self.max_value
        if not x.dtype.is_floating_point:
            lo, hi = int(lo), int(hi)
        return torch.clamp(x, lo, hi)


class ModelNew(nn.Module):
    def __init__(self, min_value: float, max_value: float):
        super().__init__()
        self.min_value = min_value
        self.max_value = max_value

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.clamp(x, self.min_value, self.max_value)

import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: mean over one axis, accumulated in float32 and rounded once to x's dtype."""

    def __init__(self, axis: int = -1, keepdim: bool = False):
        super().__init__()
        self.axis = axis
        self.keepdim = keepdim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.float().mean(dim=self.axis, keepdim=self.keepdim).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self, axis: int = -1, keepdim: bool = False):
        super().__init__()
        self.axis = axis
        self.keepdim = keepdim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.reduce_mean(x, self.axis, self.keepdim)

import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.where(condition, x, y) without broadcasting."""

    def __init__(self):
        super().__init__()

    def forward(self, condition: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.where(condition, x, y)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, condition: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.where(condition, x, y)

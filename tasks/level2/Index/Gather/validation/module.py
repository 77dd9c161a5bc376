import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: table[indices] (rows of a [V, D] table; negative indices count from the end)."""

    def __init__(self):
        super().__init__()

    def forward(self, table: torch.Tensor, indices: torch.Tensor) -> torch.Tensor:
        return table[indices.long()]


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, table: torch.Tensor, indices: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.gather(table, indices)

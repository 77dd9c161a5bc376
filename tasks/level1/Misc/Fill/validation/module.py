from typing import List

import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.full(dims, value, dtype=dtype). The value and the dtype are attributes
    of the operator (constructor arguments here); the shape is the forward argument."""

    def __init__(self, value: float = 0.0, dtype: str = "float32"):
        super().__init__()
        self.value = value
        self.dtype = dtype

    def forward(self, dims: List[int]) -> torch.Tensor:
        dtype = getattr(torch, self.dtype)
        value = self.value if dtype.is_floating_point else int(self.value)
        return torch.full(list(dims), value, dtype=dtype)


class ModelNew(nn.Module):
    def __init__(self, value: float = 0.0, dtype: str = "float32"):
        super().__init__()
        self.value = value
        self.dtype = dtype

    def forward(self, dims: List[int]) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.fill(list(dims), self.value, self.dtype)

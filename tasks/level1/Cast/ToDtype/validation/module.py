import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: Tensor.to(dtype) between float32, float16 and bfloat16."""

    def __init__(self, dtype: str):
        super().__init__()
        self.dtype = dtype

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.to(getattr(torch, self.dtype))


class ModelNew(nn.Module):
    def __init__(self, dtype: str):
        super().__init__()
        self.dtype = dtype

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.to_dtype(x, self.dtype)

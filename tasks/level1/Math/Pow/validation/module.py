import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.pow(x1, x2), float16 and bfloat16 computed in float32 and rounded once."""

    def __init__(self):
        super().__init__()

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        if x1.dtype in (torch.float16, torch.bfloat16):
            return torch.pow(x1.float(), x2.float()).to(x1.dtype)
        return torch.pow(x1, x2)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.pow_math(x1, x2)

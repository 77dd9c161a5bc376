import torch
import torch.nn as nn
import torch.nn.functional as F
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.nn.functional.leaky_relu."""

    def __init__(self, negative_slope: float = 0.01):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.dtype == torch.bfloat16:
            # bfloat16: computed in float32 and rounded once (the operator's definition).
            return F.leaky_relu(x.float(), self.negative_slope).to(torch.bfloat16)
        return F.leaky_relu(x, self.negative_slope)


class ModelNew(nn.Module):
    def __init__(self, negative_slope: float = 0.01):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.leaky_relu(x, self.negative_slope)

import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: RMS normalization over the last dimension, in float32, rounded once."""

    def __init__(self, epsilon: float = 1e-6):
        super().__init__()
        self.epsilon = epsilon

    def forward(self, x: torch.Tensor, gamma: torch.Tensor) -> torch.Tensor:
        xf = x.float()
        rms = torch.rsqrt(xf.pow(2).mean(dim=-1, keepdim=True) + self.epsilon)
        return (xf * rms * gamma.float()).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self, epsilon: float = 1e-6):
        super().__init__()
        self.epsilon = epsilon

    def forward(self, x: torch.Tensor, gamma: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.rms_norm(x, gamma, self.epsilon)

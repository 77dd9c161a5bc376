import torch
import torch.nn as nn
import torch.nn.functional as F
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: layer normalization over the last dimension with gamma and beta. bfloat16 is
    computed in float32 and rounded once (the operator's definition: the kernel widens it)."""

    def __init__(self, epsilon: float = 1e-5):
        super().__init__()
        self.epsilon = epsilon

    def forward(self, x: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor) -> torch.Tensor:
        if x.dtype == torch.bfloat16:
            y = F.layer_norm(x.float(), [x.shape[-1]], gamma.float(), beta.float(), self.epsilon)
            return y.to(torch.bfloat16)
        return F.layer_norm(x, [x.shape[-1]], gamma, beta, self.epsilon)


class ModelNew(nn.Module):
    def __init__(self, epsilon: float = 1e-5):
        super().__init__()
        self.epsilon = epsilon

    def forward(self, x: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.layer_norm(x, gamma, beta, self.epsilon)

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: a linear layer, y = x @ weight^T + bias, for x [M, K], weight [N, K] and a float32
    bias [N]; products and sums in float32, rounded once to the dtype of x."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.linear(x.float(), weight.float(), bias.float()).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.matmul_bias(x, weight, bias)

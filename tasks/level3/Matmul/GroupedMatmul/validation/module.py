import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: a grouped matmul. Group g owns rows [group_list[g-1], group_list[g]) of x (the
    list is cumulative, its last entry is M) and multiplies them by its own weight [K, N]:
    y[rows of g] = x[rows of g] @ weight[g]. Products and sums in float32, rounded once to the
    dtype of x."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, weight: torch.Tensor, group_list: torch.Tensor) -> torch.Tensor:
        y = torch.empty(x.shape[0], weight.shape[2], dtype=torch.float32)
        start = 0
        for g, end in enumerate(group_list.tolist()):
            y[start:end] = torch.matmul(x[start:end].float(), weight[g].float())
            start = end
        return y.to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, weight: torch.Tensor, group_list: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.grouped_matmul(x, weight, group_list)

import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.nn.functional.embedding_bag(indices, weight, offsets, mode=mode),
    computed in float64 and rounded once to the dtype of weight (empty bags give zeros)."""

    def __init__(self, mode: str = "mean"):
        super().__init__()
        self.mode = mode

    def forward(self, weight: torch.Tensor, indices: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        out = torch.nn.functional.embedding_bag(indices.long(), weight.double(), offsets.long(), mode=self.mode)
        return out.to(weight.dtype)


class ModelNew(nn.Module):
    def __init__(self, mode: str = "mean"):
        super().__init__()
        self.mode = mode

    def forward(self, weight: torch.Tensor, indices: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.embedding_bag(weight, indices, offsets, self.mode)

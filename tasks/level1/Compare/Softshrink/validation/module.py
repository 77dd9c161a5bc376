import torch
import torch.nn as nn
import torch.nn.functional as F
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.nn.functional.softshrink."""

    def __init__(self, lambd: float = 0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.dtype == torch.bfloat16:
            # bfloat16: computed in float32 and rounded once (the operator's definition).
            return F.softshrink(x.float(), self.lambd).to(torch.bfloat16)
        return F.softshrink(x, self.lambd)


class ModelNew(nn.Module):
    def __init__(self, lambd: float = 0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.softshrink(x, self.lambd)

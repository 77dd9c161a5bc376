import numpy as np
import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: inclusive prefix sum over the last axis with a float32 accumulator, added in
    column order and rounded once per output (numpy's add.accumulate is strictly sequential).
    This is what torch.cumsum computes for float16/bfloat16 on the CPU; for float32 PyTorch
    accumulates in float64 instead, whose results differ from any float32 running sum by far more
    than 1e-3 on long rows whose partial sums pass near zero."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        acc = np.cumsum(x.float().cpu().numpy(), axis=-1, dtype=np.float32)
        return torch.from_numpy(acc).to(x.dtype)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.cumsum(x)

import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.histc(x, bins, min, max) computed on float32 (x is widened exactly), so
    the counts are float32 for every input dtype. Values outside [min, max] and NaN are ignored;
    x == max is counted in the last bin. NaN is removed before torch.histc: some torch versions
    count it in bin 0, the operator defines it as not counted."""

    def __init__(self, bins: int, min_value: float, max_value: float):
        super().__init__()
        self.bins = bins
        self.min_value = min_value
        self.max_value = max_value

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.float().reshape(-1)
        xf = xf[~torch.isnan(xf)]
        return torch.histc(xf, bins=self.bins, min=self.min_value, max=self.max_value)


class ModelNew(nn.Module):
    def __init__(self, bins: int, min_value: float, max_value: float):
        super().__init__()
        self.bins = bins
        self.min_value = min_value
        self.max_value = max_value

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.histogram(x, self.bins, self.min_value, self.max_value)

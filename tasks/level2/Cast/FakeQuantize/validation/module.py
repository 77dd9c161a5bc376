import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: torch.fake_quantize_per_tensor_affine."""

    def __init__(self, scale: float, zero_point: int, quant_min: int, quant_max: int):
        super().__init__()
        self.scale = scale
        self.zero_point = zero_point
        self.quant_min = quant_min
        self.quant_max = quant_max

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.fake_quantize_per_tensor_affine(x, self.scale, self.zero_point, self.quant_min, self.quant_max)


class ModelNew(nn.Module):
    def __init__(self, scale: float, zero_point: int, quant_min: int, quant_max: int):
        super().__init__()
        self.scale = scale
        self.zero_point = zero_point
        self.quant_min = quant_min
        self.quant_max = quant_max

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        import kernel_gen_ops
        return kernel_gen_ops.fake_quantize(x, self.scale, self.zero_point, self.quant_min, self.quant_max)

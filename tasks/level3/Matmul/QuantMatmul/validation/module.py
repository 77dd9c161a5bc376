import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: a W8A8 matmul with per-token dequantisation. acc = x @ weight^T exactly in int32
    (int8 x [M, K], int8 weight [N, K]); y = float32(acc) * scale[n] * pertoken_scale[m] in float32,
    rounded once to the output dtype (float16 or bfloat16)."""

    def __init__(self, out_dtype: str = "float16"):
        super().__init__()
        self.out_dtype = getattr(torch, out_dtype)

    def forward(self, x, weight, scale, pertoken_scale):
        # int8 products summed in float64 are exact (|acc| < 2^31 < 2^53), i.e. the int32 result.
        acc = torch.matmul(x.double(), weight.double().t()).to(torch.int32)
        y = acc.float() * scale.float().unsqueeze(0)
        y = y * pertoken_scale.float().unsqueeze(1)
        return y.to(self.out_dtype)


class ModelNew(nn.Module):
    def __init__(self, out_dtype: str = "float16"):
        super().__init__()
        self.out_dtype = out_dtype

    def forward(self, x, weight, scale, pertoken_scale):
        import kernel_gen_ops
        return kernel_gen_ops.quant_matmul(x, weight, scale, pertoken_scale, self.out_dtype == "bfloat16")

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor fake_quantize(const at::Tensor& x, double scale, int64_t zero_point, int64_t quant_min, int64_t quant_max)
{
    TORCH_CHECK(x.scalar_type() == at::kFloat, "fake_quantize: x must be float32");
    TORCH_CHECK(scale > 0, "fake_quantize: scale must be positive");
    TORCH_CHECK(quant_min <= zero_point && zero_point <= quant_max, "fake_quantize: zero_point out of range");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnFakeQuantize, x, scale, zero_point, quant_min, quant_max, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "FakeQuantize on the NPU";
    m.def("fake_quantize", &fake_quantize, "per-tensor affine fake quantization");
}

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor rms_norm(const at::Tensor& x, const at::Tensor& gamma, double epsilon)
{
    TORCH_CHECK(x.dim() >= 1, "rms_norm: x must be at least 1-D");
    TORCH_CHECK(gamma.numel() == x.size(x.dim() - 1), "rms_norm: gamma must have C elements");
    TORCH_CHECK(gamma.scalar_type() == x.scalar_type(), "rms_norm: gamma must have x's dtype");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnRmsNorm, x, gamma, epsilon, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "RmsNorm on the NPU";
    m.def("rms_norm", &rms_norm, "RMS normalization over the last dimension");
}

#include <tuple>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor> add_rms_norm(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& gamma,
                                                double epsilon)
{
    TORCH_CHECK(x1.dim() >= 1, "add_rms_norm: x1 must be at least 1-D");
    TORCH_CHECK(x1.sizes() == x2.sizes(), "add_rms_norm: x1 and x2 must have the same shape");
    TORCH_CHECK(x1.scalar_type() == x2.scalar_type() && x1.scalar_type() == gamma.scalar_type(),
                "add_rms_norm: x1, x2 and gamma must have the same dtype");
    TORCH_CHECK(gamma.numel() == x1.size(x1.dim() - 1), "add_rms_norm: gamma must have C elements");
    at::Tensor y = at::empty_like(x1);
    at::Tensor x = at::empty_like(x1);
    EXEC_NPU_CMD(aclnnAddRmsNorm, x1, x2, gamma, epsilon, y, x);
    return std::make_tuple(y, x);
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "AddRmsNorm on the NPU";
    m.def("add_rms_norm", &add_rms_norm, "x = x1 + x2; y = rmsnorm(x) * gamma; returns (y, x)");
}

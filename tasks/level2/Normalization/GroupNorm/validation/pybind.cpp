#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor group_norm(const at::Tensor& x, const at::Tensor& gamma, const at::Tensor& beta, int64_t num_groups,
                      double epsilon)
{
    TORCH_CHECK(x.dim() >= 2, "group_norm: x must be [N, C, *]");
    TORCH_CHECK(num_groups > 0 && x.size(1) % num_groups == 0, "group_norm: C must be a multiple of num_groups");
    TORCH_CHECK(gamma.numel() == x.size(1) && beta.numel() == x.size(1), "group_norm: gamma and beta must have C elements");
    TORCH_CHECK(gamma.scalar_type() == x.scalar_type() && beta.scalar_type() == x.scalar_type(),
                "group_norm: gamma and beta must have x's dtype");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnGroupNorm, x, gamma, beta, num_groups, epsilon, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "GroupNorm on the NPU";
    m.def("group_norm", &group_norm, "group normalization with per-channel affine");
}

#include <tuple>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

// param, exp_avg and exp_avg_sq are updated in place and returned.
std::tuple<at::Tensor, at::Tensor, at::Tensor> adam_w(at::Tensor& param, const at::Tensor& grad, at::Tensor& exp_avg,
                                                      at::Tensor& exp_avg_sq, double lr, double beta1, double beta2,
                                                      double eps, double weight_decay, int64_t step)
{
    TORCH_CHECK(param.sizes() == grad.sizes() && param.sizes() == exp_avg.sizes() &&
                    param.sizes() == exp_avg_sq.sizes(),
                "adam_w: param, grad, exp_avg and exp_avg_sq must have the same shape");
    TORCH_CHECK(param.scalar_type() == grad.scalar_type() && param.scalar_type() == exp_avg.scalar_type() &&
                    param.scalar_type() == exp_avg_sq.scalar_type(),
                "adam_w: all tensors must have the same dtype");
    TORCH_CHECK(step >= 1, "adam_w: step must be at least 1");
    EXEC_NPU_CMD(aclnnAdamW, param, grad, exp_avg, exp_avg_sq, lr, beta1, beta2, eps, weight_decay, step);
    return std::make_tuple(param, exp_avg, exp_avg_sq);
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "AdamW on the NPU";
    m.def("adam_w", &adam_w, "one in-place AdamW step; returns (param, exp_avg, exp_avg_sq)");
}

#include <string>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor mse_loss_grad(const at::Tensor& grad_output, const at::Tensor& input, const at::Tensor& target,
                         const std::string& reduction)
{
    TORCH_CHECK(grad_output.numel() == 1, "mse_loss_grad: grad_output must hold one element");
    TORCH_CHECK(input.sizes() == target.sizes(), "mse_loss_grad: input and target must have the same shape");
    TORCH_CHECK(input.scalar_type() == target.scalar_type() && input.scalar_type() == grad_output.scalar_type(),
                "mse_loss_grad: all tensors must have the same dtype");
    TORCH_CHECK(reduction == "mean" || reduction == "sum", "mse_loss_grad: reduction must be \"mean\" or \"sum\"");
    at::Tensor dx = at::empty_like(input);
    EXEC_NPU_CMD(aclnnMseLossGrad, grad_output, input, target, reduction, dx);
    return dx;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "MseLossGrad on the NPU";
    m.def("mse_loss_grad", &mse_loss_grad, "d mse_loss / d input, scaled by grad_output");
}

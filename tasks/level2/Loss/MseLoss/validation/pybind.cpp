#include <string>
#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor mse_loss(const at::Tensor& input, const at::Tensor& target, const std::string& reduction)
{
    TORCH_CHECK(input.sizes() == target.sizes(), "mse_loss: input and target must have the same shape");
    TORCH_CHECK(reduction == "mean" || reduction == "sum", "mse_loss: reduction must be \"mean\" or \"sum\"");
    at::Tensor y = at::empty(std::vector<int64_t>{}, input.options());
    EXEC_NPU_CMD(aclnnMseLoss, input, target, reduction, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "MseLoss on the NPU";
    m.def("mse_loss", &mse_loss, "mean (or sum) of squared differences");
}

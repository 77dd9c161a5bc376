#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor sum_all(const at::Tensor& x)
{
    TORCH_CHECK(x.numel() > 0, "sum_all: x must not be empty");
    at::Tensor y = at::empty(std::vector<int64_t>{}, x.options());
    EXEC_NPU_CMD(aclnnSumAll, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "SumAll on the NPU";
    m.def("sum_all", &sum_all, "sum of all elements");
}

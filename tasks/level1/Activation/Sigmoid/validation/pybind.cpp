#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor sigmoid(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnSigmoid, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Sigmoid on the NPU";
    m.def("sigmoid", &sigmoid, "y = 1 / (1 + exp(-x))");
}

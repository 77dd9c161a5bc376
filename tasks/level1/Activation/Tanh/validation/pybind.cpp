#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor tanh_op(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnTanh, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Tanh on the NPU";
    m.def("tanh", &tanh_op, "y = tanh(x)");
}

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor gelu_tanh(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnGeluTanh, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "GeluTanh on the NPU";
    m.def("gelu_tanh", &gelu_tanh, "GELU, tanh approximation");
}

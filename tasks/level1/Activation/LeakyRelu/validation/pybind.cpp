#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor leaky_relu(const at::Tensor& x, double negative_slope)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnLeakyRelu, x, negative_slope, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "LeakyRelu on the NPU";
    m.def("leaky_relu", &leaky_relu, "y = x if x >= 0 else negative_slope * x");
}

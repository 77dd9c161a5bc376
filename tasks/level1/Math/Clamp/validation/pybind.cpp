#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor clamp(const at::Tensor& x, double min_value, double max_value)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnClamp, x, min_value, max_value, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Clamp on the NPU";
    m.def("clamp", &clamp, "y = min(max(x, min), max)");
}

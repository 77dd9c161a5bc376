#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor log_math(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnLogMath, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "LogMath on the NPU";
    m.def("log_math", &log_math, "y = ln(x)");
}

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor cumsum(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 1, "cumsum: x must be at least 1-D");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnCumsum, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Cumsum on the NPU";
    m.def("cumsum", &cumsum, "inclusive prefix sum over the last axis");
}

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor log_softmax(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 1, "log_softmax: x must be at least 1-D");
    TORCH_CHECK(x.size(x.dim() - 1) >= 1 && x.size(x.dim() - 1) <= 8192,
                "log_softmax: the last dimension must hold 1 to 8192 elements");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnLogSoftmax, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "LogSoftmax on the NPU";
    m.def("log_softmax", &log_softmax, "log(softmax(x)) over the last axis");
}

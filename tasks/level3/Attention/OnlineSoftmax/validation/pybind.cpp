#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor online_softmax(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 1 && x.size(x.dim() - 1) > 0, "online_softmax: x must have a non-empty last dimension");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnOnlineSoftmax, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "OnlineSoftmax on the NPU";
    m.def("online_softmax", &online_softmax, "softmax over the last dimension of long rows (one-pass statistics)");
}

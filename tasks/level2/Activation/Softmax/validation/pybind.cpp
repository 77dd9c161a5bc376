#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor softmax(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 1 && x.size(x.dim() - 1) > 0, "softmax: x must have a non-empty last dimension");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnSoftmax, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Softmax on the NPU";
    m.def("softmax", &softmax, "softmax over the last dimension");
}

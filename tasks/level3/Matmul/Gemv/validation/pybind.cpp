#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor gemv(const at::Tensor& a, const at::Tensor& x)
{
    TORCH_CHECK(a.dim() >= 2 && a.size(a.dim() - 1) > 0, "gemv: a must have at least 2 dimensions and a non-empty last one");
    TORCH_CHECK(x.dim() == 1 && x.size(0) == a.size(a.dim() - 1), "gemv: x must be 1-D with the length of a's last dimension");
    TORCH_CHECK(x.scalar_type() == a.scalar_type(), "gemv: a and x must have the same dtype");
    std::vector<int64_t> outShape(a.sizes().begin(), a.sizes().end() - 1);
    at::Tensor y = at::empty(outShape, a.options());
    EXEC_NPU_CMD(aclnnGemv, a, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Gemv on the NPU";
    m.def("gemv", &gemv, "matrix-vector product over the last axis of a");
}

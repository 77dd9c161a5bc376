#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor broadcast_mul(const at::Tensor& x, const at::Tensor& y)
{
    TORCH_CHECK(x.dim() >= 1 && y.dim() >= 1, "broadcast_mul: x and y must be at least 1-D");
    TORCH_CHECK(x.scalar_type() == y.scalar_type(), "broadcast_mul: x and y must have the same dtype");
    const int64_t cols = x.size(x.dim() - 1);
    const int64_t rows = cols == 0 ? 0 : x.numel() / cols;
    const int64_t yLast = y.size(y.dim() - 1);
    TORCH_CHECK((yLast == cols && y.numel() == cols) || (yLast == 1 && y.numel() == rows),
                "broadcast_mul: y must be [N]-like (row broadcast) or x's leading dims + [1]");
    at::Tensor z = at::empty_like(x);
    EXEC_NPU_CMD(aclnnBroadcastMul, x, y, z);
    return z;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "BroadcastMul on the NPU";
    m.def("broadcast_mul", &broadcast_mul, "z = x * y, y broadcast along rows or along the last axis");
}

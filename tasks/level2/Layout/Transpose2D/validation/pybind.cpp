#include <utility>
#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor transpose2d(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 2, "transpose2d: x must be [..., M, N]");
    std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
    std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
    at::Tensor y = at::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnTranspose2d, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Transpose2d on the NPU";
    m.def("transpose2d", &transpose2d, "y[..., j, i] = x[..., i, j]");
}

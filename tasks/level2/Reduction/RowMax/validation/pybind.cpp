#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor row_max(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 1 && x.size(x.dim() - 1) > 0, "row_max: x must have a non-empty last dimension");
    std::vector<int64_t> outShape(x.sizes().begin(), x.sizes().end() - 1);
    at::Tensor y = at::empty(outShape, x.options());
    EXEC_NPU_CMD(aclnnRowMax, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "RowMax on the NPU";
    m.def("row_max", &row_max, "maximum over the last dimension");
}

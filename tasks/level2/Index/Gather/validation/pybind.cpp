#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor gather(const at::Tensor& table, const at::Tensor& indices)
{
    TORCH_CHECK(table.dim() == 2, "gather: table must be [V, D]");
    TORCH_CHECK(indices.scalar_type() == at::kInt || indices.scalar_type() == at::kLong,
                "gather: indices must be int32 or int64");
    std::vector<int64_t> shape(indices.sizes().begin(), indices.sizes().end());
    shape.push_back(table.size(1));
    at::Tensor y = at::empty(shape, table.options());
    EXEC_NPU_CMD(aclnnGather, table, indices, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Gather (row lookup) on the NPU";
    m.def("gather", &gather, "y = table[indices]");
}

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor grouped_matmul(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& groupList)
{
    TORCH_CHECK(x.dim() == 2 && weight.dim() == 3 && groupList.dim() == 1,
                "grouped_matmul: x must be [M, K], weight [G, K, N], group_list [G]");
    TORCH_CHECK(x.size(1) == weight.size(1), "grouped_matmul: x's K must equal weight's K");
    TORCH_CHECK(groupList.size(0) == weight.size(0), "grouped_matmul: group_list needs one entry per group");
    TORCH_CHECK(groupList.scalar_type() == at::kLong, "grouped_matmul: group_list must be int64");
    TORCH_CHECK(x.scalar_type() == weight.scalar_type(), "grouped_matmul: x and weight must have the same dtype");
    at::Tensor y = at::empty({x.size(0), weight.size(2)}, x.options());
    EXEC_NPU_CMD(aclnnGroupedMatmul, x, weight, groupList, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "GroupedMatmul on the NPU";
    m.def("grouped_matmul", &grouped_matmul, "y[rows of g] = x[rows of g] @ weight[g]");
}

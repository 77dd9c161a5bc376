#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor scatter_add(const at::Tensor& self, const at::Tensor& index, const at::Tensor& src)
{
    TORCH_CHECK(self.dim() >= 1 && self.size(0) > 0, "scatter_add: self must have a non-empty dim 0");
    TORCH_CHECK(index.dim() == 1, "scatter_add: index must be 1-D");
    TORCH_CHECK(index.scalar_type() == at::kInt || index.scalar_type() == at::kLong,
                "scatter_add: index must be int32 or int64");
    TORCH_CHECK(src.scalar_type() == self.scalar_type(), "scatter_add: src must have the dtype of self");
    TORCH_CHECK(src.dim() == self.dim() && src.size(0) == index.size(0) &&
                    src.sizes().slice(1) == self.sizes().slice(1),
                "scatter_add: src must be [len(index), *self.shape[1:]]");
    at::Tensor out = at::empty_like(self);
    EXEC_NPU_CMD(aclnnScatterAdd, self, index, src, out);
    return out;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ScatterAdd (index_add along dim 0) on the NPU";
    m.def("scatter_add", &scatter_add, "out = self; out[index[i]] += src[i]");
}

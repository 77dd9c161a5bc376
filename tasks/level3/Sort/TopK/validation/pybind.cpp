#include <tuple>
#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor> top_k(const at::Tensor& x, int64_t k)
{
    TORCH_CHECK(x.dim() >= 1 && x.size(x.dim() - 1) > 0, "top_k: x must have a non-empty last dimension");
    TORCH_CHECK(k >= 1 && k <= x.size(x.dim() - 1), "top_k: need 1 <= k <= x.size(-1)");
    std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
    shape.back() = k;
    at::Tensor values = at::empty(shape, x.options());
    at::Tensor indices = at::empty(shape, x.options().dtype(at::kLong));
    EXEC_NPU_CMD(aclnnTopK, x, k, values, indices);
    return std::make_tuple(values, indices);
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "TopK on the NPU";
    m.def("top_k", &top_k, "k largest values along the last axis (sorted) and their int64 indices");
}

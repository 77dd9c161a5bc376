#include <tuple>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor> sort(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 1 && x.size(x.dim() - 1) > 0 && x.size(x.dim() - 1) <= 4096,
                "sort: the last dimension of x must hold 1 to 4096 elements");
    at::Tensor values = at::empty_like(x);
    at::Tensor indices = at::empty(x.sizes(), x.options().dtype(at::kLong));
    EXEC_NPU_CMD(aclnnSort, x, values, indices);
    return std::make_tuple(values, indices);
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Sort on the NPU";
    m.def("sort", &sort, "stable ascending sort along the last axis: values and int64 indices");
}

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor logical_and(const at::Tensor& x1, const at::Tensor& x2)
{
    TORCH_CHECK(x1.sizes() == x2.sizes(), "logical_and: x1 and x2 must have the same shape");
    TORCH_CHECK(x1.scalar_type() == at::kBool && x2.scalar_type() == at::kBool, "logical_and: inputs must be bool");
    at::Tensor y = at::empty(x1.sizes(), x1.options().dtype(at::kBool));
    EXEC_NPU_CMD(aclnnLogicalAnd, x1, x2, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "LogicalAnd on the NPU";
    m.def("logical_and", &logical_and, "y = x1 && x2 (bool)");
}

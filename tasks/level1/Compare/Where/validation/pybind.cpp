#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor where(const at::Tensor& condition, const at::Tensor& x, const at::Tensor& y)
{
    TORCH_CHECK(condition.scalar_type() == at::kBool, "where: condition must be bool");
    TORCH_CHECK(condition.sizes() == x.sizes() && x.sizes() == y.sizes(), "where: shapes must match");
    TORCH_CHECK(x.scalar_type() == y.scalar_type(), "where: x and y must have the same dtype");
    at::Tensor out = at::empty_like(x);
    EXEC_NPU_CMD(aclnnWhere, condition, x, y, out);
    return out;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Where on the NPU";
    m.def("where", &where, "out = condition ? x : y");
}

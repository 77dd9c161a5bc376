#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor matmul(const at::Tensor& a, const at::Tensor& b)
{
    TORCH_CHECK(a.dim() == 2 && b.dim() == 2, "matmul: a and b must be 2-D");
    TORCH_CHECK(a.size(1) == b.size(0), "matmul: a's columns must equal b's rows");
    TORCH_CHECK(a.scalar_type() == b.scalar_type(), "matmul: a and b must have the same dtype");
    at::Tensor c = at::empty({a.size(0), b.size(1)}, a.options());
    EXEC_NPU_CMD(aclnnMatmul, a, b, c);
    return c;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Matmul on the NPU";
    m.def("matmul", &matmul, "C = A @ B");
}

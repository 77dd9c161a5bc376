#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

// Saxpy has no output: the kernel overwrites y with alpha * x + y, and y is what we return.
at::Tensor saxpy(const at::Tensor& x, at::Tensor& y, double alpha)
{
    TORCH_CHECK(x.sizes() == y.sizes(), "saxpy: x and y must have the same shape");
    TORCH_CHECK(x.scalar_type() == y.scalar_type(), "saxpy: x and y must have the same dtype");
    EXEC_NPU_CMD(aclnnSaxpy, x, y, alpha);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Saxpy on the NPU";
    m.def("saxpy", &saxpy, "y = alpha * x + y (in place on y; returns y)");
}

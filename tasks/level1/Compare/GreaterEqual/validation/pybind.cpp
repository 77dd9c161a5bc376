#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor greater_equal(const at::Tensor& x1, const at::Tensor& x2)
{
    TORCH_CHECK(x1.sizes() == x2.sizes(), "greater_equal: x1 and x2 must have the same shape");
    TORCH_CHECK(x1.scalar_type() == x2.scalar_type(), "greater_equal: x1 and x2 must have the same dtype");
    at::Tensor y = at::empty(x1.sizes(), x1.options().dtype(at::kBool));
    EXEC_NPU_CMD(aclnnGreaterEqual, x1, x2, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "GreaterEqual on the NPU";
    m.def("greater_equal", &greater_equal, "x1 >= x2 as bool");
}

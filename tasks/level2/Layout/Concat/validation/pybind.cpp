#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor concat(const at::Tensor& x1, const at::Tensor& x2)
{
    TORCH_CHECK(x1.dim() >= 1 && x1.dim() == x2.dim(), "concat: x1 and x2 must have the same number of axes");
    TORCH_CHECK(x1.scalar_type() == x2.scalar_type(), "concat: x1 and x2 must have the same dtype");
    for (int64_t i = 0; i + 1 < x1.dim(); ++i) {
        TORCH_CHECK(x1.size(i) == x2.size(i), "concat: the leading axes of x1 and x2 must match");
    }
    std::vector<int64_t> shape(x1.sizes().begin(), x1.sizes().end());
    shape.back() += x2.size(-1);
    at::Tensor y = at::empty(shape, x1.options());
    EXEC_NPU_CMD(aclnnConcat, x1, x2, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Concat on the NPU";
    m.def("concat", &concat, "torch.cat([x1, x2], dim=-1)");
}

#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor swi_glu(const at::Tensor& x)
{
    TORCH_CHECK(x.dim() >= 1, "swi_glu: x must have at least one axis");
    TORCH_CHECK(x.size(-1) % 2 == 0 && x.size(-1) > 0, "swi_glu: the last axis must be even and non-empty");
    std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
    shape.back() /= 2;
    at::Tensor y = at::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnSwiGlu, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "SwiGlu on the NPU";
    m.def("swi_glu", &swi_glu, "silu(x[..., :H]) * x[..., H:]");
}

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor masked_softmax(const at::Tensor& x, const at::Tensor& mask, double scale)
{
    TORCH_CHECK(x.dim() >= 1 && x.size(x.dim() - 1) > 0, "masked_softmax: x must have a non-empty last dimension");
    TORCH_CHECK(mask.scalar_type() == at::kBool || mask.scalar_type() == x.scalar_type(),
                "masked_softmax: mask must be bool or (additive) the dtype of x");
    TORCH_CHECK(mask.sizes() == x.sizes(), "masked_softmax: mask must have the shape of x");
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnMaskedSoftmax, x, mask, scale, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "MaskedSoftmax on the NPU";
    m.def("masked_softmax", &masked_softmax, "softmax(scale * x with a bool mask (-inf) or an additive mask, dim=-1)");
}

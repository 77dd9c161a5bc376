#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor quant_matmul(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& scale,
                        const at::Tensor& pertokenScale, bool bf16Output)
{
    TORCH_CHECK(x.dim() == 2 && weight.dim() == 2, "quant_matmul: x and weight must be 2-D");
    TORCH_CHECK(x.scalar_type() == at::kChar && weight.scalar_type() == at::kChar, "quant_matmul: x and weight must be int8");
    TORCH_CHECK(x.size(1) == weight.size(1), "quant_matmul: x and weight must have the same K");
    TORCH_CHECK(scale.dim() == 1 && scale.size(0) == weight.size(0) && scale.scalar_type() == at::kFloat,
                "quant_matmul: scale must be float32 [N]");
    TORCH_CHECK(pertokenScale.dim() == 1 && pertokenScale.size(0) == x.size(0) && pertokenScale.scalar_type() == at::kFloat,
                "quant_matmul: pertoken_scale must be float32 [M]");
    at::Tensor y = at::empty({x.size(0), weight.size(0)}, x.options().dtype(bf16Output ? at::kBFloat16 : at::kHalf));
    EXEC_NPU_CMD(aclnnQuantMatmul, x, weight, scale, pertokenScale, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "QuantMatmul on the NPU";
    m.def("quant_matmul", &quant_matmul, "y = (x @ weight^T) * scale * pertoken_scale from int8 inputs");
}

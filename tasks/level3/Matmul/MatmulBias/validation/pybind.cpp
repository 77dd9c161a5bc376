#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor matmul_bias(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias)
{
    TORCH_CHECK(x.dim() == 2 && weight.dim() == 2 && bias.dim() == 1, "matmul_bias: x and weight must be 2-D, bias 1-D");
    TORCH_CHECK(x.size(1) == weight.size(1), "matmul_bias: x and weight must have the same number of columns");
    TORCH_CHECK(bias.size(0) == weight.size(0), "matmul_bias: bias must have one value per row of weight");
    TORCH_CHECK(x.scalar_type() == weight.scalar_type(), "matmul_bias: x and weight must have the same dtype");
    TORCH_CHECK(bias.scalar_type() == at::kFloat, "matmul_bias: bias must be float32");
    at::Tensor y = at::empty({x.size(0), weight.size(0)}, x.options());
    EXEC_NPU_CMD(aclnnMatmulBias, x, weight, bias, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "MatmulBias on the NPU";
    m.def("matmul_bias", &matmul_bias, "y = x @ weight^T + bias");
}

#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor batched_matmul(const at::Tensor& a, const at::Tensor& b)
{
    TORCH_CHECK(a.dim() >= 3, "batched_matmul: a must be at least 3-D ([..., M, K])");
    TORCH_CHECK(b.dim() == 2 || b.dim() == a.dim(), "batched_matmul: b must be [K, N] or have a's batch axes");
    TORCH_CHECK(a.size(a.dim() - 1) == b.size(b.dim() - 2), "batched_matmul: a's K must equal b's K");
    if (b.dim() == a.dim()) {
        for (int64_t i = 0; i + 2 < a.dim(); ++i) {
            TORCH_CHECK(a.size(i) == b.size(i), "batched_matmul: a and b must have the same batch axes");
        }
    }
    TORCH_CHECK(a.scalar_type() == b.scalar_type(), "batched_matmul: a and b must have the same dtype");
    std::vector<int64_t> outShape(a.sizes().begin(), a.sizes().end());
    outShape.back() = b.size(b.dim() - 1);
    at::Tensor c = at::empty(outShape, a.options());
    EXEC_NPU_CMD(aclnnBatchedMatmul, a, b, c);
    return c;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "BatchedMatmul on the NPU";
    m.def("batched_matmul", &batched_matmul, "C[..] = A[..] @ B[..] over the last two axes");
}

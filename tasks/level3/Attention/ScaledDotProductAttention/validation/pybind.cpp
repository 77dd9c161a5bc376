#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor scaled_dot_product_attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, double scale,
                                        bool causal)
{
    TORCH_CHECK(q.dim() >= 2 && k.dim() == q.dim() && v.dim() == q.dim(),
                "scaled_dot_product_attention: q, k, v must have the same rank (>= 2)");
    TORCH_CHECK(k.sizes() == v.sizes(), "scaled_dot_product_attention: k and v must have the same shape");
    for (int64_t i = 0; i + 2 < q.dim(); ++i) {
        TORCH_CHECK(q.size(i) == k.size(i), "scaled_dot_product_attention: q and k must have the same leading axes");
    }
    TORCH_CHECK(q.size(q.dim() - 1) == k.size(k.dim() - 1), "scaled_dot_product_attention: q and k must have the same head dim");
    TORCH_CHECK(q.scalar_type() == k.scalar_type() && q.scalar_type() == v.scalar_type(),
                "scaled_dot_product_attention: q, k, v must have the same dtype");
    at::Tensor out = at::empty_like(q);
    EXEC_NPU_CMD(aclnnScaledDotProductAttention, q, k, v, scale, causal, out);
    return out;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ScaledDotProductAttention on the NPU";
    m.def("scaled_dot_product_attention", &scaled_dot_product_attention,
          "softmax(scale * q k^T [causal]) v per head");
}

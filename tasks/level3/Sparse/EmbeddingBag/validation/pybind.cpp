#include <string>
#include <vector>
#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor embedding_bag(const at::Tensor& weight, const at::Tensor& indices, const at::Tensor& offsets,
                         const std::string& mode)
{
    TORCH_CHECK(weight.dim() == 2 && weight.size(1) > 0, "embedding_bag: weight must be [V, D] with D > 0");
    TORCH_CHECK(indices.dim() == 1 && offsets.dim() == 1 && offsets.size(0) > 0,
                "embedding_bag: indices must be 1-D and offsets a non-empty 1-D tensor");
    TORCH_CHECK(indices.scalar_type() == at::kInt || indices.scalar_type() == at::kLong,
                "embedding_bag: indices must be int32 or int64");
    TORCH_CHECK(offsets.scalar_type() == indices.scalar_type(), "embedding_bag: offsets must have the dtype of indices");
    TORCH_CHECK(mode == "sum" || mode == "mean", "embedding_bag: mode must be \"sum\" or \"mean\"");
    at::Tensor out = at::empty({offsets.size(0), weight.size(1)}, weight.options());
    EXEC_NPU_CMD(aclnnEmbeddingBag, weight, indices, offsets, mode, out);
    return out;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "EmbeddingBag (sum / mean of gathered rows per bag) on the NPU";
    m.def("embedding_bag", &embedding_bag, "out[b] = reduce(weight[indices[offsets[b]:offsets[b+1]]])");
}

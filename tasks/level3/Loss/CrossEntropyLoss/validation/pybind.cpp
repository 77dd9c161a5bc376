#include <vector>
#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor cross_entropy_loss(const at::Tensor& logits, const at::Tensor& target, int64_t ignore_index)
{
    TORCH_CHECK(logits.dim() == 2 && logits.size(0) > 0 && logits.size(1) > 0,
                "cross_entropy_loss: logits must be a non-empty [N, C] tensor");
    TORCH_CHECK(target.dim() == 1 && target.size(0) == logits.size(0), "cross_entropy_loss: target must be [N]");
    TORCH_CHECK(target.scalar_type() == at::kLong, "cross_entropy_loss: target must be int64");
    at::Tensor y = at::empty(std::vector<int64_t>{}, logits.options());
    EXEC_NPU_CMD(aclnnCrossEntropyLoss, logits, target, ignore_index, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "CrossEntropyLoss (mean over non-ignored rows) on the NPU";
    m.def("cross_entropy_loss", &cross_entropy_loss, "mean of logsumexp(x[i]) - x[i, target[i]]");
}

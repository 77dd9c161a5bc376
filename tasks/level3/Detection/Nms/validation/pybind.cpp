#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor nms(const at::Tensor& boxes, const at::Tensor& scores, double iou_threshold)
{
    TORCH_CHECK((boxes.dim() == 2 || boxes.dim() == 3) && boxes.size(-1) == 4,
                "nms: boxes must be [N, 4] or [B, N, 4]");
    TORCH_CHECK(scores.dim() == boxes.dim() - 1 && scores.sizes() == boxes.sizes().slice(0, boxes.dim() - 1),
                "nms: scores must be [N] or [B, N], matching boxes");
    TORCH_CHECK(scores.scalar_type() == boxes.scalar_type(), "nms: scores must have the dtype of boxes");
    at::Tensor keep = at::empty(scores.sizes(), scores.options().dtype(at::kInt));
    EXEC_NPU_CMD(aclnnNms, boxes, scores, iou_threshold, keep);
    return keep;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Greedy non-maximum suppression on the NPU";
    m.def("nms", &nms, "int32 keep mask of greedy NMS (descending score, ties by lower index)");
}

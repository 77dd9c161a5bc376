#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor segment_sum(const at::Tensor& data, const at::Tensor& segment_ids, int64_t num_segments)
{
    TORCH_CHECK(data.dim() >= 1 && data.size(0) > 0, "segment_sum: data must have a non-empty dim 0");
    TORCH_CHECK(segment_ids.dim() == 1 && segment_ids.size(0) == data.size(0),
                "segment_sum: segment_ids must be 1-D with data.size(0) entries");
    TORCH_CHECK(segment_ids.scalar_type() == at::kInt, "segment_sum: segment_ids must be int32");
    TORCH_CHECK(num_segments >= 1, "segment_sum: num_segments must be >= 1");
    std::vector<int64_t> shape(data.sizes().begin(), data.sizes().end());
    shape[0] = num_segments;
    at::Tensor out = at::empty(shape, data.options());
    EXEC_NPU_CMD(aclnnSegmentSum, data, segment_ids, num_segments, out);
    return out;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "SegmentSum on the NPU";
    m.def("segment_sum", &segment_sum, "out[s] = sum of data[i] over rows i with segment_ids[i] == s");
}

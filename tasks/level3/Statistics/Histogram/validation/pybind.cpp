#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor histogram(const at::Tensor& x, int64_t bins, double min_value, double max_value)
{
    TORCH_CHECK(x.numel() > 0, "histogram: x must not be empty");
    TORCH_CHECK(bins >= 1, "histogram: bins must be positive");
    TORCH_CHECK(min_value < max_value, "histogram: need min < max");
    at::Tensor y = at::empty({bins}, x.options().dtype(at::kFloat));
    EXEC_NPU_CMD(aclnnHistogram, x, bins, min_value, max_value, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Histogram (torch.histc) on the NPU";
    m.def("histogram", &histogram, "float32 counts of x in bins equal-width bins over [min, max]");
}

#include <vector>

#include <torch/extension.h>
#include "pytorch_npu_helper.hpp"

at::Tensor reduce_mean(const at::Tensor& x, int64_t axis, bool keepdim)
{
    const int64_t dims = x.dim();
    TORCH_CHECK(dims >= 1, "reduce_mean: x must be at least 1-D");
    TORCH_CHECK(axis >= -dims && axis < dims, "reduce_mean: axis out of range");
    const int64_t a = axis < 0 ? axis + dims : axis;
    std::vector<int64_t> outShape;
    for (int64_t i = 0; i < dims; ++i) {
        if (i != a) {
            outShape.push_back(x.size(i));
        } else if (keepdim) {
            outShape.push_back(1);
        }
    }
    at::Tensor y = at::empty(outShape, x.options());
    EXEC_NPU_CMD(aclnnReduceMean, x, axis, keepdim, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ReduceMean on the NPU";
    m.def("reduce_mean", &reduce_mean, "mean over one axis");
}

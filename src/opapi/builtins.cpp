// The built-in L0 operators CANN's aclnn layer provides and answers call, computed on the host.
// Each computes its result's shape and dtype when called (phase 1) and queues the data movement
// on the executor, so it runs in launch-list order with the answer's own AI Core operators.
#include <algorithm>
#include <cstring>

#include "akg/opapi/opapi.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/reshape.h"
#include "aclnn_kernels/transdata.h"
#include "aclnn_kernels/transpose.h"
#include "common/tensor.h"
#include "level0/fill.h"
#include "level0/squeeze.h"
#include "level0/unsqueeze.h"
#include "opdev/format_utils.h"
#include "opdev/shape_utils.h"
#include "opdev/tensor_view_utils.h"

namespace {

// Storage element offset of the view's element number `linear` (row-major over the view shape).
int64_t ElementOffset(const aclTensor* t, int64_t linear) {
    const op::Shape& shape = t->GetViewShape();
    const op::Strides& strides = t->GetViewStrides();
    int64_t offset = t->GetViewOffset();
    for (size_t d = shape.GetDimNum(); d-- > 0;) {
        const int64_t extent = shape.GetDim(d);
        offset += (linear % extent) * strides[d];
        linear /= extent;
    }
    return offset;
}

uint8_t* ElementAddress(const aclTensor* t, int64_t linear) {
    return static_cast<uint8_t*>(t->GetStorageAddr()) + ElementOffset(t, linear) * int64_t(op::TypeSize(t->GetDataType()));
}

// Copies every element of view `src` into view `dst` (same shape), converting the dtype.
void CopyElements(const aclTensor* src, const aclTensor* dst) {
    const int64_t n = src->Numel();
    const op::DataType from = src->GetDataType(), to = dst->GetDataType();
    for (int64_t i = 0; i < n; ++i) {
        if (from == to) std::memcpy(ElementAddress(dst, i), ElementAddress(src, i), op::TypeSize(from));
        else akg::WriteElement(to, ElementAddress(dst, i), akg::ReadElement(from, ElementAddress(src, i)));
    }
}

// A view of contiguous `x` under `shape` (same elements, same order).
const aclTensor* ContiguousView(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor) {
    aclTensor* view = executor->CreateView(x, shape, x->GetViewOffset());
    view->SetViewFormat(x->GetViewFormat());
    return view;
}

int64_t NormalizedDim(int64_t dim, int64_t rank) { return dim < 0 ? dim + rank : dim; }

}  // namespace

namespace akg::opapi {

std::vector<uint8_t> ReadView(const aclTensor* tensor) {
    const size_t size = op::TypeSize(tensor->GetDataType());
    std::vector<uint8_t> bytes(size_t(tensor->Numel()) * size);
    for (int64_t i = 0; i < tensor->Numel(); ++i) std::memcpy(bytes.data() + i * size, ElementAddress(tensor, i), size);
    return bytes;
}

void WriteView(const aclTensor* tensor, const std::vector<uint8_t>& bytes) {
    const size_t size = op::TypeSize(tensor->GetDataType());
    const int64_t n = std::min<int64_t>(tensor->Numel(), int64_t(bytes.size() / std::max<size_t>(size, 1)));
    for (int64_t i = 0; i < n; ++i) std::memcpy(ElementAddress(tensor, i), bytes.data() + i * size, size);
}

}  // namespace akg::opapi

namespace l0op {

const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor) {
    if (x == nullptr || executor == nullptr) return nullptr;
    if (op::IsContiguous(x)) return x;
    aclTensor* out = executor->AllocTensor(x->GetViewShape(), x->GetDataType(), x->GetViewFormat());
    executor->AddToLaunchList("Contiguous", [x, out] {
        CopyElements(x, out);
        return ACLNN_SUCCESS;
    });
    return out;
}

const aclTensor* ViewCopy(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor) {
    if (x == nullptr || y == nullptr || executor == nullptr) return nullptr;
    if (x->GetViewShape().GetShapeSize() != y->GetViewShape().GetShapeSize() || x->GetDataType() != y->GetDataType()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "ViewCopy: %s into %s: element counts or dtypes differ",
                x->ToString().GetString(), y->ToString().GetString());
        return nullptr;
    }
    executor->AddToLaunchList("ViewCopy", [x, y] {
        CopyElements(x, y);
        return ACLNN_SUCCESS;
    });
    return y;
}

const aclTensor* Cast(const aclTensor* self, op::DataType dstDtype, aclOpExecutor* executor) {
    if (self == nullptr || executor == nullptr) return nullptr;
    if (self->GetDataType() == dstDtype) return self;
    if (op::TypeSize(dstDtype) == 0 || op::TypeSize(self->GetDataType()) == 0) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Cast from %s to %s is not supported", op::ToString(self->GetDataType()).GetString(),
                op::ToString(dstDtype).GetString());
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(self->GetViewShape(), dstDtype, self->GetViewFormat());
    executor->AddToLaunchList("Cast", [self, out] {
        CopyElements(self, out);
        return ACLNN_SUCCESS;
    });
    return out;
}

const aclTensor* Transpose(const aclTensor* x, const aclIntArray* perm, aclOpExecutor* executor) {
    if (x == nullptr || perm == nullptr || executor == nullptr) return nullptr;
    const op::Shape& in = x->GetViewShape();
    const int64_t rank = int64_t(in.GetDimNum());
    if (int64_t(perm->Size()) != rank) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Transpose: perm has %llu entries for a %lld-dimensional tensor",
                static_cast<unsigned long long>(perm->Size()), static_cast<long long>(rank));
        return nullptr;
    }
    std::vector<int64_t> axes(rank);
    std::vector<bool> seen(rank, false);
    op::Shape outShape;
    for (int64_t i = 0; i < rank; ++i) {
        axes[i] = NormalizedDim((*perm)[i], rank);
        if (axes[i] < 0 || axes[i] >= rank || seen[axes[i]]) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Transpose: perm %s is not a permutation", perm->ToString().GetString());
            return nullptr;
        }
        seen[axes[i]] = true;
        outShape.AppendDim(in.GetDim(axes[i]));
    }
    // Output element i reads the input through the input's strides taken in perm order.
    op::Strides permuted(rank);
    for (int64_t i = 0; i < rank; ++i) permuted[i] = x->GetViewStrides()[axes[i]];
    aclTensor* source = executor->CreateView(x, outShape, x->GetStorageShape(), permuted, x->GetViewOffset());
    aclTensor* out = executor->AllocTensor(outShape, x->GetDataType(), x->GetViewFormat());
    executor->AddToLaunchList("Transpose", [source, out] {
        CopyElements(source, out);
        return ACLNN_SUCCESS;
    });
    return out;
}

const aclTensor* Reshape(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor) {
    if (x == nullptr || executor == nullptr) return nullptr;
    op::Shape target = shape;
    int64_t known = 1, inferred = -1;
    for (size_t i = 0; i < target.GetDimNum(); ++i) {
        if (target.GetDim(i) == -1 && inferred < 0) inferred = int64_t(i);
        else known *= target.GetDim(i);
    }
    if (inferred >= 0 && known != 0) target.SetDim(size_t(inferred), x->Numel() / known);
    if (target.GetShapeSize() != x->Numel()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Reshape of %s to %s changes the element count", x->ToString().GetString(),
                op::ToString(shape).GetString());
        return nullptr;
    }
    const aclTensor* contiguous = Contiguous(x, executor);
    return contiguous == nullptr ? nullptr : ContiguousView(contiguous, target, executor);
}

const aclTensor* Reshape(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor) {
    if (shape == nullptr) return nullptr;
    op::Shape s;
    op::ToShape(shape->GetData(), shape->Size(), s);
    return Reshape(x, s, executor);
}

const aclTensor* ReFormat(const aclTensor* x, const op::Format& format, aclOpExecutor* executor) {
    if (x == nullptr) return nullptr;
    if (op::IsPrivateFormat(format) || op::IsPrivateFormat(x->GetStorageFormat())) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "ReFormat to or from a private format is not simulated");
        return nullptr;
    }
    // Without an executor (CANN allows it) the tensor is relabelled in place.
    aclTensor* out = executor == nullptr
                         ? const_cast<aclTensor*>(x)
                         : executor->CreateView(x, x->GetViewShape(), x->GetStorageShape(), x->GetViewStrides(),
                                                x->GetViewOffset());
    out->SetViewFormat(format);
    out->SetStorageFormat(format);
    out->SetOriginalFormat(format);
    return out;
}

const aclTensor* TransData(const aclTensor* x, op::Format dstPrimaryFormat, int64_t, aclOpExecutor* executor) {
    return ReFormat(x, dstPrimaryFormat, executor);
}

const aclTensor* TransDataSpecial(const aclTensor* x, op::Format dstPrimaryFormat, int64_t, aclOpExecutor* executor) {
    return ReFormat(x, dstPrimaryFormat, executor);
}

const aclTensor* Fill(const aclTensor* dims, const aclTensor* value, const aclIntArray* outShape,
                      aclOpExecutor* executor) {
    if (dims == nullptr || value == nullptr || outShape == nullptr || executor == nullptr) return nullptr;
    op::Shape shape;
    op::ToShape(outShape->GetData(), outShape->Size(), shape);
    aclTensor* out = executor->AllocTensor(shape, value->GetDataType());
    executor->AddToLaunchList("Fill", [value, out] {
        const size_t size = op::TypeSize(out->GetDataType());
        const uint8_t* v = ElementAddress(value, 0);
        for (int64_t i = 0; i < out->Numel(); ++i) std::memcpy(ElementAddress(out, i), v, size);
        return ACLNN_SUCCESS;
    });
    return out;
}

const aclTensor* SqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor) {
    if (x == nullptr || dim == nullptr || executor == nullptr) return nullptr;
    const op::Shape& in = x->GetViewShape();
    const int64_t rank = int64_t(in.GetDimNum());
    std::vector<bool> drop(rank, false);
    for (uint64_t k = 0; k < dim->Size(); ++k) {
        const int64_t d = NormalizedDim((*dim)[k], rank);
        if (d < 0 || d >= rank) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "SqueezeNd: dimension %lld out of range", static_cast<long long>((*dim)[k]));
            return nullptr;
        }
        drop[d] = in.GetDim(d) == 1;
    }
    op::Shape out;
    for (int64_t d = 0; d < rank; ++d)
        if (!drop[d]) out.AppendDim(in.GetDim(d));
    const aclTensor* contiguous = Contiguous(x, executor);
    return contiguous == nullptr ? nullptr : ContiguousView(contiguous, out, executor);
}

const aclTensor* SqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor) {
    if (executor == nullptr) return nullptr;
    return SqueezeNd(x, executor->AllocIntArray(&dim, 1), executor);
}

const aclTensor* UnsqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor) {
    if (x == nullptr || dim == nullptr || executor == nullptr) return nullptr;
    const op::Shape& in = x->GetViewShape();
    const int64_t rank = int64_t(in.GetDimNum() + dim->Size());
    std::vector<bool> inserted(rank, false);
    for (uint64_t k = 0; k < dim->Size(); ++k) {
        const int64_t d = NormalizedDim((*dim)[k], rank);
        if (d < 0 || d >= rank || inserted[d]) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "UnsqueezeNd: dimension %lld out of range or repeated",
                    static_cast<long long>((*dim)[k]));
            return nullptr;
        }
        inserted[d] = true;
    }
    op::Shape out;
    size_t next = 0;
    for (int64_t d = 0; d < rank; ++d) out.AppendDim(inserted[d] ? 1 : in.GetDim(next++));
    const aclTensor* contiguous = Contiguous(x, executor);
    return contiguous == nullptr ? nullptr : ContiguousView(contiguous, out, executor);
}

const aclTensor* UnsqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor) {
    if (executor == nullptr) return nullptr;
    return UnsqueezeNd(x, executor->AllocIntArray(&dim, 1), executor);
}

}  // namespace l0op

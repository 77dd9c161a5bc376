// aclOpExecutor, UniqueExecutor, CommonOpExecutorRun and the two ways L0 functions reach the
// simulator (INFER_SHAPE, ADD_TO_LAUNCHER_LIST_AICORE).
#include <map>
#include <mutex>
#include <string>

#include "akg/opapi/opapi.h"
#include "common/tensor.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/shape_utils.h"
#include "opdev/op_executor.h"

namespace akg::opapi {
namespace {
AiCoreLauncher g_launcher;
ShapeInferrer g_inferrer;
}  // namespace

void SetAiCoreLauncher(AiCoreLauncher launcher) { g_launcher = std::move(launcher); }
void SetShapeInferrer(ShapeInferrer inferrer) { g_inferrer = std::move(inferrer); }

std::unique_ptr<aclTensor> WrapTensor(const std::vector<int64_t>& shape, ge::DataType dtype, void* data) {
    op::Shape s;
    op::ToShape(shape.data(), shape.size(), s);
    return std::make_unique<aclTensor>(s, dtype, ge::FORMAT_ND, data);
}

}  // namespace akg::opapi

namespace op {

uint32_t RegisterOpType(const char* name) {
    static std::mutex mutex;
    static std::map<std::string, uint32_t> ids;
    std::lock_guard<std::mutex> lock(mutex);
    return ids.emplace(name, uint32_t(ids.size())).first->second;
}

namespace {
akg::opapi::OperatorCall CallOf(const char* opType, std::vector<OpArgList> lists) {
    akg::opapi::OperatorCall call;
    call.opType = opType;
    for (OpArgList& list : lists) {
        switch (list.type) {
            case OP_INPUT_ARG: call.inputs = std::move(list.args); break;
            case OP_OUTPUT_ARG: call.outputs = std::move(list.args); break;
            case OP_ATTR_ARG: call.attrs = std::move(list.args); break;
            case OP_OUTSHAPE_ARG: call.outShapes = std::move(list.args); break;
            default: break;  // workspaces: the runner allocates what the tiling asks for
        }
    }
    return call;
}
}  // namespace

aclnnStatus InferShapeOf(const char* opType, std::vector<OpArgList> lists) {
    const akg::opapi::OperatorCall call = CallOf(opType, std::move(lists));
    std::string error = "no shape inference is connected";
    if (!akg::opapi::g_inferrer || !akg::opapi::g_inferrer(call, &error)) {
        OP_LOGE(ACLNN_ERR_INNER_INFERSHAPE_ERROR, "INFER_SHAPE(%s): %s", opType, error.c_str());
        return ACLNN_ERR_INNER_INFERSHAPE_ERROR;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus AddAiCoreLaunch(const char* opType, aclOpExecutor* executor, std::vector<OpArgList> lists) {
    if (executor == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    auto call = std::make_shared<akg::opapi::OperatorCall>(CallOf(opType, std::move(lists)));
    executor->AddToLaunchList(opType, [call]() -> aclnnStatus {
        std::string error = "no AI Core launcher is connected";
        if (!akg::opapi::g_launcher || !akg::opapi::g_launcher(*call, &error)) {
            OP_LOGE(ACLNN_ERR_RUNTIME_ERROR, "%s: %s", call->opType.c_str(), error.c_str());
            return ACLNN_ERR_RUNTIME_ERROR;
        }
        return ACLNN_SUCCESS;
    });
    return ACLNN_SUCCESS;
}

}  // namespace op

aclOpExecutor::~aclOpExecutor() = default;

aclTensor* aclOpExecutor::Keep(aclTensor* t) {
    tensors_.emplace_back(t);
    return t;
}

aclTensor* aclOpExecutor::AllocTensor(const op::Shape& shape, op::DataType dataType, op::Format format) {
    return Keep(new aclTensor(shape, dataType, format, nullptr));
}

aclTensor* aclOpExecutor::AllocTensor(const op::Shape& storageShape, const op::Shape& originShape,
                                      op::DataType dataType, op::Format storageFormat, op::Format originFormat) {
    aclTensor* t = Keep(new aclTensor(originShape, dataType, originFormat, nullptr));
    t->SetStorageShape(storageShape);
    t->SetStorageFormat(storageFormat);
    return t;
}

aclTensor* aclOpExecutor::AllocTensor(op::DataType dataType, op::Format storageFormat, op::Format originFormat) {
    aclTensor* t = Keep(new aclTensor(op::Shape(), dataType, originFormat, nullptr));
    t->SetStorageFormat(storageFormat);
    return t;
}

aclTensor* aclOpExecutor::AllocHostTensor(const op::Shape& shape, op::DataType dataType, op::Format format) {
    return AllocTensor(shape, dataType, format);
}

namespace {
template <typename T>
std::vector<double> AsDoubles(const T* value, uint64_t size) {
    return std::vector<double>(value, value + size);
}
}  // namespace

aclTensor* aclOpExecutor::AllocHostTensor(const int64_t* value, uint64_t size, op::DataType dataType) {
    return const_cast<aclTensor*>(TensorOfValues(AsDoubles(value, size), dataType));
}
aclTensor* aclOpExecutor::AllocHostTensor(const int32_t* value, uint64_t size, op::DataType dataType) {
    return const_cast<aclTensor*>(TensorOfValues(AsDoubles(value, size), dataType));
}
aclTensor* aclOpExecutor::AllocHostTensor(const float* value, uint64_t size, op::DataType dataType) {
    return const_cast<aclTensor*>(TensorOfValues(AsDoubles(value, size), dataType));
}
aclTensor* aclOpExecutor::AllocHostTensor(const double* value, uint64_t size, op::DataType dataType) {
    return const_cast<aclTensor*>(TensorOfValues(AsDoubles(value, size), dataType));
}
aclTensor* aclOpExecutor::AllocHostTensor(const bool* value, uint64_t size, op::DataType dataType) {
    return const_cast<aclTensor*>(TensorOfValues(AsDoubles(value, size), dataType));
}

aclTensor* aclOpExecutor::CreateView(const aclTensor* tensor, const op::Shape& shape, int64_t offset) {
    op::Strides strides;
    op::ToContiguousStrides(shape, strides);
    return Keep(new aclTensor(*tensor, shape, strides, offset));
}

aclTensor* aclOpExecutor::CreateView(const aclTensor* tensor, const op::Shape& shape, const op::Shape& storageShape,
                                     const op::Strides& strides, int64_t offset) {
    aclTensor* view = Keep(new aclTensor(*tensor, shape, strides, offset));
    view->SetStorageShape(storageShape);
    return view;
}

aclIntArray* aclOpExecutor::AllocIntArray(const int64_t* value, uint64_t size) {
    intArrays_.emplace_back(new aclIntArray(value, size));
    return intArrays_.back().get();
}
aclFloatArray* aclOpExecutor::AllocFloatArray(const float* value, uint64_t size) {
    floatArrays_.emplace_back(new aclFloatArray(value, size));
    return floatArrays_.back().get();
}
aclBoolArray* aclOpExecutor::AllocBoolArray(const bool* value, uint64_t size) {
    boolArrays_.emplace_back(new aclBoolArray(value, size));
    return boolArrays_.back().get();
}
aclTensorList* aclOpExecutor::AllocTensorList(const aclTensor* const* tensors, uint64_t size) {
    tensorLists_.emplace_back(new aclTensorList(tensors, size));
    return tensorLists_.back().get();
}
aclScalarList* aclOpExecutor::AllocScalarList(const aclScalar* const* scalars, uint64_t size) {
    scalarLists_.emplace_back(new aclScalarList(scalars, size));
    return scalarLists_.back().get();
}
aclScalar* aclOpExecutor::AllocScalar(const void* data, op::DataType dataType) {
    scalars_.emplace_back(new aclScalar(data, dataType));
    return scalars_.back().get();
}
aclScalar* aclOpExecutor::AllocScalar(float v) { return AllocScalar(&v, ge::DT_FLOAT); }
aclScalar* aclOpExecutor::AllocScalar(double v) { return AllocScalar(&v, ge::DT_DOUBLE); }
aclScalar* aclOpExecutor::AllocScalar(int32_t v) { return AllocScalar(&v, ge::DT_INT32); }
aclScalar* aclOpExecutor::AllocScalar(int64_t v) { return AllocScalar(&v, ge::DT_INT64); }
aclScalar* aclOpExecutor::AllocScalar(int16_t v) { return AllocScalar(&v, ge::DT_INT16); }
aclScalar* aclOpExecutor::AllocScalar(int8_t v) { return AllocScalar(&v, ge::DT_INT8); }
aclScalar* aclOpExecutor::AllocScalar(uint32_t v) { return AllocScalar(&v, ge::DT_UINT32); }
aclScalar* aclOpExecutor::AllocScalar(uint64_t v) { return AllocScalar(&v, ge::DT_UINT64); }
aclScalar* aclOpExecutor::AllocScalar(uint16_t v) { return AllocScalar(&v, ge::DT_UINT16); }
aclScalar* aclOpExecutor::AllocScalar(uint8_t v) { return AllocScalar(&v, ge::DT_UINT8); }
aclScalar* aclOpExecutor::AllocScalar(bool v) { return AllocScalar(&v, ge::DT_BOOL); }

const aclTensor* aclOpExecutor::TensorOfValues(const std::vector<double>& values, op::DataType dataType) {
    aclTensor* t = AllocTensor(op::Shape{int64_t(values.size())}, dataType);
    auto* bytes = static_cast<uint8_t*>(t->GetData());
    for (size_t i = 0; i < values.size(); ++i) akg::WriteElement(dataType, bytes + i * op::TypeSize(dataType), values[i]);
    return t;
}

const aclTensor* aclOpExecutor::ConvertToTensor(const aclIntArray* value, op::DataType dataType) {
    if (value == nullptr) return nullptr;
    // Integers go through WriteElement's double: exact below 2^53, which shapes and axes are.
    return TensorOfValues(std::vector<double>(value->GetData(), value->GetData() + value->Size()), dataType);
}
const aclTensor* aclOpExecutor::ConvertToTensor(const aclFloatArray* value, op::DataType dataType) {
    if (value == nullptr) return nullptr;
    return TensorOfValues(std::vector<double>(value->GetData(), value->GetData() + value->Size()), dataType);
}
const aclTensor* aclOpExecutor::ConvertToTensor(const aclBoolArray* value, op::DataType dataType) {
    if (value == nullptr) return nullptr;
    return TensorOfValues(std::vector<double>(value->GetData(), value->GetData() + value->Size()), dataType);
}
const aclTensor* aclOpExecutor::ConvertToTensor(const aclScalar* value, op::DataType dataType) {
    if (value == nullptr) return nullptr;
    return TensorOfValues({value->ToDouble()}, dataType);
}

void aclOpExecutor::AddToLaunchList(std::string name, std::function<aclnnStatus()> step) {
    launchList_.push_back({std::move(name), std::move(step)});
}

aclnnStatus aclOpExecutor::Run() {
    for (const Step& step : launchList_) {
        const aclnnStatus status = step.run();
        if (status != ACLNN_SUCCESS) {
            OP_LOGE(status, "launch of %s failed", step.name.c_str());
            return status;
        }
    }
    return ACLNN_SUCCESS;
}

UniqueExecutor::~UniqueExecutor() {
    if (executor_ != nullptr)
        OP_LOGD("%s returned without ReleaseTo(executor); its executor is destroyed", funcName_);
}

aclnnStatus CommonOpExecutorRun(void*, uint64_t, aclOpExecutor* executor, aclrtStream) {
    if (executor == nullptr) {
        OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    const aclnnStatus status = executor->Run();
    delete executor;
    return status;
}

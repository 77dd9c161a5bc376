// aclOpExecutor: what an aclnn API builds in its first phase (aclnnXxxGetWorkspaceSize) and runs
// in its second (aclnnXxx -> CommonOpExecutorRun). It owns every tensor, array and scalar the L0
// functions allocate, and a launch list: the L0 operators in the order they were added, each run
// when the executor runs (built-in operators on the host, AI Core operators through the
// simulator's runner, see akg/opapi/opapi.h).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/op_arg_def.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"

struct aclOpExecutor {
public:
    aclOpExecutor() = default;
    ~aclOpExecutor();
    aclOpExecutor(const aclOpExecutor&) = delete;
    aclOpExecutor& operator=(const aclOpExecutor&) = delete;

    aclTensor* AllocTensor(const op::Shape& shape, op::DataType dataType, op::Format format = op::Format::FORMAT_ND);
    aclTensor* AllocTensor(const op::Shape& storageShape, const op::Shape& originShape, op::DataType dataType,
                           op::Format storageFormat, op::Format originFormat);
    // Shape to be set later (INFER_SHAPE).
    aclTensor* AllocTensor(op::DataType dataType, op::Format storageFormat, op::Format originFormat);
    aclTensor* AllocHostTensor(const op::Shape& shape, op::DataType dataType, op::Format format = op::Format::FORMAT_ND);
    aclTensor* AllocHostTensor(const int64_t* value, uint64_t size, op::DataType dataType);
    aclTensor* AllocHostTensor(const int32_t* value, uint64_t size, op::DataType dataType);
    aclTensor* AllocHostTensor(const float* value, uint64_t size, op::DataType dataType);
    aclTensor* AllocHostTensor(const double* value, uint64_t size, op::DataType dataType);
    aclTensor* AllocHostTensor(const bool* value, uint64_t size, op::DataType dataType);
    // A view of `tensor`'s storage with a contiguous layout of `shape` starting `offset` elements in.
    aclTensor* CreateView(const aclTensor* tensor, const op::Shape& shape, int64_t offset);
    aclTensor* CreateView(const aclTensor* tensor, const op::Shape& shape, const op::Shape& storageShape,
                          const op::Strides& strides, int64_t offset);

    aclIntArray* AllocIntArray(const int64_t* value, uint64_t size);
    aclFloatArray* AllocFloatArray(const float* value, uint64_t size);
    aclBoolArray* AllocBoolArray(const bool* value, uint64_t size);
    aclTensorList* AllocTensorList(const aclTensor* const* tensors, uint64_t size);
    aclScalarList* AllocScalarList(const aclScalar* const* scalars, uint64_t size);
    aclScalar* AllocScalar(const void* data, op::DataType dataType);
    aclScalar* AllocScalar(float value);
    aclScalar* AllocScalar(double value);
    aclScalar* AllocScalar(int32_t value);
    aclScalar* AllocScalar(int64_t value);
    aclScalar* AllocScalar(int16_t value);
    aclScalar* AllocScalar(int8_t value);
    aclScalar* AllocScalar(uint32_t value);
    aclScalar* AllocScalar(uint64_t value);
    aclScalar* AllocScalar(uint16_t value);
    aclScalar* AllocScalar(uint8_t value);
    aclScalar* AllocScalar(bool value);

    // A one-dimensional tensor of the values converted to `dataType`.
    const aclTensor* ConvertToTensor(const aclIntArray* value, op::DataType dataType);
    const aclTensor* ConvertToTensor(const aclFloatArray* value, op::DataType dataType);
    const aclTensor* ConvertToTensor(const aclBoolArray* value, op::DataType dataType);
    // A one-element tensor (shape [1]) of the scalar converted to `dataType`.
    const aclTensor* ConvertToTensor(const aclScalar* value, op::DataType dataType);
    template <typename T>
    const aclTensor* ConvertToTensor(const T* value, uint64_t size, op::DataType dataType) {
        std::vector<double> values(value, value + size);
        return TensorOfValues(values, dataType);
    }

    // Workspace the second phase must provide: none, the simulator's launches allocate their own.
    uint64_t GetWorkspaceSize() const { return 0; }
    aclrtStream GetStream() const { return nullptr; }

    // Runs the launch list in order; the first failure stops it.
    aclnnStatus Run();

    // Used by the L0 operators: appends one step to the launch list.
    void AddToLaunchList(std::string name, std::function<aclnnStatus()> step);

private:
    aclTensor* Keep(aclTensor* t);
    const aclTensor* TensorOfValues(const std::vector<double>& values, op::DataType dataType);

    std::vector<std::unique_ptr<aclTensor>> tensors_;
    std::vector<std::unique_ptr<aclIntArray>> intArrays_;
    std::vector<std::unique_ptr<aclFloatArray>> floatArrays_;
    std::vector<std::unique_ptr<aclBoolArray>> boolArrays_;
    std::vector<std::unique_ptr<aclTensorList>> tensorLists_;
    std::vector<std::unique_ptr<aclScalarList>> scalarLists_;
    std::vector<std::unique_ptr<aclScalar>> scalars_;
    struct Step {
        std::string name;
        std::function<aclnnStatus()> run;
    };
    std::vector<Step> launchList_;
};

// Owns a new executor until ReleaseTo hands it to the caller of the first phase.
class UniqueExecutor {
public:
    explicit UniqueExecutor(const char* funcName) : funcName_(funcName), executor_(new aclOpExecutor) {}
    ~UniqueExecutor();
    aclOpExecutor* get() const { return executor_.get(); }
    aclOpExecutor* operator->() { return executor_.get(); }
    void ReleaseTo(aclOpExecutor** executor) {
        if (executor != nullptr) *executor = executor_.release();
    }
    UniqueExecutor(const UniqueExecutor&) = delete;
    UniqueExecutor& operator=(const UniqueExecutor&) = delete;

private:
    const char* funcName_;
    std::unique_ptr<aclOpExecutor> executor_;
};

#define CREATE_EXECUTOR() UniqueExecutor(__func__)

// The second phase of an aclnn API: runs the executor's launch list, then destroys it.
aclnnStatus CommonOpExecutorRun(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

// Replaying NPUKernelBench's pybind glue (validation/pybind.cpp) without PyTorch or an NPU.
//
// A task's pybind.cpp is the C++ layer between the Python model and the operator: it allocates
// outputs, converts arguments and calls EXEC_NPU_CMD(aclnnXxx, ...). It is compiled unmodified
// against a small ATen-compatible tensor library (include/torch_shim/, libakg_pyshim); the
// functions it exports with PYBIND11_MODULE are invoked here with the arguments the golden step
// recorded, and EXEC_NPU_CMD hands the aclnn call to the harness, which runs the operator on the
// simulator and fills the output tensors in place.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "graph/types.h"

namespace akg::pyshim {

// A contiguous tensor of the shim. Storage is shared between views, like ATen's.
struct TensorData {
    std::vector<int64_t> shape;
    ge::DataType dtype = ge::DT_FLOAT;
    std::shared_ptr<std::vector<uint8_t>> storage;  // null: an undefined tensor
    size_t offsetBytes = 0;                          // where this tensor's data starts in storage
    uint8_t* data() const { return storage ? storage->data() + offsetBytes : nullptr; }
    int64_t numel() const;
};

// A Python-level value passed to or returned from a pybind function.
struct Value;
using ValueList = std::vector<Value>;
struct Value {
    enum class Kind : uint8_t { None, Bool, Int, Float, String, Tensor, List } kind = Kind::None;
    bool b = false;
    int64_t i = 0;
    double f = 0;
    std::string s;
    TensorData tensor;
    std::vector<Value> list;  // Python list/tuple: tensors (TensorList), ints (IntArrayRef), ...
};

// One argument of an aclnn call, as EXEC_NPU_CMD received it.
struct AclArg {
    enum class Kind : uint8_t {
        Tensor,      // at::Tensor (may be undefined: an absent optional input)
        TensorList,  // at::TensorList / std::vector<at::Tensor>
        Scalar,      // at::Scalar / aclScalar: a value with a dtype
        Int,         // int64_t / int32_t attribute
        Float,       // double / float attribute
        Bool,
        String,      // const char* / std::string attribute
        IntArray,    // at::IntArrayRef / std::vector<int64_t>
        FloatArray,
        BoolArray,
        ScalarList,  // at::ArrayRef<at::Scalar> / aclScalarList: values in floats, ints and bools
                     // (one entry per scalar); scalarType: DT_COMPLEX128 / DT_DOUBLE if any is
                     // complex / floating, else DT_INT64 if any is integral, else DT_BOOL
    } kind = Kind::Int;
    TensorData tensor;                // Tensor; shares storage with the caller's tensor
    std::vector<TensorData> tensors;  // TensorList
    ge::DataType scalarType = ge::DT_FLOAT;  // Scalar: the dtype it was created with
    // Scalar: the value in all three forms (f exact for floating scalars, i for integral ones,
    // b = value != 0). Int/Float/Bool attributes use i/f/b (a Bool attribute also sets i).
    double f = 0;
    bool singlePrecision = false;  // Float: the glue passed a float (aclnn then takes a float)
    int64_t i = 0;
    bool b = false;
    std::string s;
    std::vector<int64_t> ints;
    std::vector<double> floats;
    std::vector<bool> bools;
};

// Receives every EXEC_NPU_CMD; it must write the operator's outputs into the output tensors'
// storage. Returning false makes the pybind function throw (the run fails cleanly).
using ExecHook = std::function<bool(const std::string& api, std::vector<AclArg>& args, std::string* error)>;
void SetExecHook(ExecHook hook);

// The functions a loaded pybind library registered (PYBIND11_MODULE's m.def).
std::vector<std::string> RegisteredFunctions();
// Calls function `name` with Python-level arguments. Throws std::runtime_error with a message on
// argument conversion failure, a failed EXEC_NPU_CMD or an exception in the glue code.
Value Call(const std::string& name, const ValueList& args);

// Forgets registered functions (between different pybind libraries in one process).
// A loaded pybind library also exports extern "C" void akg_pyshim_init_<module>() (for
// PYBIND11_MODULE(<module>, m)), which registers its functions again, replacing the ones the
// same module registered before.
void ClearRegistrations();

// Byte pattern written into the storage of tensors allocated uninitialised (torch::empty,
// at::empty, empty_like). 0 by default; a poison value such as 0xFF (NaN for
// floating types, -1 for integers) exposes outputs an operator never writes.
void SetUninitializedFill(uint8_t byte);

}  // namespace akg::pyshim

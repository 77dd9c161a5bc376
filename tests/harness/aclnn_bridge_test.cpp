#include "harness/aclnn_bridge.h"

#include <gtest/gtest.h>

#include <cstring>

namespace akg::harness {
namespace {

using K = pyshim::AclArg::Kind;

// The ForeachAddScalarList signature: a dynamic tensor list, a ScalarList input, a dynamic output.
host::ParamInfo Param(const char* name, host::ParamKind kind, std::vector<ge::DataType> dtypes, bool scalar) {
    host::ParamInfo p;
    p.name = name;
    p.kind = kind;
    p.dtypes = std::move(dtypes);
    p.scalar = scalar;
    return p;
}

host::OpInfo ScalarListOp() {
    host::OpInfo op;
    op.type = "ForeachAddScalarList";
    op.inputs = {Param("x", host::ParamKind::Dynamic, {ge::DT_FLOAT, ge::DT_INT32}, false),
                 Param("scalars", host::ParamKind::Required, {ge::DT_FLOAT, ge::DT_INT64}, true)};
    op.outputs = {Param("y", host::ParamKind::Dynamic, {ge::DT_FLOAT, ge::DT_INT32}, false)};
    return op;
}

pyshim::TensorData FloatTensor(const std::vector<float>& values) {
    pyshim::TensorData t;
    t.shape = {int64_t(values.size())};
    t.storage = std::make_shared<std::vector<uint8_t>>(values.size() * sizeof(float));
    std::memcpy(t.data(), values.data(), t.storage->size());
    return t;
}

pyshim::AclArg TensorListArg(const std::vector<float>& a, const std::vector<float>& b) {
    pyshim::AclArg arg;
    arg.kind = K::TensorList;
    arg.tensors = {FloatTensor(a), FloatTensor(b)};
    return arg;
}

TEST(AclnnBridge, ScalarListBecomesOneDimensionalTensor) {
    std::vector<float> x0{1, 2}, x1{3}, y0(2), y1(1);
    pyshim::AclArg scalars;
    scalars.kind = K::ScalarList;
    scalars.scalarType = ge::DT_DOUBLE;
    scalars.floats = {0.25, -1.5};
    scalars.ints = {0, -1};
    scalars.bools = {true, true};
    std::vector<pyshim::AclArg> args{TensorListArg(x0, x1), scalars, TensorListArg(y0, y1)};
    run::OpCall call;
    std::string error;
    ASSERT_TRUE(CallFromAclnnArgs(ScalarListOp(), args, &call, &error)) << error;
    ASSERT_EQ(call.inputs.size(), 2u);
    ASSERT_EQ(call.inputs[1].size(), 1u);
    const Tensor& t = call.inputs[1][0];
    EXPECT_EQ(t.shape, (std::vector<int64_t>{2}));
    EXPECT_EQ(t.dtype, ge::DT_DOUBLE);
    EXPECT_EQ(t.At(0), 0.25);
    EXPECT_EQ(t.At(1), -1.5);
    EXPECT_EQ(call.outputs[0].size(), 2u);
}

TEST(AclnnBridge, OutputsKeepTheGluesContents) {
    // CoalesceSparse zeroes its output in the glue and accumulates into it with SetAtomicAdd: the
    // kernel must see the glue's zeros (and the glue's fill values), as device memory keeps them.
    std::vector<float> x0{1, 2}, x1{3}, y0{0, 0}, y1{7.5f};
    pyshim::AclArg scalars;
    scalars.kind = K::ScalarList;
    scalars.scalarType = ge::DT_DOUBLE;
    scalars.floats = {1, 1};
    std::vector<pyshim::AclArg> args{TensorListArg(x0, x1), scalars, TensorListArg(y0, y1)};
    run::OpCall call;
    std::string error;
    ASSERT_TRUE(CallFromAclnnArgs(ScalarListOp(), args, &call, &error)) << error;
    ASSERT_EQ(call.outputs[0].size(), 2u);
    EXPECT_EQ(call.outputs[0][0].At(0), 0.0);
    EXPECT_EQ(call.outputs[0][0].At(1), 0.0);
    EXPECT_EQ(call.outputs[0][1].At(0), 7.5);
}

TEST(AclnnBridge, IntegralScalarListKeepsExactValues) {
    std::vector<float> x0{1}, x1{3}, y0(1), y1(1);
    pyshim::AclArg scalars;
    scalars.kind = K::ScalarList;
    scalars.scalarType = ge::DT_INT64;
    scalars.floats = {7.0, -3.0};
    scalars.ints = {7, -3};
    scalars.bools = {true, true};
    std::vector<pyshim::AclArg> args{TensorListArg(x0, x1), scalars, TensorListArg(y0, y1)};
    run::OpCall call;
    std::string error;
    ASSERT_TRUE(CallFromAclnnArgs(ScalarListOp(), args, &call, &error)) << error;
    const Tensor& t = call.inputs[1][0];
    EXPECT_EQ(t.dtype, ge::DT_INT64);
    EXPECT_EQ(t.At(0), 7);
    EXPECT_EQ(t.At(1), -3);
}

TEST(AclnnBridge, ComplexScalarListIsRejected) {
    std::vector<float> x0{1}, x1{3}, y0(1), y1(1);
    pyshim::AclArg scalars;
    scalars.kind = K::ScalarList;
    scalars.scalarType = ge::DT_COMPLEX128;
    scalars.floats = {1.0};
    scalars.ints = {1};
    scalars.bools = {true};
    std::vector<pyshim::AclArg> args{TensorListArg(x0, x1), scalars, TensorListArg(y0, y1)};
    run::OpCall call;
    std::string error;
    EXPECT_FALSE(CallFromAclnnArgs(ScalarListOp(), args, &call, &error));
    EXPECT_NE(error.find("scalars"), std::string::npos);
}

// TopKV3's glue passes k as a host integer for the int32 tensor input k; the aclnn layer converts
// it to the declared dtype. With more than one declared dtype the number keeps its own.
TEST(AclnnBridge, HostNumberForATensorInputTakesTheDeclaredDtype) {
    host::OpInfo op;
    op.type = "TopKV3";
    op.inputs = {Param("x", host::ParamKind::Required, {ge::DT_FLOAT16}, false),
                 Param("k", host::ParamKind::Required, {ge::DT_INT32}, false)};
    pyshim::AclArg x;
    x.kind = K::Tensor;
    x.tensor = FloatTensor({1, 2});
    x.tensor.dtype = ge::DT_FLOAT16;
    pyshim::AclArg k;
    k.kind = K::Int;
    k.i = 3;
    run::OpCall call;
    std::string error;
    ASSERT_TRUE(CallFromAclnnArgs(op, {x, k}, &call, &error)) << error;
    ASSERT_EQ(call.inputs[1].size(), 1u);
    EXPECT_EQ(call.inputs[1][0].dtype, ge::DT_INT32);
    EXPECT_EQ(call.inputs[1][0].At(0), 3);

    op.inputs[1].dtypes = {ge::DT_INT32, ge::DT_INT64};
    ASSERT_TRUE(CallFromAclnnArgs(op, {x, k}, &call, &error)) << error;
    EXPECT_EQ(call.inputs[1][0].dtype, ge::DT_INT64);
}

TEST(AclnnBridge, IntArrayForATensorInputTakesTheDeclaredDtype) {
    host::OpInfo op;
    op.type = "LayerNormV4";
    op.inputs = {Param("x", host::ParamKind::Required, {ge::DT_FLOAT, ge::DT_FLOAT16}, false),
                 Param("normalized_shape", host::ParamKind::Required, {ge::DT_INT32, ge::DT_INT32}, false)};
    pyshim::AclArg x;
    x.kind = K::Tensor;
    x.tensor = FloatTensor({1, 2});
    pyshim::AclArg shape;
    shape.kind = K::IntArray;
    shape.ints = {5, 20};
    run::OpCall call;
    std::string error;
    ASSERT_TRUE(CallFromAclnnArgs(op, {x, shape}, &call, &error)) << error;
    ASSERT_EQ(call.inputs[1].size(), 1u);
    EXPECT_EQ(call.inputs[1][0].dtype, ge::DT_INT32);
    EXPECT_EQ(call.inputs[1][0].shape, (std::vector<int64_t>{2}));
    EXPECT_EQ(call.inputs[1][0].At(1), 20);

    // Columns that disagree: int64, as aclnn's aclIntArray holds.
    op.inputs[1].dtypes = {ge::DT_INT32, ge::DT_INT64};
    ASSERT_TRUE(CallFromAclnnArgs(op, {x, shape}, &call, &error)) << error;
    EXPECT_EQ(call.inputs[1][0].dtype, ge::DT_INT64);
}

}  // namespace
}  // namespace akg::harness

// A tiling function reading a const input's data: declared with IMPL_OP(...).TilingInputsDataDependency
// the operator's description says so (RegisteredOps: the runner then passes the data) and tiling
// reads it; undeclared, GetData() is null and the read is reported as the op_host's fault, not a
// crash of the process.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>

#include "akg/host/host_registry.h"
#include "register/op_def_registry.h"

namespace optiling {
// Tiling key = the first value of input 1 (a scale the tiling needs, as CANN allows for const inputs).
static ge::graphStatus ReadScaleTiling(gert::TilingContext* context) {
    const gert::Tensor* scale = context->GetInputTensor(1);
    context->SetTilingKey(static_cast<uint64_t>(scale->GetData<int64_t>()[0]));
    context->SetBlockDim(1);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(DeclaresScale).Tiling(ReadScaleTiling).TilingInputsDataDependency({1});
IMPL_OP_OPTILING(ForgetsScale).Tiling(ReadScaleTiling);
}  // namespace optiling

namespace ops {
class DeclaresScale : public OpDef {
public:
    explicit DeclaresScale(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Input("scale").ParamType(REQUIRED).DataType({ge::DT_INT64});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    }
};
OP_ADD(DeclaresScale);
class ForgetsScale : public OpDef {
public:
    explicit ForgetsScale(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Input("scale").ParamType(REQUIRED).DataType({ge::DT_INT64});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    }
};
OP_ADD(ForgetsScale);
}  // namespace ops

namespace {

const akg::host::OpInfo* Find(const std::vector<akg::host::OpInfo>& ops, const std::string& type) {
    auto it = std::find_if(ops.begin(), ops.end(), [&](auto& o) { return o.type == type; });
    return it == ops.end() ? nullptr : &*it;
}

akg::host::TilingRequest Request(const std::string& op, const std::vector<int64_t>& scale) {
    akg::host::TilingRequest r;
    r.opType = op;
    akg::host::TensorArg x, s, y;
    x.shape = y.shape = {16};
    s.shape = {1};
    s.dtype = ge::DT_INT64;
    s.data = scale.data();
    s.bytes = scale.size() * sizeof(int64_t);
    r.inputs = {{x}, {s}};
    r.outputs = {{y}};
    return r;
}

TEST(ValueDepend, TilingDataDependencyMarksTheInputAndTilingReadsIt) {
    const auto ops = akg::host::RegisteredOps();
    const akg::host::OpInfo* op = Find(ops, "DeclaresScale");
    ASSERT_NE(op, nullptr);
    EXPECT_FALSE(op->inputs[0].valueDepend);
    EXPECT_TRUE(op->inputs[1].valueDepend);  // the runner passes its data
    const std::vector<int64_t> scale = {7};
    const akg::host::TilingResult r = akg::host::RunTiling(Request("DeclaresScale", scale));
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.tilingKey, 7u);
}

TEST(ValueDepend, ReadingUndeclaredDataIsAnErrorNotACrash) {
    const auto ops = akg::host::RegisteredOps();
    ASSERT_NE(Find(ops, "ForgetsScale"), nullptr);
    EXPECT_FALSE(Find(ops, "ForgetsScale")->inputs[1].valueDepend);
    const std::vector<int64_t> scale = {7};
    const akg::host::TilingResult r = akg::host::RunTiling(Request("ForgetsScale", scale));
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("read through a null pointer"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("value-dependent inputs: none"), std::string::npos) << r.error;
    // The guard is gone afterwards: the process's own SIGSEGV disposition is back.
    struct sigaction now {};
    sigaction(SIGSEGV, nullptr, &now);
    EXPECT_EQ(now.sa_handler, SIG_DFL);
}

}  // namespace

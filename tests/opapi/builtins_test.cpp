// The built-in L0 operators of the aclnn layer against reference loops, and the executor's
// launch list (phase 1 queues, phase 2 runs in order).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

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
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/tensor_view_utils.h"

namespace {

std::vector<float> Iota(size_t n) {
    std::vector<float> v(n);
    std::iota(v.begin(), v.end(), 0.0f);
    return v;
}

template <typename T>
std::vector<T> Values(const aclTensor* t) {
    const std::vector<uint8_t> bytes = akg::opapi::ReadView(t);
    std::vector<T> out(bytes.size() / sizeof(T));
    std::memcpy(out.data(), bytes.data(), bytes.size());
    return out;
}

std::vector<int64_t> Dims(const aclTensor* t) {
    std::vector<int64_t> d;
    for (size_t i = 0; i < t->GetViewShape().GetDimNum(); ++i) d.push_back(t->GetViewShape().GetDim(i));
    return d;
}

// Phase 2 of a hand-built executor.
void RunAll(aclOpExecutor* executor) { ASSERT_EQ(executor->Run(), ACLNN_SUCCESS); }

TEST(OpApiBuiltins, ContiguousCopiesAStridedViewInRowMajorOrder) {
    std::vector<float> data = Iota(2 * 3 * 4);
    auto base = akg::opapi::WrapTensor({2, 3, 4}, ge::DT_FLOAT, data.data());
    aclOpExecutor executor;
    // The transposed view [4, 3, 2] of the [2, 3, 4] tensor: strides (1, 4, 12).
    const aclTensor* view = executor.CreateView(base.get(), op::Shape{4, 3, 2}, op::Shape{2, 3, 4}, {1, 4, 12}, 0);
    EXPECT_FALSE(op::IsContiguous(view));
    const aclTensor* out = l0op::Contiguous(view, &executor);
    ASSERT_NE(out, view);
    EXPECT_TRUE(op::IsContiguous(out));
    RunAll(&executor);
    const std::vector<float> got = Values<float>(out);
    for (int64_t i = 0; i < 4; ++i)
        for (int64_t j = 0; j < 3; ++j)
            for (int64_t k = 0; k < 2; ++k) EXPECT_EQ(got[(i * 3 + j) * 2 + k], data[k * 12 + j * 4 + i]);
    // A contiguous tensor is its own contiguous form.
    EXPECT_EQ(l0op::Contiguous(base.get(), &executor), base.get());
}

TEST(OpApiBuiltins, TransposeMovesEveryElement) {
    std::vector<float> data = Iota(2 * 3 * 5);
    auto x = akg::opapi::WrapTensor({2, 3, 5}, ge::DT_FLOAT, data.data());
    aclOpExecutor executor;
    const int64_t perm[] = {2, 0, 1};
    const aclTensor* y = l0op::Transpose(x.get(), executor.AllocIntArray(perm, 3), &executor);
    ASSERT_NE(y, nullptr);
    EXPECT_EQ(Dims(y), (std::vector<int64_t>{5, 2, 3}));
    RunAll(&executor);
    const std::vector<float> got = Values<float>(y);
    for (int64_t a = 0; a < 5; ++a)
        for (int64_t b = 0; b < 2; ++b)
            for (int64_t c = 0; c < 3; ++c) EXPECT_EQ(got[(a * 2 + b) * 3 + c], data[(b * 3 + c) * 5 + a]);
    const int64_t notAPermutation[] = {0, 0, 1};
    EXPECT_EQ(l0op::Transpose(x.get(), executor.AllocIntArray(notAPermutation, 3), &executor), nullptr);
}

TEST(OpApiBuiltins, CastRoundsLikeTheDevice) {
    std::vector<float> data = {1.0f, 2.5f, -3.75f, 65504.0f, 1.0f / 3.0f, -0.9f, 7.9f, 0.0f};
    auto x = akg::opapi::WrapTensor({8}, ge::DT_FLOAT, data.data());
    aclOpExecutor executor;
    const aclTensor* half = l0op::Cast(x.get(), ge::DT_FLOAT16, &executor);
    const aclTensor* ints = l0op::Cast(x.get(), ge::DT_INT32, &executor);
    EXPECT_EQ(l0op::Cast(x.get(), ge::DT_FLOAT, &executor), x.get());
    RunAll(&executor);
    const std::vector<_Float16> h = Values<_Float16>(half);
    const std::vector<int32_t> i = Values<int32_t>(ints);
    for (size_t k = 0; k < data.size(); ++k) {
        EXPECT_EQ(float(h[k]), float(_Float16(data[k]))) << k;           // round to nearest even
        EXPECT_EQ(i[k], static_cast<int32_t>(data[k])) << k;            // toward zero
    }
}

TEST(OpApiBuiltins, ViewCopyWritesThroughTheDestinationsStrides) {
    std::vector<float> src = Iota(6);
    std::vector<float> dst(12, -1.0f);
    auto x = akg::opapi::WrapTensor({2, 3}, ge::DT_FLOAT, src.data());
    auto base = akg::opapi::WrapTensor({2, 6}, ge::DT_FLOAT, dst.data());
    aclOpExecutor executor;
    // Every other column of the [2, 6] tensor.
    const aclTensor* strided = executor.CreateView(base.get(), op::Shape{2, 3}, op::Shape{2, 6}, {6, 2}, 0);
    EXPECT_EQ(l0op::ViewCopy(x.get(), strided, &executor), strided);
    RunAll(&executor);
    EXPECT_EQ(dst, (std::vector<float>{0, -1, 1, -1, 2, -1, 3, -1, 4, -1, 5, -1}));
    auto wrongDtype = akg::opapi::WrapTensor({2, 3}, ge::DT_INT32, dst.data());
    EXPECT_EQ(l0op::ViewCopy(x.get(), wrongDtype.get(), &executor), nullptr);
}

TEST(OpApiBuiltins, ReshapeSqueezeUnsqueezeKeepTheElements) {
    std::vector<float> data = Iota(12);
    auto x = akg::opapi::WrapTensor({3, 1, 4}, ge::DT_FLOAT, data.data());
    aclOpExecutor executor;
    const int64_t shape[] = {2, -1};
    const aclTensor* r = l0op::Reshape(x.get(), executor.AllocIntArray(shape, 2), &executor);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(Dims(r), (std::vector<int64_t>{2, 6}));
    const aclTensor* s = l0op::SqueezeNd(x.get(), int64_t(-2), &executor);
    EXPECT_EQ(Dims(s), (std::vector<int64_t>{3, 4}));
    const aclTensor* kept = l0op::SqueezeNd(x.get(), int64_t(0), &executor);  // size 3: stays
    EXPECT_EQ(Dims(kept), (std::vector<int64_t>{3, 1, 4}));
    const aclTensor* u = l0op::UnsqueezeNd(s, int64_t(-1), &executor);
    EXPECT_EQ(Dims(u), (std::vector<int64_t>{3, 4, 1}));
    RunAll(&executor);
    EXPECT_EQ(Values<float>(r), data);
    EXPECT_EQ(Values<float>(u), data);
    const int64_t wrongCount[] = {5, 5};
    EXPECT_EQ(l0op::Reshape(x.get(), executor.AllocIntArray(wrongCount, 2), &executor), nullptr);
}

TEST(OpApiBuiltins, FillAndConvertToTensor) {
    aclOpExecutor executor;
    const int64_t dims[] = {2, 3};
    const aclIntArray* shape = executor.AllocIntArray(dims, 2);
    const aclTensor* dimsTensor = executor.ConvertToTensor(shape, ge::DT_INT64);
    EXPECT_EQ(Values<int64_t>(dimsTensor), (std::vector<int64_t>{2, 3}));
    const aclTensor* value = executor.ConvertToTensor(executor.AllocScalar(1.5), ge::DT_FLOAT16);
    const aclTensor* filled = l0op::Fill(dimsTensor, value, shape, &executor);
    ASSERT_NE(filled, nullptr);
    EXPECT_EQ(filled->GetDataType(), ge::DT_FLOAT16);
    RunAll(&executor);
    for (_Float16 v : Values<_Float16>(filled)) EXPECT_EQ(float(v), 1.5f);
}

TEST(OpApiBuiltins, FormatChangesBetweenNdFormatsOnly) {
    std::vector<float> data = Iota(4);
    auto x = akg::opapi::WrapTensor({1, 1, 2, 2}, ge::DT_FLOAT, data.data());
    aclOpExecutor executor;
    const aclTensor* nchw = l0op::ReFormat(x.get(), ge::FORMAT_NCHW, &executor);
    ASSERT_NE(nchw, nullptr);
    EXPECT_EQ(nchw->GetStorageFormat(), ge::FORMAT_NCHW);
    EXPECT_EQ(l0op::TransDataSpecial(x.get(), ge::FORMAT_NDC1HWC0, 0, &executor), nullptr);
}

OP_TYPE_REGISTER(Probe);

// What the launcher saw, in call order.
std::vector<std::string> g_seen;

const aclTensor* ProbeL0(const aclTensor* x, float scale, aclOpExecutor* executor) {
    aclTensor* out = executor->AllocTensor(x->GetViewShape(), x->GetDataType());
    if (ADD_TO_LAUNCHER_LIST_AICORE(Probe, OP_INPUT(x, nullptr), OP_OUTPUT(out), OP_ATTR(scale, true)) != ACLNN_SUCCESS)
        return nullptr;
    return out;
}

TEST(OpApiExecutor, LaunchesRunInListOrderInPhaseTwo) {
    g_seen.clear();
    akg::opapi::SetAiCoreLauncher([](const akg::opapi::OperatorCall& call, std::string*) {
        // Inputs as written (an absent optional one included), attributes with their C++ kinds.
        EXPECT_EQ(call.inputs.size(), 2u);
        EXPECT_EQ(call.inputs[1].kind, op::OpArg::Kind::Absent);
        EXPECT_EQ(call.attrs[0].kind, op::OpArg::Kind::Float);
        EXPECT_TRUE(call.attrs[0].single);
        EXPECT_EQ(call.attrs[1].kind, op::OpArg::Kind::Bool);
        // The Cast queued before this launch has run: its output holds data.
        const std::vector<uint8_t> in = akg::opapi::ReadView(call.inputs[0].tensor);
        float first;
        std::memcpy(&first, in.data(), sizeof first);
        g_seen.push_back(call.opType + ":" + std::to_string(int(first)));
        std::vector<float> ones(call.outputs[0].tensor->Numel(), 1.0f);
        std::vector<uint8_t> bytes(ones.size() * sizeof(float));
        std::memcpy(bytes.data(), ones.data(), bytes.size());
        akg::opapi::WriteView(call.outputs[0].tensor, bytes);
        return true;
    });
    std::vector<int32_t> data = {7, 8, 9, 10};
    auto x = akg::opapi::WrapTensor({4}, ge::DT_INT32, data.data());
    std::vector<_Float16> result(4, _Float16(0));
    auto out = akg::opapi::WrapTensor({4}, ge::DT_FLOAT16, result.data());

    auto unique = CREATE_EXECUTOR();
    aclOpExecutor* executor = unique.get();
    const aclTensor* xf = l0op::Cast(x.get(), ge::DT_FLOAT, executor);
    const aclTensor* y = ProbeL0(xf, 0.5f, executor);
    ASSERT_NE(y, nullptr);
    ASSERT_NE(l0op::ViewCopy(l0op::Cast(y, ge::DT_FLOAT16, executor), out.get(), executor), nullptr);
    aclOpExecutor* released = nullptr;
    unique.ReleaseTo(&released);
    EXPECT_TRUE(g_seen.empty());  // phase 1 only queues
    EXPECT_EQ(CommonOpExecutorRun(nullptr, 0, released, nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(g_seen, (std::vector<std::string>{"Probe:7"}));
    for (_Float16 v : result) EXPECT_EQ(float(v), 1.0f);

    // A launcher that fails stops the run with a runtime error.
    akg::opapi::SetAiCoreLauncher([](const akg::opapi::OperatorCall&, std::string* error) {
        *error = "simulated failure";
        return false;
    });
    auto again = CREATE_EXECUTOR();
    ASSERT_NE(ProbeL0(x.get(), 1.0f, again.get()), nullptr);
    aclOpExecutor* second = nullptr;
    again.ReleaseTo(&second);
    EXPECT_EQ(CommonOpExecutorRun(nullptr, 0, second, nullptr), ACLNN_ERR_RUNTIME_ERROR);
    akg::opapi::SetAiCoreLauncher(nullptr);
}

}  // namespace

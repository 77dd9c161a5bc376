// The builder's mechanical rewrite of bisheng-only syntax: both launch forms, a callee on the line
// before its <<<, empty argument lists, and the kernel-type records of qualifiers.
#include <gtest/gtest.h>

#include <algorithm>

#include "build/rewrite.h"

using akg::build::LaunchForm;
using akg::build::RewriteDeviceSource;

namespace {
size_t Lines(const std::string& s) { return size_t(std::count(s.begin(), s.end(), '\n')); }
}  // namespace

TEST(Rewrite, NamedLaunchForOperatorProjects) {
    EXPECT_EQ(RewriteDeviceSource("k<<<8, nullptr, s>>>(a, b);"), "::akg::LaunchKernelNamed(\"k\", 8, nullptr, s)(a, b);");
}

TEST(Rewrite, TypedLaunchForPrograms) {
    EXPECT_EQ(RewriteDeviceSource("ns::add<2048><<<8, 0, s>>>(x, y);", LaunchForm::Typed),
              "::akg::KernelLaunch(\"add\", 8, 0, s).Run(ns::add<2048>, x, y);");
    EXPECT_EQ(RewriteDeviceSource("hello<<<8, 0, s>>>();", LaunchForm::Typed),
              "::akg::KernelLaunch(\"hello\", 8, 0, s).Run(hello);");
    // The official samples break a long launch before its <<<: lines keep their numbers.
    const std::string split = "f<T>\n    <<<n, 0, s>>>(a);\nnext();\n";
    const std::string out = RewriteDeviceSource(split, LaunchForm::Typed);
    EXPECT_EQ(out, "::akg::KernelLaunch(\"f\", \nn, 0, s).Run(f<T>, a);\nnext();\n");
    EXPECT_EQ(Lines(out), Lines(split));
}

TEST(Rewrite, QualifiersRecordTheKernelType) {
    const std::string src =
        "#define MY_QUALIFIER __vector__\n"
        "template <int N>\n__global__ __vector__ void add(float* x) {}\n"
        "__global__ __mix__(1, 2) void mixed(GM_ADDR a, GM_ADDR b);\n"
        "__cube__ __global__ void cube_only() {}\n";
    const std::string out = RewriteDeviceSource(src, LaunchForm::Typed);
    EXPECT_EQ(out.compare(0, src.size(), src), 0) << "the source itself is unchanged";
    EXPECT_NE(out.find("= {\"add\", -2, 0, 0};"), std::string::npos) << out;    // KERNEL_TYPE_AIV_ONLY
    EXPECT_NE(out.find("= {\"mixed\", -2, 5, 0};"), std::string::npos) << out;  // KERNEL_TYPE_MIX_AIC_1_2
    EXPECT_NE(out.find("= {\"cube_only\", -2, 1, 0};"), std::string::npos) << out;  // KERNEL_TYPE_AIC_ONLY
    EXPECT_EQ(std::count(out.begin(), out.end(), '{') - std::count(src.begin(), src.end(), '{'), 6)
        << "one record (struct + initializer braces) per qualified kernel, none for the #define: " << out;
}

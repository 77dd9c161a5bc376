// Values crossing between the Python golden step and the C++ replay: JSON has no literal for
// infinities and NaN, so they travel as strings and must come back as the same doubles.
#include <gtest/gtest.h>

#include <cmath>

#include "harness/replay.h"

using namespace akg;

TEST(ReplayValues, NonFiniteFloatsRoundTrip) {
    for (double v : {double(INFINITY), -double(INFINITY), double(NAN), 1.5, -0.0}) {
        pyshim::Value in;
        in.kind = pyshim::Value::Kind::Float;
        in.f = v;
        std::string text, error;
        ASSERT_TRUE(harness::EncodeValue(in, "/tmp", &text, &error)) << error;
        pyshim::Value out;
        ASSERT_TRUE(harness::DecodeValue(text, "/tmp", &out, &error)) << text << ": " << error;
        ASSERT_EQ(out.kind, pyshim::Value::Kind::Float);
        if (std::isnan(v)) EXPECT_TRUE(std::isnan(out.f)) << text;
        else EXPECT_EQ(out.f, v) << text;
        EXPECT_EQ(std::signbit(out.f), std::signbit(v)) << text;
    }
}

TEST(ReplayValues, StringsFromPythonDecode) {
    pyshim::Value out;
    std::string error;
    ASSERT_TRUE(harness::DecodeValue(R"({"float": "-inf"})", "/tmp", &out, &error)) << error;
    EXPECT_EQ(out.f, -INFINITY);
    ASSERT_TRUE(harness::DecodeValue(R"({"float": "nan"})", "/tmp", &out, &error)) << error;
    EXPECT_TRUE(std::isnan(out.f));
}

// Tiling structs: CANN's TilingDef layout, accessors, serialisation and registration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "akg/host/host_registry.h"
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LayoutInner)
TILING_DATA_FIELD_DEF(uint8_t, flag);
TILING_DATA_FIELD_DEF(int64_t, big);
TILING_DATA_FIELD_DEF(uint16_t, small);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(LayoutInnerOp, LayoutInner)

BEGIN_TILING_DATA_DEF(LayoutOuter)
TILING_DATA_FIELD_DEF(uint32_t, a);
TILING_DATA_FIELD_DEF(uint8_t, b);
TILING_DATA_FIELD_DEF_ARR(uint16_t, 3, arr);
TILING_DATA_FIELD_DEF(float, f);
TILING_DATA_FIELD_DEF(bool, on);
TILING_DATA_FIELD_DEF_STRUCT(LayoutInner, inner);
TILING_DATA_FIELD_DEF(int32_t, tail);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(LayoutOp, LayoutOuter)
REGISTER_TILING_DATA_CLASS(LayoutOp_7, LayoutInner)

// Where CANN's layout and C's differ: a struct of 4-byte words nested after a word.
BEGIN_TILING_DATA_DEF(Words3)
TILING_DATA_FIELD_DEF(uint32_t, x);
TILING_DATA_FIELD_DEF(uint32_t, y);
TILING_DATA_FIELD_DEF(uint32_t, z);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(Words3Op, Words3)

BEGIN_TILING_DATA_DEF(AfterWord)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF_STRUCT(Words3, w);
TILING_DATA_FIELD_DEF(uint16_t, t);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(AfterWordOp, AfterWord)
}  // namespace optiling

namespace {

// Plain C structs whose layout CANN's rules happen to give too (every field at its C offset).
struct CInner {
    uint8_t flag;
    int64_t big;
    uint16_t small;
};
struct COuter {
    uint32_t a;
    uint8_t b;
    uint16_t arr[3];
    float f;
    bool on;
    CInner inner;
    int32_t tail;
};

const optiling::FieldInfo& Field(const std::vector<optiling::FieldInfo>& fields, const char* name) {
    return *std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return std::strcmp(f.name, name) == 0; });
}

TEST(TilingData, LayoutMatchesCStructWhereCannsRulesAgree) {
    optiling::LayoutOuter outer;
    EXPECT_EQ(outer.GetDataSize(), sizeof(COuter));
    EXPECT_EQ(outer.inner.GetDataSize(), sizeof(CInner));

    const auto fields = outer.GetFieldInfo();
    ASSERT_EQ(fields.size(), 7u);
    EXPECT_EQ(Field(fields, "a").offset, offsetof(COuter, a));
    EXPECT_EQ(Field(fields, "b").offset, offsetof(COuter, b));
    EXPECT_EQ(Field(fields, "arr").offset, offsetof(COuter, arr));
    EXPECT_EQ(Field(fields, "arr").size, sizeof(COuter::arr));
    EXPECT_EQ(Field(fields, "arr").arrSize, 3u);
    EXPECT_EQ(Field(fields, "f").offset, offsetof(COuter, f));
    EXPECT_EQ(Field(fields, "on").offset, offsetof(COuter, on));
    EXPECT_EQ(Field(fields, "inner").offset, offsetof(COuter, inner));
    EXPECT_EQ(Field(fields, "inner").kind, optiling::FieldKind::kStruct);
    EXPECT_EQ(Field(fields, "tail").offset, offsetof(COuter, tail));

    const auto innerFields = outer.inner.GetFieldInfo();
    EXPECT_EQ(Field(innerFields, "big").offset, offsetof(CInner, big));
    EXPECT_EQ(Field(innerFields, "small").offset, offsetof(CInner, small));
}

// CANN's TilingDef starts a nested struct at a multiple of 8 and pads every struct to a multiple
// of 8, so MatMulV3's tiling (TCubeTiling and three word structs) is 280 bytes where C rules give
// 268, and its PostTiling rejects a size that is not a multiple of 8.
TEST(TilingData, NestedStructsStartAtEightAndSizesArePaddedToEight) {
    optiling::AfterWord t;
    EXPECT_EQ(t.w.GetDataSize(), 16u);  // C: 12
    const auto fields = t.GetFieldInfo();
    EXPECT_EQ(Field(fields, "n").offset, 0u);
    EXPECT_EQ(Field(fields, "w").offset, 8u);  // C: 4
    EXPECT_EQ(Field(fields, "w").size, 16u);
    EXPECT_EQ(Field(fields, "t").offset, 24u);
    EXPECT_EQ(t.GetDataSize(), 32u);  // C: 20

    t.set_n(5);
    t.w.set_z(0x01020304);
    t.set_t(77);
    std::vector<uint8_t> bytes(t.GetDataSize(), 0xEE);
    t.SaveToBuffer(bytes.data(), bytes.size());
    uint32_t z = 0;
    uint16_t tail = 0;
    std::memcpy(&z, bytes.data() + 8 + 8, sizeof z);
    std::memcpy(&tail, bytes.data() + 24, sizeof tail);
    EXPECT_EQ(z, 0x01020304u);
    EXPECT_EQ(tail, 77u);
}

TEST(TilingData, FieldsStartAtZeroAndRoundTrip) {
    optiling::LayoutOuter t;
    EXPECT_EQ(t.get_a(), 0u);
    EXPECT_EQ(t.get_arr()[2], 0u);
    EXPECT_EQ(t.inner.get_big(), 0);

    t.set_a(0xDEADBEEF);
    t.set_b(7);
    uint16_t values[5] = {11, 22, 33, 44, 55};  // only the declared 3 are copied
    t.set_arr(values);
    t.set_f(1.5f);
    t.set_on(true);
    t.inner.set_flag(9);
    t.inner.set_big(-123456789012LL);
    t.inner.set_small(65535);
    t.set_tail(-4);

    EXPECT_EQ(t.get_a(), 0xDEADBEEFu);
    EXPECT_EQ(t.get_arr()[0], 11u);
    EXPECT_EQ(t.get_arr()[2], 33u);
    EXPECT_FLOAT_EQ(t.get_f(), 1.5f);
    EXPECT_TRUE(t.get_on());

    std::vector<uint8_t> buffer(sizeof(COuter) + 16, 0xAB);
    t.SaveToBuffer(buffer.data(), buffer.size());
    COuter c;
    std::memcpy(&c, buffer.data(), sizeof(c));
    EXPECT_EQ(c.a, 0xDEADBEEFu);
    EXPECT_EQ(c.b, 7);
    EXPECT_EQ(c.arr[0], 11);
    EXPECT_EQ(c.arr[1], 22);
    EXPECT_EQ(c.arr[2], 33);
    EXPECT_FLOAT_EQ(c.f, 1.5f);
    EXPECT_TRUE(c.on);
    EXPECT_EQ(c.inner.flag, 9);
    EXPECT_EQ(c.inner.big, -123456789012LL);
    EXPECT_EQ(c.inner.small, 65535);
    EXPECT_EQ(c.tail, -4);
    EXPECT_EQ(buffer[sizeof(COuter)], 0xAB);  // nothing written past the struct
}

TEST(TilingData, SaveToBufferRefusesSmallCapacity) {
    optiling::LayoutOuter t;
    t.set_a(5);
    std::vector<uint8_t> buffer(sizeof(COuter), 0xCD);
    t.SaveToBuffer(buffer.data(), sizeof(COuter) - 1);
    EXPECT_TRUE(std::all_of(buffer.begin(), buffer.end(), [](uint8_t b) { return b == 0xCD; }));
}

TEST(TilingData, CopiesAreIndependent) {
    optiling::LayoutOuter original;
    original.set_a(1);
    original.inner.set_big(2);
    optiling::LayoutOuter copy = original;
    copy.set_a(10);
    copy.inner.set_big(20);
    EXPECT_EQ(original.get_a(), 1u);
    EXPECT_EQ(original.inner.get_big(), 2);
    std::vector<uint8_t> buffer(sizeof(COuter));
    copy.SaveToBuffer(buffer.data(), buffer.size());
    COuter c;
    std::memcpy(&c, buffer.data(), sizeof(c));
    EXPECT_EQ(c.a, 10u);
    EXPECT_EQ(c.inner.big, 20);
}

TEST(TilingData, SetDataPtrWritesThrough) {
    alignas(8) uint8_t external[sizeof(COuter)] = {};
    optiling::LayoutOuter t;
    t.set_a(3);
    t.SetDataPtr(external);
    t.set_tail(99);
    t.inner.set_small(77);
    COuter c;
    std::memcpy(&c, external, sizeof(c));
    EXPECT_EQ(c.a, 3u);  // value set before SetDataPtr carried over
    EXPECT_EQ(c.tail, 99);
    EXPECT_EQ(c.inner.small, 77);
}

TEST(TilingData, RegistrationsAndStructDescriptions) {
    const auto registrations = akg::host::TilingRegistrations();
    auto registered = [&](const std::string& op, const std::string& structName) {
        return std::any_of(registrations.begin(), registrations.end(),
                           [&](const auto& r) { return r.opType == op && r.structName == structName; });
    };
    EXPECT_TRUE(registered("LayoutOp", "LayoutOuter"));
    EXPECT_TRUE(registered("LayoutOp_7", "LayoutInner"));
    EXPECT_TRUE(registered("LayoutInnerOp", "LayoutInner"));

    const auto structs = akg::host::TilingStructs();
    auto find = [&](const std::string& name) {
        return std::find_if(structs.begin(), structs.end(), [&](const auto& s) { return s.name == name; });
    };
    const auto inner = find("LayoutInner");
    const auto outer = find("LayoutOuter");
    ASSERT_NE(inner, structs.end());
    ASSERT_NE(outer, structs.end());
    EXPECT_LT(inner, outer);  // nested structs come first
    EXPECT_EQ(std::count_if(structs.begin(), structs.end(), [](const auto& s) { return s.name == "LayoutInner"; }), 1);
    EXPECT_EQ(outer->size, sizeof(COuter));
    ASSERT_EQ(outer->fields.size(), 7u);
    EXPECT_EQ(outer->fields[2].name, "arr");
    EXPECT_EQ(outer->fields[2].type, "uint16_t");
    EXPECT_EQ(outer->fields[2].arrayLen, 3u);
    EXPECT_EQ(outer->fields[5].name, "inner");
    EXPECT_EQ(outer->fields[5].type, "LayoutInner");
    EXPECT_TRUE(outer->fields[5].isStruct);
    EXPECT_EQ(outer->fields[5].offset, offsetof(COuter, inner));
    EXPECT_EQ(outer->fields[5].size, sizeof(CInner));
}

TEST(TilingData, FactoryCreatesRegisteredClass) {
    auto& factory = optiling::CTilingDataClassFactory::GetInstance();
    const auto instance = factory.CreateTilingDataInstance("LayoutOp");
    ASSERT_NE(instance, nullptr);
    EXPECT_STREQ(instance->GetTilingClassName(), "LayoutOuter");
    EXPECT_EQ(instance->GetDataSize(), sizeof(COuter));
    EXPECT_EQ(factory.CreateTilingDataInstance("NoSuchOp"), nullptr);
}

}  // namespace

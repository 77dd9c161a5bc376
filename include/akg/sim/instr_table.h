// The simulator's instruction tables: one row per vector instruction, from which the headers'
// dtype checks, the simulator's enums and dispatch, and the cost model's lookup are generated.
// Adding an instruction is one row here plus its arithmetic (docs/architecture.md, "The
// instruction table"). Each table is an X-macro: X(NAME, FORM, COST, API, (TYPES...)).
//
//   FORM  how the operands are read: Binary (dst = f(src0, src1)), BinaryAcc (also reads dst),
//         Scalar (dst = f(src0, scalar)), ScalarAcc (also reads dst), Unary (dst = f(src0)),
//         Fill (dst = scalar).
//   COST  the cost class whose per-repeat cycles the platform's timing gives (CostClass).
//   API   Stamped: the family header stamps the public overloads from the row; Custom: the
//         header writes them by hand (mixed dtypes, extra forms); Internal: no public API.
//   TYPES the element types the A2/A3 hardware accepts (the source type for mixed-precision
//         forms); the public overloads reject any other at compile time, as CANN does.
#pragma once

#include "akg/sim/sim.h"

namespace akg::sim {

// kernel_operator_vec_binary_intf.h
#define AKG_VEC_BINARY_TABLE(X) \
    X(Add, Binary, Simple, Stamped, (int16_t, half, int32_t, float)) \
    X(Sub, Binary, Simple, Stamped, (int16_t, half, int32_t, float)) \
    X(Mul, Binary, Simple, Stamped, (int16_t, half, int32_t, float)) \
    X(Div, Binary, Transcendental, Stamped, (half, float))           \
    X(Max, Binary, Simple, Stamped, (int16_t, half, int32_t, float)) \
    X(Min, Binary, Simple, Stamped, (int16_t, half, int32_t, float)) \
    X(And, Binary, Simple, Stamped, (int16_t, uint16_t))             \
    X(Or, Binary, Simple, Stamped, (int16_t, uint16_t))              \
    X(AddRelu, Binary, Simple, Stamped, (int16_t, half, float))      \
    X(SubRelu, Binary, Simple, Stamped, (int16_t, half, float))      \
    X(FusedMulAdd, BinaryAcc, Simple, Stamped, (half, float))        \
    X(FusedMulAddRelu, BinaryAcc, Simple, Stamped, (half, float))    \
    X(MulAddRelu, BinaryAcc, Simple, Stamped, (half, float))         \
    X(MulAddDst, BinaryAcc, Simple, Custom, (half, float))

// kernel_operator_vec_binary_scalar_intf.h
#define AKG_VEC_SCALAR_TABLE(X) \
    X(Adds, Scalar, Simple, Stamped, (int16_t, half, int32_t, float))              \
    X(Muls, Scalar, Simple, Stamped, (int16_t, half, int32_t, float))              \
    X(Maxs, Scalar, Simple, Stamped, (int16_t, half, int32_t, float))              \
    X(Mins, Scalar, Simple, Stamped, (int16_t, half, int32_t, float))              \
    X(LeakyRelu, Scalar, Simple, Stamped, (half, float))                           \
    X(ShiftLeft, Scalar, Simple, Stamped, (int16_t, uint16_t, int32_t, uint32_t))  \
    X(ShiftRight, Scalar, Simple, Stamped, (int16_t, uint16_t, int32_t, uint32_t)) \
    X(Axpy, ScalarAcc, Simple, Custom, (half, float))

// kernel_operator_vec_unary_intf.h
#define AKG_VEC_UNARY_TABLE(X) \
    X(Exp, Unary, Transcendental, Stamped, (half, float))            \
    X(Ln, Unary, Transcendental, Stamped, (half, float))             \
    X(Abs, Unary, Simple, Stamped, (half, float))                    \
    X(Reciprocal, Unary, Transcendental, Stamped, (half, float))     \
    X(Sqrt, Unary, Transcendental, Stamped, (half, float))           \
    X(Rsqrt, Unary, Transcendental, Stamped, (half, float))          \
    X(Relu, Unary, Simple, Stamped, (half, int32_t, float))          \
    X(Not, Unary, Simple, Stamped, (int16_t, uint16_t))              \
    X(Neg, Unary, Simple, Internal, (int16_t, half, int32_t, float))

// kernel_operator_vec_duplicate_intf.h
#define AKG_VEC_FILL_TABLE(X) \
    X(Duplicate, Fill, Simple, Custom, (int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float))

// Every element-wise instruction.
#define AKG_VEC_ELEMENTWISE_TABLE(X) AKG_VEC_BINARY_TABLE(X) AKG_VEC_SCALAR_TABLE(X) AKG_VEC_UNARY_TABLE(X) \
    AKG_VEC_FILL_TABLE(X)

// A family header stamps its public overloads with STAMP(NAME) for the rows marked Stamped.
#define AKG_VEC_STAMP_Stamped(STAMP, NAME) STAMP(NAME)
#define AKG_VEC_STAMP_Custom(STAMP, NAME)
#define AKG_VEC_STAMP_Internal(STAMP, NAME)

// Element-wise vector operations, one per row of AKG_VEC_ELEMENTWISE_TABLE.
enum class VecOp : uint16_t {
#define AKG_VEC_ENUM(NAME, FORM, COST, API, TYPES) NAME,
    AKG_VEC_ELEMENTWISE_TABLE(AKG_VEC_ENUM)
#undef AKG_VEC_ENUM
};

enum class VecForm : uint8_t { Binary, BinaryAcc, Scalar, ScalarAcc, Unary, Fill };

// One row, as data: what the simulator's dispatch and the table walk test read.
struct VecOpRow {
    VecOp op;
    const char* name;
    VecForm form;
    CostClass cost;
};

inline constexpr VecOpRow kVecOpRows[] = {
#define AKG_VEC_ROW(NAME, FORM, COST, API, TYPES) {VecOp::NAME, #NAME, VecForm::FORM, CostClass::COST},
    AKG_VEC_ELEMENTWISE_TABLE(AKG_VEC_ROW)
#undef AKG_VEC_ROW
};

// The row of an op: the enum is the row index, so this is a lookup, never a default.
constexpr const VecOpRow& RowOf(VecOp op) { return kVecOpRows[size_t(op)]; }

// An element-wise instruction: the vector pipe, timed per repeat by its row's cost class.
inline Instr::Instr(VecOp op, const char* calledAs, const void* caller)
    : Instr(InstrRow{RowOf(op).name, RowOf(op).name, Pipe::V, Timing::Vector, SyncKind::None, RowOf(op).cost,
                     TypeSet::Checked},
            calledAs, Pipe::V, caller) {}

#define AKG_TABLE_UNPAREN(...) __VA_ARGS__

// Whether an element type T is one the row accepts (the public headers' static_assert).
template <VecOp OP, typename T>
inline constexpr bool kVecAccepts = false;
#define AKG_VEC_ACCEPTS(NAME, FORM, COST, API, TYPES) \
    template <typename T>                              \
    inline constexpr bool kVecAccepts<VecOp::NAME, T> = kOneOf<T, AKG_TABLE_UNPAREN TYPES>;
AKG_VEC_ELEMENTWISE_TABLE(AKG_VEC_ACCEPTS)
#undef AKG_VEC_ACCEPTS

// Each row's accepted dtypes, as DType values (the table walk test checks none is empty).
template <typename... Ts>
inline constexpr DType kDTypeList[] = {DTypeOf<Ts>()...};
struct VecOpTypes {
    const DType* types;
    size_t count;
};
inline constexpr VecOpTypes kVecOpTypes[] = {
#define AKG_VEC_TYPES(NAME, FORM, COST, API, TYPES)                  \
    {kDTypeList<AKG_TABLE_UNPAREN TYPES>,                             \
     sizeof(kDTypeList<AKG_TABLE_UNPAREN TYPES>) / sizeof(DType)},
    AKG_VEC_ELEMENTWISE_TABLE(AKG_VEC_TYPES)
#undef AKG_VEC_TYPES
};

// Reductions (kernel_operator_vec_reduce_intf.h, and the raw vcadd): X(NAME, COST, (TYPES...)). The
// named cross-lane reductions cost two cycles per repeat; the generic forms (ReduceRepeat,
// RepeatReduceSum, ReduceDataBlock, ReducePairElem) and vcadd are timed as simple instructions.
// TYPES: the element types the A2/A3 hardware accepts (source and destination alike).
#define AKG_VEC_REDUCE_TABLE(X)                                                                    \
    X(WholeReduceSum, CrossLane, (half, float)) X(WholeReduceMax, CrossLane, (half, float))         \
    X(WholeReduceMin, CrossLane, (half, float)) X(ReduceRepeat, Simple, (half, float))              \
    X(RepeatReduceSum, Simple, (half, float)) X(vcadd, Simple, (half, float))                       \
    X(BlockReduceSum, CrossLane, (half, float)) X(BlockReduceMax, CrossLane, (half, float))         \
    X(BlockReduceMin, CrossLane, (half, float)) X(ReduceDataBlock, Simple, (half, float))           \
    X(PairReduceSum, CrossLane, (half, float)) X(ReducePairElem, Simple, (half, float))             \
    X(ReduceSum, CrossLane, (half, float)) X(ReduceMax, CrossLane, (half, float))                   \
    X(ReduceMin, CrossLane, (half, float))

enum class ReduceOp : uint8_t {
#define AKG_REDUCE_ENUM(NAME, COST, TYPES) NAME,
    AKG_VEC_REDUCE_TABLE(AKG_REDUCE_ENUM)
#undef AKG_REDUCE_ENUM
};

struct ReduceOpRow {
    ReduceOp op;
    const char* name;
    CostClass cost;
};

inline constexpr ReduceOpRow kReduceOpRows[] = {
#define AKG_REDUCE_ROW(NAME, COST, TYPES) {ReduceOp::NAME, #NAME, CostClass::COST},
    AKG_VEC_REDUCE_TABLE(AKG_REDUCE_ROW)
#undef AKG_REDUCE_ROW
};

constexpr const ReduceOpRow& RowOf(ReduceOp op) { return kReduceOpRows[size_t(op)]; }

inline Instr::Instr(ReduceOp op, const void* caller)
    : Instr(InstrRow{RowOf(op).name, RowOf(op).name, Pipe::V, Timing::Vector, SyncKind::None, RowOf(op).cost,
                     TypeSet::Checked},
            RowOf(op).name, Pipe::V, caller) {}

// Whether reduction OP accepts element type T (the headers' static_assert), and each row's types.
template <ReduceOp OP, typename T>
inline constexpr bool kReduceAccepts = false;
#define AKG_REDUCE_ACCEPTS(NAME, COST, TYPES) \
    template <typename T>                      \
    inline constexpr bool kReduceAccepts<ReduceOp::NAME, T> = kOneOf<T, AKG_TABLE_UNPAREN TYPES>;
AKG_VEC_REDUCE_TABLE(AKG_REDUCE_ACCEPTS)
#undef AKG_REDUCE_ACCEPTS
inline constexpr VecOpTypes kReduceOpTypes[] = {
#define AKG_REDUCE_TYPES(NAME, COST, TYPES) \
    {kDTypeList<AKG_TABLE_UNPAREN TYPES>, sizeof(kDTypeList<AKG_TABLE_UNPAREN TYPES>) / sizeof(DType)},
    AKG_VEC_REDUCE_TABLE(AKG_REDUCE_TYPES)
#undef AKG_REDUCE_TYPES
};

// The register instructions of Ascend 950 (basic_api/reg_compute/, AscendC::Reg): X(NAME, COST,
// (TYPES...)). One row per instruction a __simd_vf__ function issues on the vector pipe; each
// takes one 256-byte register step (cost class per step, no per-instruction start: the VF that
// runs them pays that once), and the loads and stores are UB accesses the checker judges
// (src/sim/reg_compute.cpp, docs/reg-api.md). TYPES: the element types Ascend 950 accepts.
#define AKG_REG_TABLE(X)                                                                            \
    X(Add, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Sub, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Mul, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Div, Transcendental, (int16_t, uint16_t, half, int32_t, uint32_t, float))                     \
    X(Max, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Min, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(And, Simple, (int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t))                          \
    X(Or, Simple, (int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t))                           \
    X(Adds, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Muls, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Maxs, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Mins, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(ShiftLefts, Simple, (int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t))                   \
    X(ShiftRights, Simple, (int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t))                  \
    X(Exp, Transcendental, (half, float))                                                            \
    X(Ln, Transcendental, (half, float))                                                             \
    X(Sqrt, Transcendental, (half, float))                                                           \
    X(Abs, Simple, (int8_t, int16_t, half, int32_t, float))                                          \
    X(Relu, Simple, (int32_t, half, float))                                                          \
    X(FusedMulDstAdd, Simple, (half, bfloat16_t, float))                                             \
    X(MulAddDst, Simple, (half, bfloat16_t, int16_t, uint16_t, int32_t, uint32_t, float))            \
    X(Arange, Simple, (int8_t, int16_t, half, int32_t, float))                                       \
    X(Duplicate, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Compare, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(CompareScalar, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Select, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Cast, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(LoadAlign, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(StoreAlign, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(UpdateMask, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(CreateMask, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(Pack, Simple, (uint8_t, uint16_t, uint32_t))                                                   \
    X(UnPack, Simple, (uint8_t, int16_t, uint16_t, int32_t, uint32_t))                                \
    X(Gather, Simple, (int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float))                 \
    X(LoadUnAlignPre, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(LoadUnAlign, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(StoreUnAlign, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float)) \
    X(StoreUnAlignPost, Simple, (int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float))

enum class RegOp : uint8_t {
#define AKG_REG_ENUM(NAME, COST, TYPES) NAME,
    AKG_REG_TABLE(AKG_REG_ENUM)
#undef AKG_REG_ENUM
};

struct RegOpRow {
    RegOp op;
    const char* name;  // the Instr's api: "Reg::Add", ...
    CostClass cost;
};

inline constexpr RegOpRow kRegOpRows[] = {
#define AKG_REG_ROW(NAME, COST, TYPES) {RegOp::NAME, "Reg::" #NAME, CostClass::COST},
    AKG_REG_TABLE(AKG_REG_ROW)
#undef AKG_REG_ROW
};

constexpr const RegOpRow& RowOf(RegOp op) { return kRegOpRows[size_t(op)]; }

// A register instruction inside a SIMD VF: the cost model charges its steps only; the VF's
// asc_vf_call pays the vector start.
inline Instr::Instr(RegOp op, const void* caller)
    : Instr(InstrRow{RowOf(op).name, RowOf(op).name, Pipe::V, Timing::VfStep, SyncKind::None, RowOf(op).cost,
                     TypeSet::Checked},
            RowOf(op).name, Pipe::V, caller) {}

// Whether the register instruction OP accepts element type T (the headers' static_assert).
template <RegOp OP, typename T>
inline constexpr bool kRegAccepts = false;
#define AKG_REG_ACCEPTS(NAME, COST, TYPES) \
    template <typename T>                   \
    inline constexpr bool kRegAccepts<RegOp::NAME, T> = kOneOf<T, AKG_TABLE_UNPAREN TYPES>;
AKG_REG_TABLE(AKG_REG_ACCEPTS)
#undef AKG_REG_ACCEPTS
inline constexpr VecOpTypes kRegOpTypes[] = {
#define AKG_REG_TYPES(NAME, COST, TYPES) \
    {kDTypeList<AKG_TABLE_UNPAREN TYPES>, sizeof(kDTypeList<AKG_TABLE_UNPAREN TYPES>) / sizeof(DType)},
    AKG_REG_TABLE(AKG_REG_TYPES)
#undef AKG_REG_TYPES
};

// Element types per SoC. The SoC generations whose lists differ in what the headers encode:
// Atlas A2/A3 (with the earlier SoCs) and Ascend 950 (arch 3510). A kernel is compiled for one
// (__NPU_ARCH__); the simulator library and the tests name the SoC explicitly.
enum class TypeSoc : uint8_t { A2A3, Ascend950, COUNT };
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
inline constexpr TypeSoc kKernelTypeSoc = TypeSoc::Ascend950;
#else
inline constexpr TypeSoc kKernelTypeSoc = TypeSoc::A2A3;
#endif

// The rows of AKG_INSTR_TABLE whose TYPES is PerSoc: X(ID, (A2/A3 TYPES...), (Ascend 950 TYPES...)).
// The GM fills: their pages list the 8- and 64-bit integers on Ascend 950 only.
#define AKG_INSTR_SOC_TYPES_TABLE(X)                                                                    \
    X(InitGlobalMemory, (uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t, float),                \
      (uint8_t, int8_t, uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t, float, uint64_t, int64_t)) \
    X(InitOutput, (uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t, float),                      \
      (uint8_t, int8_t, uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t, float, uint64_t, int64_t)) \
    X(Fill, (uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t, float),                            \
      (uint8_t, int8_t, uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t, float, uint64_t, int64_t))

// Whether the row ID accepts element type T on SoC S (the public API's static_assert); a row
// without per-SoC lists accepts nothing here.
template <InstrId ID, TypeSoc S, typename T>
inline constexpr bool kInstrAccepts = false;
#define AKG_SOC_ACCEPTS(ID, TYPES_A2A3, TYPES_950)                                                           \
    template <typename T>                                                                                    \
    inline constexpr bool kInstrAccepts<InstrId::ID, TypeSoc::A2A3, T> = kOneOf<T, AKG_TABLE_UNPAREN TYPES_A2A3>; \
    template <typename T>                                                                                    \
    inline constexpr bool kInstrAccepts<InstrId::ID, TypeSoc::Ascend950, T> = kOneOf<T, AKG_TABLE_UNPAREN TYPES_950>;
AKG_INSTR_SOC_TYPES_TABLE(AKG_SOC_ACCEPTS)
#undef AKG_SOC_ACCEPTS

// Each per-SoC row's lists as DType values, for the table walk test.
struct InstrSocTypes {
    InstrId id;
    VecOpTypes types[size_t(TypeSoc::COUNT)];
};
inline constexpr InstrSocTypes kInstrSocTypes[] = {
#define AKG_SOC_TYPES(ID, TYPES_A2A3, TYPES_950)                                                                   \
    {InstrId::ID,                                                                                                  \
     {{kDTypeList<AKG_TABLE_UNPAREN TYPES_A2A3>, sizeof(kDTypeList<AKG_TABLE_UNPAREN TYPES_A2A3>) / sizeof(DType)}, \
      {kDTypeList<AKG_TABLE_UNPAREN TYPES_950>, sizeof(kDTypeList<AKG_TABLE_UNPAREN TYPES_950>) / sizeof(DType)}}},
    AKG_INSTR_SOC_TYPES_TABLE(AKG_SOC_TYPES)
#undef AKG_SOC_TYPES
};

}  // namespace akg::sim
